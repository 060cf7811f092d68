/**
 * An index's word settings: stop words, which a query of other words need not match,
 * synonyms, which a query word also matches, and how far a word may be corrected. Set per
 * index in the config file and through the settings API.
 */
import type { TypoSettings } from '../../src/client/types.ts';
import { foldedWords } from '../text/words.ts';
import { DEFAULT_TYPO_SETTINGS, type TypoRules } from './fuzzyDistance.ts';

/** A two-way group (each entry finds the others) or a one-way rule (`from` finds `to`, not back). */
export type SynonymSetting = string[] | { from: string; to: string[] };

export interface WordSettings {
  /** Replaces the built-in English list; `[]` turns stop words off. */
  stopWords?: string[];
  synonyms?: SynonymSetting[];
  typos?: Partial<TypoSettings>;
}

/** Word settings ready for queries: folded, phrases as word lists. */
export interface WordRules {
  stopWords: ReadonlySet<string>;
  /** Keyed by the folded words of an entry joined by one space. */
  synonyms: ReadonlyMap<string, ReadonlyArray<readonly string[]>>;
  typos: TypoRules;
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
  const { minWordLengthForOneTypo, minWordLengthForTwoTypos, disableOnWords } = { ...DEFAULT_TYPO_SETTINGS, ...settings.typos };
  const typos = { minWordLengthForOneTypo, minWordLengthForTwoTypos, never: new Set(disableOnWords.flatMap((word) => foldedWords(word))) };
  return { stopWords, synonyms, typos };
}
