import type { RangeFacetBucket } from '../../src/client/types.ts';

/**
 * A number column tested against the bounds of a range, as SQL both engines read: one
 * test per bound given, `?` for each value, the values in the same order. Range facets
 * (`from` inclusive, `to` exclusive) and range filters (`gt`, `lt`, both exclusive) build
 * their conditions from it.
 */
export function numberBounds(column: string, bounds: ReadonlyArray<readonly ['>' | '>=' | '<', number | undefined]>): { tests: string[]; params: number[] } {
  const tests: string[] = [];
  const params: number[] = [];
  for (const [op, value] of bounds) {
    if (value === undefined) continue;
    tests.push(`${column} ${op} ?`);
    params.push(value);
  }
  return { tests, params };
}

/** A range filter's tests on `num` (`gt`, `lt`, both exclusive); with neither bound, any number. */
export function rangeFilterBounds(gt: number | undefined, lt: number | undefined): { tests: string[]; params: number[] } {
  const bounds = numberBounds('num', [
    ['>', gt],
    ['<', lt],
  ]);
  if (bounds.tests.length === 0) bounds.tests.push('num IS NOT NULL');
  return bounds;
}

/** A range facet bucket's test on `fv.num` (`from` inclusive, `to` exclusive); null for an open bucket. */
export function bucketBounds(range: { from?: number; to?: number }): { test: string | null; params: number[] } {
  const { tests, params } = numberBounds('fv.num', [
    ['>=', range.from],
    ['<', range.to],
  ]);
  return { test: tests.length > 0 ? tests.join(' AND ') : null, params };
}

/**
 * The columns `c0`, `c1`... that count a range facet's buckets, one per range, each
 * written by `count` from the bucket's test (null for an open bucket), and their values.
 */
export function bucketColumns(
  ranges: ReadonlyArray<{ from?: number; to?: number }>,
  count: (test: string | null) => string,
): { sql: string; params: number[] } {
  const params: number[] = [];
  const columns = ranges.map((range, i) => {
    const bucket = bucketBounds(range);
    params.push(...bucket.params);
    return `${count(bucket.test)} AS c${i}`;
  });
  return { sql: columns.join(', '), params };
}

/** The answer's buckets of a range facet, in request order, from the row of bucketColumns. */
export function bucketCounts(ranges: ReadonlyArray<{ from?: number; to?: number }>, row: Readonly<Record<string, number>>): RangeFacetBucket[] {
  return ranges.map((range, i) => ({
    ...(range.from !== undefined && { from: range.from }),
    ...(range.to !== undefined && { to: range.to }),
    count: row[`c${i}`] ?? 0,
  }));
}
