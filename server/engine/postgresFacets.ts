import type { Candidates, SearchQuery } from './engine.ts';
import { bucketColumns, bucketCounts } from './numberBounds.ts';
import type { SqlPart, SqlValue } from './postgresWhere.ts';

type Query = <R extends Record<string, unknown>>(sql: string, params: readonly SqlValue[]) => Promise<R[]>;

/**
 * The value and range facets of a search's matches (`among`: null for every document),
 * counted from the field values and categories tables.
 */
export async function pgFacets(
  q: Query,
  query: SearchQuery,
  among: SqlPart | null,
  multiValued: ReadonlySet<string>,
): Promise<Pick<Candidates, 'facets' | 'rangeFacets'>> {
  const within: SqlPart =
    among === null ? { sql: '', params: [] } : { sql: ` AND fv.doc IN (SELECT d.rowid FROM docs d WHERE ${among.sql})`, params: among.params };
  let facets: Candidates['facets'] = null;
  let ranges: Candidates['rangeFacets'] = null;
  if (query.facets.length > 0) {
    facets = {};
    for (const facet of query.facets) {
      if (facet.kind === 'field') {
        facets[facet.key] = await q<{ value: string; count: number }>(
          `SELECT fv.text AS value, count(*) AS count FROM field_values fv WHERE fv.field = ?${within.sql}
           GROUP BY fv.text ORDER BY count DESC, value LIMIT ?`,
          [facet.field, ...within.params, query.numFacets],
        );
      } else {
        // Categories of one level share a prefix (`2x`); `2y` is just past them.
        const upper = facet.prefix.slice(0, -1) + String.fromCharCode(facet.prefix.charCodeAt(facet.prefix.length - 1) + 1);
        facets[facet.key] = await q<{ value: string; count: number }>(
          `SELECT fv.category AS value, count(*) AS count FROM doc_categories fv WHERE fv.category >= ? AND fv.category < ?${within.sql}
           GROUP BY fv.category ORDER BY count DESC, value LIMIT ?`,
          [facet.prefix, upper, ...within.params, query.numFacets],
        );
      }
    }
  }
  if (query.rangeFacets.length > 0) {
    ranges = {};
    for (const spec of query.rangeFacets) {
      // Only a field some document holds several values of can count a document twice in a range.
      const counted = multiValued.has(spec.field) ? 'count(DISTINCT fv.doc)' : 'count(*)';
      const columns = bucketColumns(spec.ranges, (test) => `${counted} FILTER (WHERE ${test ?? 'TRUE'})`);
      const row = (
        await q<Record<string, number>>(`SELECT ${columns.sql} FROM field_values fv WHERE fv.field = ? AND fv.num IS NOT NULL${within.sql}`, [
          ...columns.params,
          spec.field,
          ...within.params,
        ])
      )[0]!;
      ranges[spec.key] = bucketCounts(spec.ranges, row);
    }
  }
  return { facets, rangeFacets: ranges };
}
