import type { Candidates, SearchQuery } from './engine.ts';
import { bucketColumns, bucketCounts } from './numberBounds.ts';
import type { SqlPart } from './postgresWhere.ts';

type Facets = Pick<Candidates, 'facets' | 'rangeFacets'>;

/**
 * The value and range facets of a search's matches (`among`: null for every document),
 * counted from the field values and categories tables: as columns (JSON) that the
 * search's statement answers beside its rows, so facets cost no round trip of their own.
 */
export interface FacetColumns {
  /** Columns of one row: `(SELECT …) AS facet_N`; none when no facet is asked for. */
  columns: SqlPart[];
  /** The facets, from the row holding the columns. */
  read(row: Readonly<Record<string, unknown>>): Facets;
}

export function pgFacetColumns(query: SearchQuery, among: SqlPart | null, multiValued: ReadonlySet<string>): FacetColumns {
  const within: SqlPart =
    among === null ? { sql: '', params: [] } : { sql: ` AND fv.doc IN (SELECT d.rowid FROM docs d WHERE ${among.sql})`, params: among.params };
  const columns: SqlPart[] = [];
  const column = (sql: string, params: SqlPart['params']) => {
    const name = `facet_${columns.length}`;
    columns.push({ sql: `(${sql}) AS ${name}`, params });
    return name;
  };
  const valueList = (sql: string) =>
    `SELECT coalesce(json_agg(json_build_object('value', t.value, 'count', t.count) ORDER BY t.count DESC, t.value), '[]') FROM (${sql}) t`;
  const values = query.facets.map((facet) => {
    if (facet.kind === 'field') {
      return column(
        valueList(`SELECT fv.text AS value, count(*) AS count FROM field_values fv WHERE fv.field = ?${within.sql}
                   GROUP BY fv.text ORDER BY count DESC, value LIMIT ?`),
        [facet.field, ...within.params, query.numFacets],
      );
    }
    // Categories of one level share a prefix (`2x`); `2y` is just past them.
    const upper = facet.prefix.slice(0, -1) + String.fromCharCode(facet.prefix.charCodeAt(facet.prefix.length - 1) + 1);
    return column(
      valueList(`SELECT fv.category AS value, count(*) AS count FROM doc_categories fv WHERE fv.category >= ? AND fv.category < ?${within.sql}
                 GROUP BY fv.category ORDER BY count DESC, value LIMIT ?`),
      [facet.prefix, upper, ...within.params, query.numFacets],
    );
  });
  const ranges = query.rangeFacets.map((spec) => {
    // Only a field some document holds several values of can count a document twice in a range.
    const counted = multiValued.has(spec.field) ? 'count(DISTINCT fv.doc)' : 'count(*)';
    const buckets = bucketColumns(spec.ranges, (test) => `${counted} FILTER (WHERE ${test ?? 'TRUE'})`);
    return column(`SELECT row_to_json(t) FROM (SELECT ${buckets.sql} FROM field_values fv WHERE fv.field = ? AND fv.num IS NOT NULL${within.sql}) t`, [
      ...buckets.params,
      spec.field,
      ...within.params,
    ]);
  });
  return {
    columns,
    read: (row) => ({
      facets:
        query.facets.length === 0
          ? null
          : Object.fromEntries(query.facets.map((facet, i) => [facet.key, row[values[i]!] as Array<{ value: string; count: number }>])),
      rangeFacets:
        query.rangeFacets.length === 0
          ? null
          : Object.fromEntries(query.rangeFacets.map((spec, i) => [spec.key, bucketCounts(spec.ranges, row[ranges[i]!] as Record<string, number>)])),
    }),
  };
}
