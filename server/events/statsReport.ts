import type { StatsReport, StatsReportCounts, StatsReportPositionBucket } from '../../src/client/types.ts';
import { DAY_MS } from './clickRanking.ts';

/** Whole UTC days, by their number since the epoch (`floor(ms / day)`), both inclusive. */
export interface ReportRange {
  fromDay: number;
  toDay: number;
}

/** The report without document titles and click boosts, which the route adds. */
export type ReportData = Omit<StatsReport, 'from' | 'to' | 'tag' | 'topDocuments' | 'clickBoosts'> & {
  topDocuments: Array<{ docid: string; clicks: number }>;
};

/** Positions shown one by one; the rest share a bucket. */
const POSITIONS_APART = 10;

/**
 * Searched often, rarely clicked: a keyword needs this many searches that found
 * something, and fewer than this share of its searches clicked. Fewer searches say too
 * little: two unclicked searches are chance.
 */
export const LOW_CLICK_MIN_SEARCHES = 5;
export const LOW_CLICK_MAX_RATE = 0.1;

/** A row of summed counts. */
export interface CountRow {
  searches: number;
  noHitSearches: number;
  clicks: number;
  clickedSearches: number;
}

/**
 * What a store reads from its daily rollups (see sqliteStatsRollups.ts) for a report:
 * sums over the range's days, of events with the tag asked for (all when null).
 */
export interface ReportRows {
  /** Per day with events. */
  byDay: Array<CountRow & { day: number }>;
  /** Per (normalised) keyword, in any order. */
  byKeyword: Array<CountRow & { keyword: string }>;
  /** Clicks per 1-based position, in any order. */
  byPosition: Array<{ position: number; clicks: number }>;
  /** Per tag ('' for none), most searches first, then by tag. */
  byTag: Array<CountRow & { tag: string }>;
  /** The `limit` most clicked documents, most clicks first, then by id. */
  topDocuments: Array<{ docid: string; clicks: number }>;
}

/**
 * The report's figures from the rows a store summed: every day of the range (empty
 * days too), the totals, the top, no-hit and rarely clicked keywords, the click
 * positions and tags.
 */
export function statsReport(range: ReportRange, rows: ReportRows, limit: number): ReportData {
  const byDay = new Map(rows.byDay.map((r) => [r.day, r]));
  const days: StatsReport['days'] = [];
  for (let day = range.fromDay; day <= range.toDay; day++) {
    days.push({ date: new Date(day * DAY_MS).toISOString().slice(0, 10), ...counts(byDay.get(day)) });
  }
  const total = counts(
    days.reduce<CountRow>(
      (sum, d) => ({
        searches: sum.searches + d.searches,
        noHitSearches: sum.noHitSearches + d.noHitSearches,
        clicks: sum.clicks + d.clicks,
        clickedSearches: sum.clickedSearches + d.clickedSearches,
      }),
      { searches: 0, noHitSearches: 0, clicks: 0, clickedSearches: 0 },
    ),
  );

  const keywords = (count: 'searches' | 'noHitSearches'): StatsReport['topKeywords'] =>
    top(
      rows.byKeyword.filter((row) => row[count] > 0),
      (a, b) => b[count] - a[count] || (a.keyword < b.keyword ? -1 : a.keyword > b.keyword ? 1 : 0),
      limit,
    ).map(({ keyword, ...row }) => ({ keyword, ...counts(row) }));

  // The searches that found something are what a click could have followed; the empty search has no words to fix.
  const found = (row: CountRow) => row.searches - row.noHitSearches;
  const lowClickKeywords = top(
    rows.byKeyword.filter((row) => row.keyword !== '' && found(row) >= LOW_CLICK_MIN_SEARCHES && row.clickedSearches < LOW_CLICK_MAX_RATE * row.searches),
    (a, b) => found(b) - found(a) || (a.keyword < b.keyword ? -1 : a.keyword > b.keyword ? 1 : 0),
    limit,
  ).map(({ keyword, ...row }) => ({ keyword, ...counts(row) }));

  const positions: StatsReportPositionBucket[] = [];
  for (let p = 1; p <= POSITIONS_APART; p++) positions.push({ from: p, to: p, clicks: 0 });
  positions.push({ from: POSITIONS_APART + 1, to: null, clicks: 0 });
  let positionSum = 0;
  let positionClicks = 0;
  for (const { position, clicks } of rows.byPosition) {
    positions[Math.min(position, POSITIONS_APART + 1) - 1]!.clicks += clicks;
    positionSum += position * clicks;
    positionClicks += clicks;
  }

  const tags = rows.byTag.map(({ tag: name, ...row }) => ({ tag: name === '' ? null : name, ...counts(row) }));

  return {
    totals: { ...total, meanClickPosition: positionClicks === 0 ? null : positionSum / positionClicks },
    days,
    topKeywords: keywords('searches'),
    noHitKeywords: keywords('noHitSearches'),
    lowClickKeywords,
    positions,
    topDocuments: rows.topDocuments.map(({ docid, clicks }) => ({ docid, clicks })),
    tags,
  };
}

/** The first `n` of `rows` in `order`, without sorting them all when there are many. */
function top<T>(rows: T[], order: (a: T, b: T) => number, n: number): T[] {
  const best: T[] = [];
  for (const row of rows) {
    if (best.length === n && order(row, best[n - 1]!) >= 0) continue;
    let i = best.length < n ? best.length : n - 1;
    while (i > 0 && order(row, best[i - 1]!) < 0) i--;
    best.splice(i, 0, row);
    if (best.length > n) best.pop();
  }
  return best;
}

function counts(row: CountRow | undefined): StatsReportCounts {
  const searches = row?.searches ?? 0;
  const clickedSearches = row?.clickedSearches ?? 0;
  return {
    searches,
    noHitSearches: row?.noHitSearches ?? 0,
    clicks: row?.clicks ?? 0,
    clickedSearches,
    clickThroughRate: searches === 0 ? null : Math.min(1, clickedSearches / searches),
  };
}
