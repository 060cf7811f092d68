import { describe, expect, it } from 'vitest';
import { firstTargetRank, select, summarize } from './metrics.ts';
import type { QueryOutcome } from './types.ts';

const outcome = (rank: number | null, overrides: Partial<QueryOutcome> = {}): QueryOutcome => ({
  q: `q${rank}`,
  class: 'exact',
  set: 'tune',
  rank,
  urls: rank === null ? ['other'] : Array.from({ length: rank }, (_, i) => (i === rank - 1 ? 'target' : `other${i}`)),
  ms: 1,
  ...overrides,
});

describe('firstTargetRank', () => {
  it('is the 1-based rank of the first URL that is any target', () => {
    expect(firstTargetRank(['a', 'b', 'c'], ['c', 'b'])).toBe(2);
    expect(firstTargetRank(['a', 'b', 'c'], ['a'])).toBe(1);
  });
  it('is null when no target is in the top 10, even if one comes later', () => {
    const urls = Array.from({ length: 12 }, (_, i) => `u${i + 1}`);
    expect(firstTargetRank(urls, ['u10'])).toBe(10);
    expect(firstTargetRank(urls, ['u11'])).toBeNull();
    expect(firstTargetRank([], ['u1'])).toBeNull();
  });
});

describe('summarize', () => {
  it('counts success@1, success@3 and the reciprocal rank', () => {
    const s = summarize([outcome(1), outcome(2), outcome(4), outcome(null)]);
    expect(s.queries).toBe(4);
    expect(s.success1).toBe(0.25);
    expect(s.success3).toBe(0.5);
    expect(s.mrr10).toBeCloseTo((1 + 1 / 2 + 1 / 4 + 0) / 4, 10);
    expect(s.zeroRate).toBe(0);
  });
  it('counts a query as zero-result only when nothing came back at all', () => {
    const s = summarize([outcome(null, { urls: [] }), outcome(null), outcome(1)]);
    expect(s.zeroRate).toBeCloseTo(1 / 3, 10);
    expect(s.mrr10).toBeCloseTo(1 / 3, 10);
  });
  it('takes the median and p95 of the per-query times', () => {
    const times = Array.from({ length: 20 }, (_, i) => outcome(1, { ms: i + 1 }));
    const s = summarize(times);
    expect(s.medianMs).toBe(10);
    expect(s.p95Ms).toBe(19);
  });
  it('gives NaN, not 0, for an empty group', () => {
    const s = summarize([]);
    expect(s.queries).toBe(0);
    expect(s.success1).toBeNaN();
    expect(s.mrr10).toBeNaN();
  });
});

describe('select', () => {
  const all = [outcome(1, { set: 'tune', class: 'typo' }), outcome(2, { set: 'holdout', class: 'typo' }), outcome(3, { set: 'holdout', class: 'exact' })];
  it('keeps one set, or both', () => {
    expect(select(all, 'tune')).toHaveLength(1);
    expect(select(all, 'holdout')).toHaveLength(2);
    expect(select(all, 'all')).toHaveLength(3);
  });
  it('narrows to a class', () => {
    expect(select(all, 'all', 'typo').map((o) => o.rank)).toEqual([1, 2]);
    expect(select(all, 'holdout', 'exact').map((o) => o.rank)).toEqual([3]);
  });
});
