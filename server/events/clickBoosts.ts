import { DAY_MS, type ClickRanking } from './clickRanking.ts';

/** Documents read per keyword: past the most clicked few, boosts are too small to matter. */
export const BOOSTED_MAX = 50;
/** Multipliers closer to 1 than this are left out: they would only cost the search time. */
const NEGLIGIBLE = 0.01;

/**
 * The decayed weights a store keeps for one (normalised) keyword, in log2 form (see
 * sqliteStatsRollups.ts): `searchesLw` of its searches (null: never searched), and of
 * the clicks counted for ranking on each document that `minAddresses` clients or more
 * clicked, the `BOOSTED_MAX` heaviest.
 */
export interface KeywordWeights {
  searchesLw: number | null;
  clicks: ReadonlyArray<{ docid: string; lw: number }>;
}

/**
 * Score multipliers for the documents clicked for a keyword, as of `now`. A document's
 * share is its decayed clicks over the keyword's decayed searches plus `smoothing`; the
 * multiplier is `1 + maxBoost * min(1, share)`, so it is bounded, a handful of clicks on
 * a rare keyword moves little, and old clicks fade with the half-life. Only clicks that
 * followed a search of the same session count, each client and session once a day (see
 * clickRanking.ts), and a document needs clicks from `minAddresses` clients before it is
 * raised at all.
 */
export function clickBoosts(weights: KeywordWeights, now: number, ranking: ClickRanking): Map<string, number> {
  const boosts = new Map<string, number>();
  const nowLw = now / (ranking.halfLifeDays * DAY_MS);
  const searches = weights.searchesLw === null ? 0 : 2 ** Math.min(weights.searchesLw - nowLw, 60);
  for (const { docid, lw } of weights.clicks) {
    const clicks = 2 ** Math.min(lw - nowLw, 60);
    const share = clicks / (searches + ranking.smoothing);
    const boost = ranking.maxBoost * Math.min(1, share);
    if (boost >= NEGLIGIBLE) boosts.set(docid, 1 + boost);
  }
  return boosts;
}
