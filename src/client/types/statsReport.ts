// The reference service's reading of the stats events: the owner's report and the
// fixes it proposes.

/** Query of `GET /v2/indices/{key}/stats/report` (an addition of the reference service). */
export interface StatsReportParams {
  /** First UTC day, `yyyy-MM-dd`, inclusive. @default 29 days before `to` */
  from?: string;
  /** Last UTC day, `yyyy-MM-dd`, inclusive; at most 366 days after `from`. @default today (UTC) */
  to?: string;
  /** Only events with this tag (`analyticsTag`); an empty string: only events without one. */
  tag?: string;
  /** Rows of each top list, 1-100. @default 20 */
  limit?: number;
}

/** Searches and clicks counted together; rates are null where nothing was searched. */
export interface StatsReportCounts {
  searches: number;
  /** Searches with `numberOfResults` 0. */
  noHitSearches: number;
  clicks: number;
  /** Searches followed by at least one click with the same session and keyword within 30 minutes. */
  clickedSearches: number;
  /** `clickedSearches / searches`, from 0 to 1; null without searches. */
  clickThroughRate: number | null;
}

/** One UTC day of a stats report; days without events are there with zeros. */
export interface StatsReportDay extends StatsReportCounts {
  /** `yyyy-MM-dd`. */
  date: string;
}

/** A keyword (trimmed, lower case, spaces collapsed) and its counts. */
export interface StatsReportKeyword extends StatsReportCounts {
  keyword: string;
}

/** Clicks at positions `from` to `to` (inclusive; `to` null: and beyond). */
export interface StatsReportPositionBucket {
  from: number;
  to: number | null;
  clicks: number;
}

/**
 * A clicked document; `title` and `url` are null when the index no longer has it. A
 * clicked promotion card names its query rule in `promotion`, with the card's `title`
 * and `url` while the rule still has it.
 */
export interface StatsReportDocument {
  docid: string;
  clicks: number;
  title: string | null;
  url: string | null;
  /** The rule and the card's place among its `promotions` (from 0), for a promotion's id. */
  promotion?: { ruleId: string; n: number };
}

/** The counts of one `tag`; null is events without a tag. */
export interface StatsReportTag extends StatsReportCounts {
  tag: string | null;
}

/** Answer of `GET /v2/indices/{key}/stats/report` (an addition of the reference service). */
export interface StatsReport {
  from: string;
  to: string;
  /** The `tag` asked for, else null (every event). */
  tag: string | null;
  totals: StatsReportCounts & {
    /** Mean 1-based position of the clicks; null without clicks. */
    meanClickPosition: number | null;
  };
  days: StatsReportDay[];
  /** Most searched first. */
  topKeywords: StatsReportKeyword[];
  /** Most no-hit searches first. */
  noHitKeywords: StatsReportKeyword[];
  /**
   * Searched often, rarely clicked: keywords with at least 5 searches that found
   * something, under 10% of their searches clicked; most such searches first.
   */
  lowClickKeywords: StatsReportKeyword[];
  /** Positions 1 to 10 one by one, then 11 and beyond. */
  positions: StatsReportPositionBucket[];
  /** Most clicked first. */
  topDocuments: StatsReportDocument[];
  /** Most searched first. */
  tags: StatsReportTag[];
  /**
   * The documents clicks raise for the report's top keywords, as of the request (click
   * weights decay; they are not a count over the range), with the address groups behind
   * each: in the order of `topKeywords`, then the largest boost first.
   */
  clickBoosts: StatsReportBoost[];
}

/** A document raised for a keyword by clicks (see StatsReport.clickBoosts). */
export interface StatsReportBoost {
  keyword: string;
  docid: string;
  /** Null when the document is no longer indexed. */
  title: string | null;
  url: string | null;
  /** The multiplier of its relevance score, above 1. */
  boost: number;
  /** Distinct address groups (IPv4 /24, IPv6 /48) whose clicks raised it. */
  groups: number;
  /** The most places the boost moves it up while too few groups agree (`clickRanking.maxPlaces`); null once enough do. */
  maxPlaces: number | null;
}

/**
 * A fix the analytics suggest (an addition of the reference service): visitors searched
 * `from` and found nothing or clicked nothing, then within minutes searched `to` and
 * clicked a result. `synonym`: make `from` find what `to` finds; `pin`: put document `id`
 * (clicked after searching `to`) first for `from`. Nothing is applied: the owner decides.
 */
export interface StatsProposal {
  kind: 'synonym' | 'pin';
  from: string;
  to: string;
  /** The clicked document; for `pin` only. */
  id?: string;
  /** Distinct sessions that made this pair. */
  sessions: number;
  /** Distinct client addresses those sessions came from. */
  addresses: number;
  /** Distinct address groups (IPv4 /24, IPv6 /48) those addresses are in: what the thresholds count. */
  groups: number;
  /** Distinct UTC days the pair was made on. */
  days: number;
}

/** Parameters of `GET /v2/indices/{key}/stats/proposals`. */
export interface StatsProposalsParams {
  /** Most proposals answered, 1-100. @default 50 */
  limit?: number;
}

/** Answer of `GET /v2/indices/{key}/stats/proposals` (an addition of the reference service): the most sessions first. */
export interface StatsProposals {
  proposals: StatsProposal[];
}
