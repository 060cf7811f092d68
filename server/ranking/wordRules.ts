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

/**
 * Synonyms one entry (a query word or phrase) may stand for, the first given: a dense list
 * (overlapping groups of 100 words) gave a word thousands, and each is a word the engine
 * matches.
 */
export const SYNONYMS_PER_WORD_MAX = 50;

export function resolveWordRules(settings: WordSettings = {}): WordRules {
  const stopWords = new Set((settings.stopWords ?? ENGLISH_STOP_WORDS).flatMap((word) => foldedWords(word)));
  const synonyms = new Map<string, Array<readonly string[]>>();
  // Each entry folded once, and each list's entries kept in a set: the settings are
  // resolved as they are taken, in time linear in their size.
  const folded = new Map<string, { words: string[]; joined: string }>();
  const fold = (text: string) => {
    let entry = folded.get(text);
    if (entry === undefined) {
      const words = foldedWords(text);
      folded.set(text, (entry = { words, joined: words.join(' ') }));
    }
    return entry;
  };
  const seen = new Map<string, Set<string>>();
  const link = (from: string, to: string) => {
    const key = fold(from).joined;
    const { words, joined } = fold(to);
    if (key === '' || words.length === 0 || joined === key) return;
    let known = seen.get(key);
    if (known === undefined) seen.set(key, (known = new Set()));
    if (known.size >= SYNONYMS_PER_WORD_MAX || known.has(joined)) return;
    known.add(joined);
    const list = synonyms.get(key) ?? [];
    list.push(words);
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
