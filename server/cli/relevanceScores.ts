/** Only the first page counts: what a visitor sees without paging. */
export const CUTOFF = 10;

/** The figures of an evaluation; each is a share from 0 to 1. */
export interface RelevanceScores {
  queries: number;
  /** Share of queries with a wanted result first. */
  success1: number;
  /** Share with a wanted result in the top 3. */
  success3: number;
  /** Mean of 1/rank of the first wanted result, 0 when none is in the top 10. */
  mrr10: number;
}

/** A result as far as judging goes. */
export interface JudgedHit {
  id: string;
  url: string;
}

/**
 * The 1-based rank of the first hit that is wanted, within the top 10; null when none is.
 * A wanted `http:`/`https:` value is a URL compared with the hit's URL (as `URL` writes
 * it: the host's case and a bare origin's slash do not matter); any other value is an id.
 */
export function firstWantedRank(hits: readonly JudgedHit[], wanted: readonly string[]): number | null {
  const urls = new Set(wanted.filter(isUrl).map(canonicalUrl));
  const ids = new Set(wanted.filter((w) => !isUrl(w)));
  const at = hits.slice(0, CUTOFF).findIndex((hit) => ids.has(hit.id) || (hit.url !== '' && urls.has(canonicalUrl(hit.url))));
  return at < 0 ? null : at + 1;
}

/** success@1, success@3 and MRR@10 of the ranks of the first wanted results (null: none in the top 10). */
export function relevanceScores(ranks: readonly (number | null)[]): RelevanceScores {
  const n = ranks.length;
  const share = (test: (rank: number | null) => boolean) => (n === 0 ? 0 : ranks.filter(test).length / n);
  return {
    queries: n,
    success1: share((rank) => rank === 1),
    success3: share((rank) => rank !== null && rank <= 3),
    mrr10: n === 0 ? 0 : ranks.reduce<number>((sum, rank) => sum + (rank === null ? 0 : 1 / rank), 0) / n,
  };
}

function isUrl(value: string): boolean {
  return /^https?:\/\//i.test(value);
}

function canonicalUrl(value: string): string {
  try {
    return new URL(value).href;
  } catch {
    return value;
  }
}
