import type { StatsReport, StatsReportCounts, StatsReportPositionBucket } from '../../src/client/types.ts';
import type { StatementCache } from '../engine/statementCache.ts';
import { DAY_MS } from './clickRanking.ts';

/** Whole UTC days, by their number since the epoch (`floor(ms / day)`), both inclusive. */
export interface ReportRange {
  fromDay: number;
  toDay: number;
}

/** The report without document titles, which the index adds. */
export type ReportData = Omit<StatsReport, 'from' | 'to' | 'tag' | 'topDocuments'> & {
  topDocuments: Array<{ docid: string; clicks: number }>;
};

/** Positions shown one by one; the rest share a bucket. */
const POSITIONS_APART = 10;

interface CountRow {
  searches: number;
  noHitSearches: number;
  clicks: number;
  clickedSearches: number;
}

const SUMS = 'sum(searches) AS searches, sum(no_hits) AS noHitSearches, sum(clicks) AS clicks, sum(clicked_searches) AS clickedSearches';

/**
 * The report's figures from the daily rollups (StatsRollups): a scan of the range's
 * rows of `daily_*`, never of the events, so it stays quick with millions of events.
 * `tag` null: every event; '' only those without a tag.
 */
export function statsReport(statements: StatementCache, range: ReportRange, tag: string | null, limit: number): ReportData {
  const where = `day BETWEEN ? AND ?${tag === null ? '' : ' AND tag = ?'}`;
  const params: Array<number | string> = tag === null ? [range.fromDay, range.toDay] : [range.fromDay, range.toDay, tag];
  const all = <T>(sql: string, ...extra: Array<number | string>): T[] => statements.get(sql).all(...params, ...extra) as T[];

  const byDay = new Map(all<CountRow & { day: number }>(`SELECT day, ${SUMS} FROM daily_totals WHERE ${where} GROUP BY day`).map((r) => [r.day, r]));
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

  // One pass over the range's keyword rows for both top lists.
  const byKeyword = all<CountRow & { keyword: string }>(`SELECT keyword, ${SUMS} FROM daily_keywords WHERE ${where} GROUP BY keyword`);
  const keywords = (count: 'searches' | 'noHitSearches'): StatsReport['topKeywords'] =>
    top(
      byKeyword.filter((row) => row[count] > 0),
      (a, b) => b[count] - a[count] || (a.keyword < b.keyword ? -1 : a.keyword > b.keyword ? 1 : 0),
      limit,
    ).map(({ keyword, ...row }) => ({ keyword, ...counts(row) }));

  const positionRows = all<{ position: number; clicks: number }>(
    `SELECT position, sum(clicks) AS clicks FROM daily_positions WHERE ${where} GROUP BY position`,
  );
  const positions: StatsReportPositionBucket[] = [];
  for (let p = 1; p <= POSITIONS_APART; p++) positions.push({ from: p, to: p, clicks: 0 });
  positions.push({ from: POSITIONS_APART + 1, to: null, clicks: 0 });
  let positionSum = 0;
  let positionClicks = 0;
  for (const { position, clicks } of positionRows) {
    positions[Math.min(position, POSITIONS_APART + 1) - 1]!.clicks += clicks;
    positionSum += position * clicks;
    positionClicks += clicks;
  }

  const tags = all<CountRow & { tag: string }>(`SELECT tag, ${SUMS} FROM daily_totals WHERE ${where} GROUP BY tag ORDER BY searches DESC, tag`).map(
    ({ tag: name, ...row }) => ({ tag: name === '' ? null : name, ...counts(row) }),
  );

  return {
    totals: { ...total, meanClickPosition: positionClicks === 0 ? null : positionSum / positionClicks },
    days,
    topKeywords: keywords('searches'),
    noHitKeywords: keywords('noHitSearches'),
    positions,
    topDocuments: all<{ docid: string; clicks: number }>(
      `SELECT docid, sum(clicks) AS clicks FROM daily_documents WHERE ${where} GROUP BY docid ORDER BY clicks DESC, docid LIMIT ?`,
      limit,
    ),
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
