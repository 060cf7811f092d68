/**
 * The page stage's part for query rules: the positions the rules claim (pinned documents,
 * promotions), which organic rows the engine is asked for so that the page around the
 * claims is exact, and the placing of the page.
 */
import type { IndexReader, PageRow, SearchQuery } from '../engine/engine.ts';
import type { PlacedPromotion, RuleEffects } from './queryRules.ts';

/**
 * Pages with pins and promotions up to this many places deep are placed exactly; past
 * it, a pinned document that ranked on an earlier page shifts the page by one place.
 */
export const EXACT_PLACES_MAX = 1_500;

/** What a rule puts at a 1-based position of the whole answer. */
export type RuleClaim = { kind: 'pinned'; rowid: number; ruleId: string } | { kind: 'promotion'; promotion: PlacedPromotion };

export type PlacedRow = { kind: 'organic' | 'pinned'; rowid: number; score: number } | { kind: 'promotion'; promotion: PlacedPromotion; score: number };

/**
 * Where the organic rows of a page start when rules claim positions: every claim at or
 * before the page's first position takes a place an organic row would have had.
 */
export function organicOffset(offset: number, claims: ReadonlyMap<number, RuleClaim>): number {
  let before = 0;
  for (const position of claims.keys()) if (position <= offset) before++;
  return Math.max(0, offset - before);
}

/**
 * The page stage with query rules: pinned documents and promotions at their positions,
 * the organic rows (from organicOffset on, without the pinned documents) in the places
 * left. Claims past the last organic row follow it in position order. A relevance page's
 * scores are its places (see placePage); on a sorted page a claimed row scores as such a
 * place too.
 */
export function placeRules(
  organic: readonly PageRow[],
  claims: ReadonlyMap<number, RuleClaim>,
  offset: number,
  limit: number,
  byRelevance: boolean,
): PlacedRow[] {
  const page: PlacedRow[] = [];
  let next = 0;
  const used = new Set<number>();
  const claimed = (claim: RuleClaim, score: number): PlacedRow =>
    claim.kind === 'pinned' ? { kind: 'pinned', rowid: claim.rowid, score } : { kind: 'promotion', promotion: claim.promotion, score };
  for (let position = offset + 1; page.length < limit; position++) {
    const place = 1 / position;
    const claim = claims.get(position);
    if (claim !== undefined) {
      used.add(position);
      page.push(claimed(claim, place));
      continue;
    }
    const row = organic[next++];
    if (row !== undefined) {
      page.push({ kind: 'organic', rowid: row.rowid, score: byRelevance ? place : row.score });
      continue;
    }
    // No organic row is left: the later claims close the answer, in position order.
    const later = [...claims].filter(([p]) => p > position && !used.has(p)).sort(([a], [b]) => a - b);
    for (const [, claim] of later) {
      if (page.length >= limit) break;
      page.push(claimed(claim, 1 / (offset + page.length + 1)));
    }
    break;
  }
  return page;
}

/** A search's placement of what the rules claim, decided before the engine is asked. */
export interface RulePlacement {
  /**
   * The search as the engine is asked it. With claims, the page's organic rows start
   * earlier (claims took places) and a pinned document leaves a gap where it ranked: the
   * window reads from the first row, up to EXACT_PLACES_MAX places, else from the page's
   * organic start.
   */
  window: SearchQuery;
  /** Each pinned document by rowid, with the rule and position that placed it. */
  pins: ReadonlyMap<number, { ruleId: string; position: number }>;
  /** The page: the window's organic rows (as placePage put them) without the pinned documents, with the claims placed. */
  place(organic: readonly PageRow[], byRelevance: boolean): PlacedRow[];
  /** How many pinned documents none of `seen` holds: those the words did not match, which add to the count. */
  unmatchedPins(seen: Iterable<PageRow>): number;
}

/**
 * The placement of a search's claims: promotions, and pinned documents that pass the
 * search's conditions (language, category, dates, filters; not hidden). Without effects
 * (`resultType=organic`), nothing is claimed and the window is the search itself.
 */
export async function placeClaims(reader: Pick<IndexReader, 'passing'>, query: SearchQuery, effects: RuleEffects | null): Promise<RulePlacement> {
  const claims = await ruleClaims(reader, query, effects);
  const pins = new Map(
    [...claims].flatMap(([position, claim]) => (claim.kind === 'pinned' ? [[claim.rowid, { ruleId: claim.ruleId, position }] as const] : [])),
  );
  const start = organicOffset(query.offset, claims);
  const fromFirst = start + query.limit + claims.size <= EXACT_PLACES_MAX;
  const window: SearchQuery =
    claims.size === 0 ? query : { ...query, offset: fromFirst ? 0 : start, limit: (fromFirst ? start : 0) + query.limit + claims.size };
  return {
    window,
    pins,
    place: (organic, byRelevance) => {
      const unpinned = organic.filter((row) => !pins.has(row.rowid));
      return placeRules(claims.size > 0 && fromFirst ? unpinned.slice(start) : unpinned, claims, query.offset, query.limit, byRelevance);
    },
    unmatchedPins: (seen) => {
      const unseen = new Set(pins.keys());
      for (const row of seen) unseen.delete(row.rowid);
      return unseen.size;
    },
  };
}

async function ruleClaims(reader: Pick<IndexReader, 'passing'>, query: SearchQuery, effects: RuleEffects | null): Promise<Map<number, RuleClaim>> {
  const claims = new Map<number, RuleClaim>();
  if (effects === null) return claims;
  if (effects.pins.length > 0) {
    const passing = new Map((await reader.passing({ ids: effects.pins.map((pin) => pin.id) }, query)).map((row) => [row.id, row.rowid]));
    for (const pin of effects.pins) {
      const rowid = passing.get(pin.id);
      if (rowid !== undefined) claims.set(pin.position, { kind: 'pinned', rowid, ruleId: pin.ruleId });
    }
  }
  for (const promotion of effects.promotions) claims.set(promotion.position, { kind: 'promotion', promotion });
  return claims;
}
