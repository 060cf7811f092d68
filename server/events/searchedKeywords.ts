import { foldedWords } from '../text/words.ts';

/**
 * A keyword is suggested once this many sessions searched it and found something. The
 * stats endpoint is open to anyone, so one session's repeated searches promote nothing;
 * and a keyword few people typed is not shown to everyone else. Stores' indexes may
 * be defined with it: a new value needs them made again.
 */
export const SEARCHED_MIN_SESSIONS = 3;

/**
 * A lookup reads at most this many keywords. Typed words of one or two letters are
 * looked up among the keywords most searched, not by prefix: they start a good share of
 * all keywords, and finding the most searched of those would read every one of them.
 */
export const KEYWORDS_READ = 2000;
export const SHORT_PREFIX_CHARS = 2;

/** The form keywords are counted and looked up under: folded words, one space apart. */
export function keywordWords(keyword: string): string {
  return foldedWords(keyword).join(' ');
}

/**
 * What typed words (folded; the last one a prefix) are looked up by: the words one
 * space apart, and, for several words, joined too (`set timeout` finds `settimeout`).
 * `short`: one prefix of SHORT_PREFIX_CHARS or fewer, looked up among the KEYWORDS_READ
 * keywords most searched.
 */
export function searchedPrefixes(words: readonly string[]): { prefixes: string[]; short: boolean } {
  const prefixes = words.length > 1 ? [words.join(' '), words.join('')] : [...words];
  return { prefixes, short: prefixes.length === 1 && Array.from(prefixes[0]!).length <= SHORT_PREFIX_CHARS };
}

/**
 * The keywords to suggest from each prefix's matches (each the most sessions first,
 * then by words): all of them, the most sessions first, at most `limit`.
 */
export function mostSearched(perPrefix: ReadonlyArray<ReadonlyArray<{ keyword: string; sessions: number }>>, limit: number): string[] {
  const rows = perPrefix.flat();
  if (perPrefix.length > 1) rows.sort((a, b) => b.sessions - a.sessions);
  return rows.slice(0, limit).map((row) => row.keyword);
}
