import { DAY_MS, trustedAddresses, type ClickRanking } from './clickRanking.ts';

/** Documents read per keyword: past the most clicked few, boosts are too small to matter. */
export const BOOSTED_MAX = 50;
/**
 * A keyword searched more needs more clients: one for every this many of its (decayed)
 * searches, `minAddresses` at least. A few addresses may vote for a rare keyword; on a
 * popular one, three forged clients are lost among the real ones.
 */
export const SEARCHES_PER_CLIENT = 100;
/** Multipliers closer to 1 than this are left out: they would only cost the search time. */
const NEGLIGIBLE = 0.01;

/**
 * The decayed weights a store keeps for one (normalised) keyword, in log2 form (see
 * sqliteStatsRollups.ts): `searchesLw` of its searches (null: never searched), and of
 * the clicks counted for ranking on each document that enough clients clicked (see
 * KeywordWeightsParams), the `BOOSTED_MAX` heaviest.
 */
export interface KeywordWeights {
  searchesLw: number | null;
  /** `clients`: the address groups whose clicks counted for the document. */
  clicks: ReadonlyArray<{ docid: string; lw: number; clients: number }>;
}

/** Score multipliers by document id (see clickBoosts), with the address groups behind each. */
export class ClickBoosts extends Map<string, number> {
  /** The address groups whose clicks raised each document. */
  readonly groups = new Map<string, number>();
  /** The most places each boost may move its document up: boosts too few groups agree on (see ClickRanking.maxPlaces). */
  readonly maxPlaces = new Map<string, number>();
}

/**
 * Score multipliers for the documents clicked for a keyword, as of `now`. A document's
 * share is its decayed clicks over the keyword's decayed searches plus `smoothing`; the
 * multiplier is `1 + maxBoost * min(1, share)`, so it is bounded, a handful of clicks on
 * a rare keyword moves little, and old clicks fade with the half-life. Only clicks that
 * followed a search of the same session count, each client and session once a day (see
 * clickRanking.ts), and a document needs clicks from enough clients before it is raised
 * at all (see KeywordWeightsParams); until many more agree, its boost moves it a bounded
 * number of places (`maxPlaces`, applied where the ranking knows the places).
 */
export function clickBoosts(weights: KeywordWeights, now: number, ranking: ClickRanking): ClickBoosts {
  const boosts = new ClickBoosts();
  const trusted = trustedAddresses(ranking);
  const nowLw = now / (ranking.halfLifeDays * DAY_MS);
  const searches = weights.searchesLw === null ? 0 : 2 ** Math.min(weights.searchesLw - nowLw, 60);
  for (const { docid, lw, clients } of weights.clicks) {
    const clicks = 2 ** Math.min(lw - nowLw, 60);
    const share = clicks / (searches + ranking.smoothing);
    const boost = ranking.maxBoost * Math.min(1, share);
    if (boost < NEGLIGIBLE) continue;
    boosts.set(docid, 1 + boost);
    boosts.groups.set(docid, clients);
    if (clients < trusted) boosts.maxPlaces.set(docid, ranking.maxPlaces);
  }
  return boosts;
}

/**
 * What the statement that reads a keyword's weights binds. The stores read them in one
 * statement: the searches' weight, and beside it the clicked documents of enough
 * clients, where enough is `minClients`, and one client for every `searchesPerClient`
 * of the keyword's decayed searches (`nowLw`: now in half-lives, as the weights are kept).
 */
export interface KeywordWeightsParams {
  keyword: string;
  nowLw: number;
  minClients: number;
  searchesPerClient: number;
  limit: number;
}

export function keywordWeightsParams(keyword: string, now: number, ranking: ClickRanking): KeywordWeightsParams {
  return {
    keyword,
    nowLw: now / (ranking.halfLifeDays * DAY_MS),
    minClients: ranking.minAddresses,
    searchesPerClient: SEARCHES_PER_CLIENT,
    limit: BOOSTED_MAX,
  };
}

/** A row of that statement: the searches' weight on each, and one row with no document when none qualifies. */
export interface KeywordWeightsRow {
  searchesLw: number | null;
  docid: string | null;
  lw: number | null;
  clients: number | null;
}

export function keywordWeightsOf(rows: readonly KeywordWeightsRow[]): KeywordWeights {
  const clicks: Array<{ docid: string; lw: number; clients: number }> = [];
  for (const { docid, lw, clients } of rows) if (docid !== null && lw !== null) clicks.push({ docid, lw, clients: Number(clients ?? 0) });
  return { searchesLw: rows[0]?.searchesLw ?? null, clicks };
}
