import type { PageRow } from '../engine/engine.ts';

/**
 * The page stage: the ranked pool takes the first places, the engine's `rest` follows
 * from place max(offset, pool.length) on (see Candidates). A relevance page's scores
 * become its places (1 for the first result, then 1/2, 1/3...), since the ranking rules,
 * not the engine's text score, decided the order.
 */
export function placePage(ranked: readonly PageRow[], rest: readonly PageRow[], offset: number, limit: number, byRelevance: boolean): PageRow[] {
  const page = [...ranked.slice(offset, offset + limit), ...rest].slice(0, limit);
  if (!byRelevance) return page;
  return page.map((row, i) => ({ rowid: row.rowid, score: 1 / (1 + offset + i) }));
}
