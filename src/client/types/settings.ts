// An index's settings: ranking, synonyms, stop words, typos, what it learns from
// searches and clicks, and when the service recrawls its site.

import type { CrawlJobRequest } from './crawls.ts';

/** How near a typed word may be to an indexed one. */
export interface TypoSettings {
  /** Words shorter than this are never corrected. */
  minWordLengthForOneTypo: number;
  /** Words shorter than this take at most one typo. */
  minWordLengthForTwoTypos: number;
  /** Words matched only as typed. */
  disableOnWords: string[];
}

/** How far a user's own clicks move their results (personal results by `userToken`). */
export interface PersonalizationImpact {
  /** 0-100: how far a profile may move results; 0 turns personal results off. @default 50 */
  impact: number;
}

/** When a searched keyword is suggested to everyone, and words never suggested. */
export interface SuggestionSettings {
  /** Distinct sessions that searched a keyword (with results, in the last 30 days). @default 5 */
  minSessions: number;
  /** Distinct client addresses they searched from. @default 3 */
  minAddresses: number;
  /** Words never suggested, case and accents aside. @default [] */
  blockedWords: string[];
}

/** An index's settings (`GET`/`PATCH /v2/indices/{key}/settings`): ranking, and what it learns from searches and clicks. */
export interface IndexSettings {
  /** The ranking rules in order (`words`, `typo`, ..., `asc(custom_fields.NAME)`). */
  rules: string[];
  /** `asc(custom_fields.NAME)` / `desc(...)` rules placed before `bm25`. */
  customRanking: string[];
  /** Groups of equivalent words, or one-way `{from, to}` entries. */
  synonyms: Array<string[] | { from: string; to: string[] }>;
  stopWords: string[];
  typos: TypoSettings;
  personalization: PersonalizationImpact;
  suggestions: SuggestionSettings;
  /** The site crawl the service starts on its own, and how often; null when none. @default null */
  crawlSchedule: CrawlSchedule | null;
}

/**
 * A recrawl on schedule: the options of a site crawl (`POST .../crawls`) and its interval.
 * A crawl is due once `every` has passed since the index's latest crawl was started (by
 * hand, by a deploy hook or by the schedule), and none is under way.
 */
export interface CrawlSchedule extends Omit<CrawlJobRequest, 'dryRun' | 'changed' | 'since'> {
  /** `30m`, `6h`, `1d`: minutes, hours or days; at least 5 minutes. */
  every: string;
}

/** A `PATCH` of the settings: the fields given replace the stored ones (the grouped ones field by field). */
export type IndexSettingsPatch = Partial<Omit<IndexSettings, 'typos' | 'personalization' | 'suggestions'>> & {
  typos?: Partial<TypoSettings>;
  personalization?: Partial<PersonalizationImpact>;
  suggestions?: Partial<SuggestionSettings>;
  /** Replaces the schedule whole; null removes it. */
  crawlSchedule?: CrawlSchedule | null;
};
