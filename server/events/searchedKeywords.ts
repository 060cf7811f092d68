import { foldedWords } from '../text/words.ts';
import { DAY_MS } from './clickRanking.ts';

/**
 * When a searched keyword is suggested to everyone: once this many sessions, from this
 * many client addresses (more on a keyword of many sessions, see SESSIONS_PER_ADDRESS),
 * searched it and found something within the last SEARCHED_WINDOW_DAYS, on two days at
 * least. The stats and search endpoints are open to anyone and a session
 * is whatever the caller says, so sessions alone promote nothing: one machine inventing
 * sessions counts as one address (IPv6: one /48, as click votes count). Events stored by
 * code in the process have no address; each of their sessions stands for one.
 */
export interface SuggestedKeywordRule {
  /** @default 5 */
  minSessions: number;
  /** @default 3 */
  minAddresses: number;
}

export const DEFAULT_SUGGESTED_KEYWORD_RULE: Readonly<SuggestedKeywordRule> = { minSessions: 5, minAddresses: 3 };

/** Searches older than this many days no longer count towards a suggestion. */
export const SEARCHED_WINDOW_DAYS = 30;

/** The first UTC day (days since the epoch) whose searches still count at `now`. */
export function searchedWindowStart(now: number): number {
  return Math.floor(now / DAY_MS) - SEARCHED_WINDOW_DAYS + 1;
}

/**
 * Who a search counts as, among a keyword's addresses: the keyed hash of the sender's
 * address, or its session for events stored by code in the process (`client` null);
 * null when the sender is unknown (events kept from before senders were recorded).
 */
export function searchAddress(client: string | null, session: string): string | null {
  if (client === '') return null;
  return client ?? `s${session}`;
}

/**
 * A keyword searched more needs more addresses: one for every this many of its sessions,
 * `minAddresses` at least. Sessions are whatever a caller says, so a few addresses
 * inventing many of them are not a crowd.
 */
export const SESSIONS_PER_ADDRESS = 10;

/**
 * The SQL that says whether a keyword's counts make it a suggestion, over the expressions
 * given for its sessions, addresses, first and last day searched, and the rule's two
 * minimums; what isSuggested says. It also needs searches on two UTC days at least (by
 * the app clock's days): a burst of one afternoon, however many addresses it comes from,
 * is not yet what visitors search for.
 */
export function suggestedSql(sessions: string, addresses: string, firstDay: string, lastDay: string, minSessions: string, minAddresses: string): string {
  const [s, a, first, last] = [sessions, addresses, firstDay, lastDay].map((expression) => `(${expression})`);
  return `(${s} >= ${minSessions} AND ${a} >= ${minAddresses} AND ${a} * ${SESSIONS_PER_ADDRESS} >= ${s} AND ${last} > ${first})`;
}

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
