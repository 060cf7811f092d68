/**
 * An index's word settings: stop words, which a query of other words need not match,
 * and synonyms, which a query word also matches. Set per index in the config file.
 */
import { foldedWords } from '../text/words.ts';

/** A two-way group (each entry finds the others) or a one-way rule (`from` finds `to`, not back). */
export type SynonymSetting = string[] | { from: string; to: string[] };

export interface WordSettings {
  /** Replaces the built-in English list; `[]` turns stop words off. */
  stopWords?: string[];
  synonyms?: SynonymSetting[];
}

/** Word settings ready for queries: folded, phrases as word lists. */
export interface WordRules {
  stopWords: ReadonlySet<string>;
  /** Keyed by the folded words of an entry joined by one space. */
  synonyms: ReadonlyMap<string, ReadonlyArray<readonly string[]>>;
}

/**
 * Function words that carry no topic in English questions ("how do I use the fetch
 * API"). Kept short: a word that can name a thing (`use`, `set`, `get`, `new`) is not here.
 */
export const ENGLISH_STOP_WORDS: readonly string[] = [
  'a',
  'an',
  'and',
  'are',
  'as',
  'at',
  'be',
  'by',
  'can',
  'do',
  'does',
  'for',
  'from',
  'how',
  'i',
  'in',
  'is',
  'it',
  'my',
  'of',
  'on',
  'or',
  'the',
  'to',
  'what',
  'when',
  'where',
  'which',
  'why',
  'with',
  'you',
];

export function resolveWordRules(settings: WordSettings = {}): WordRules {
  const stopWords = new Set((settings.stopWords ?? ENGLISH_STOP_WORDS).flatMap((word) => foldedWords(word)));
  const synonyms = new Map<string, Array<readonly string[]>>();
  const link = (from: string, to: string) => {
    const key = foldedWords(from).join(' ');
    const words = foldedWords(to);
    if (key === '' || words.length === 0 || words.join(' ') === key) return;
    const list = synonyms.get(key) ?? [];
    if (!list.some((entry) => entry.join(' ') === words.join(' '))) list.push(words);
    synonyms.set(key, list);
  };
  for (const setting of settings.synonyms ?? []) {
    if (Array.isArray(setting)) for (const from of setting) for (const to of setting) link(from, to);
    else for (const to of setting.to) link(setting.from, to);
  }
  return { stopWords, synonyms };
}

/** Checks word settings from a config file; throws an Error that names the setting at fault. */
export function checkWordSettings(value: unknown, where: string): WordSettings {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${where} must be an object`);
  const record = value as Record<string, unknown>;
  const settings: WordSettings = {};
  for (const key of Object.keys(record)) {
    if (key !== 'stopWords' && key !== 'synonyms') throw new Error(`${where} has an unknown key '${key}' (rules, customRanking, stopWords, synonyms)`);
  }
  if (record.stopWords !== undefined) {
    if (!isStrings(record.stopWords)) throw new Error(`${where}.stopWords must be an array of words`);
    settings.stopWords = record.stopWords;
  }
  if (record.synonyms !== undefined) {
    if (!Array.isArray(record.synonyms)) throw new Error(`${where}.synonyms must be an array`);
    settings.synonyms = record.synonyms.map((entry: unknown, i): SynonymSetting => {
      if (isStrings(entry) && entry.length >= 2) return entry;
      const rule = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
      if (typeof rule.from === 'string' && isStrings(rule.to) && rule.to.length > 0) return { from: rule.from, to: rule.to };
      throw new Error(`${where}.synonyms[${i}] must be ["word", "other word", ...] (two-way) or {"from": "word", "to": ["other"]} (one-way)`);
    });
  }
  return settings;
}

function isStrings(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string' && item.trim() !== '');
}
