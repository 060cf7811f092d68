import type { StatementCache } from '../engine/statementCache.ts';
import { DAY_MS, type ClickRanking } from './clickRanking.ts';

/** Documents read per keyword: past the most clicked few, boosts are too small to matter. */
const BOOSTED_MAX = 50;
/** Multipliers closer to 1 than this are left out: they would only cost the search time. */
const NEGLIGIBLE = 0.01;

/**
 * Score multipliers for the documents clicked for a (normalised) keyword, as of `now`.
 * A document's share is its decayed clicks over the keyword's decayed searches plus
 * `smoothing`; the multiplier is `1 + maxBoost * min(1, share)`, so it is bounded, a
 * handful of clicks on a rare keyword moves little, and old clicks fade with the
 * half-life. Only clicks that followed a search of the same session count, each client
 * and session once a day (see StatsRollups), and a document needs clicks from
 * `minAddresses` clients before it is raised at all. Weights are kept decayed in log2
 * form.
 */
export function clickBoosts(statements: StatementCache, keyword: string, now: number, ranking: ClickRanking): Map<string, number> {
  const boosts = new Map<string, number>();
  const nowLw = now / (ranking.halfLifeDays * DAY_MS);
  const searchesLw = statements.get('SELECT lw FROM keyword_searches WHERE keyword = ?').pluck().get(keyword) as number | undefined;
  const searches = searchesLw === undefined ? 0 : 2 ** Math.min(searchesLw - nowLw, 60);
  const rows = statements
    .get('SELECT docid, lw FROM keyword_clicks WHERE keyword = ? AND clients >= ? ORDER BY lw DESC LIMIT ?')
    .all(keyword, ranking.minAddresses, BOOSTED_MAX) as Array<{ docid: string; lw: number }>;
  for (const { docid, lw } of rows) {
    const clicks = 2 ** Math.min(lw - nowLw, 60);
    const share = clicks / (searches + ranking.smoothing);
    const boost = ranking.maxBoost * Math.min(1, share);
    if (boost >= NEGLIGIBLE) boosts.set(docid, 1 + boost);
  }
  return boosts;
}
