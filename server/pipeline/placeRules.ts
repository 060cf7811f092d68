import type { PageRow } from '../engine/engine.ts';
import type { PlacedPromotion } from './queryRules.ts';

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
