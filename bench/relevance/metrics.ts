/** Relevance figures from ranked URLs: success@k, MRR@10, zero-result rate, latency. */
import { median, percentile } from '../stats.ts';
import type { QueryClass, QueryOutcome, QuerySet } from './types.ts';

/** Only the top 10 count: what the widget shows on its first page. */
export const CUTOFF = 10;

/** The 1-based rank of the first URL that is a target, within the top 10; null when none is. */
export function firstTargetRank(urls: readonly string[], targets: readonly string[]): number | null {
  const at = urls.slice(0, CUTOFF).findIndex((url) => targets.includes(url));
  return at < 0 ? null : at + 1;
}

export interface Summary {
  queries: number;
  /** Share of queries with a target first. */
  success1: number;
  /** Share with a target in the top 3. */
  success3: number;
  /** Mean of 1/rank of the first target, 0 when none is in the top 10. */
  mrr10: number;
  /** Share of queries that found nothing at all. */
  zeroRate: number;
  medianMs: number;
  p95Ms: number;
}

/** The figures of a group of outcomes; NaN figures when the group is empty. */
export function summarize(outcomes: readonly QueryOutcome[]): Summary {
  const n = outcomes.length;
  const share = (test: (o: QueryOutcome) => boolean) => (n === 0 ? Number.NaN : outcomes.filter(test).length / n);
  const ms = outcomes.map((o) => o.ms);
  return {
    queries: n,
    success1: share((o) => o.rank === 1),
    success3: share((o) => o.rank !== null && o.rank <= 3),
    mrr10: n === 0 ? Number.NaN : outcomes.reduce((sum, o) => sum + (o.rank === null ? 0 : 1 / o.rank), 0) / n,
    zeroRate: share((o) => o.urls.length === 0),
    medianMs: median(ms),
    p95Ms: percentile(ms, 95),
  };
}

/** Outcomes of one set (or both: `all`) and, optionally, one class. */
export function select(outcomes: readonly QueryOutcome[], set: QuerySet | 'all', queryClass?: QueryClass): QueryOutcome[] {
  return outcomes.filter((o) => (set === 'all' || o.set === set) && (queryClass === undefined || o.class === queryClass));
}
