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
  /**
   * The matches' rowids, found once for every facet (`facet_matches`), and whether the
   * facets read per match (`facet_plan`), as CTEs of the statement; null when every
   * document counts. `rowids`, a SELECT of the matches' rowids, can spare the statement
   * finding them again.
   */
  matches(rowids?: SqlPart): SqlPart | null;
  /** Columns of one row: `(SELECT …) AS facet_N`; none when no facet is asked for. */
  columns: SqlPart[];
  /** The facets, from the row holding the columns. */
  read(row: Readonly<Record<string, unknown>>): Facets;
}

/**
 * A facet reads the values of each match (through field_values_doc_values) while the matches
 * are fewer than the index's documents divided by this; past it, it walks the field's
 * values and keeps the matched ones. A value read per match costs about 17 times one
 * walked (measured on 100,000 documents), and PostgreSQL's estimates of either side are
 * too rough to leave it the choice.
 */
const PER_MATCH_SHARE = 16;

/**
 * The columns a facet counts per match (its test reads the field too): all in the index by document (field_values_doc_values,
 * doc_categories_doc), so each match costs an index lookup and no visit to the table.
 */
const READ_PER_MATCH = { field_values: 'fv.doc, fv.text, fv.num', doc_categories: 'fv.doc, fv.category' } as const;

export function pgFacetColumns(query: SearchQuery, among: SqlPart | null, multiValued: ReadonlySet<string>): FacetColumns {
  const columns: SqlPart[] = [];
  /**
   * A column of `count` over the rows of `table fv` passing `test`, among the matches:
   * `count` gets their FROM and WHERE, once reading per match and once walking the
   * values, and the statement picks one by how many matches there are.
   */
  const column = (table: 'field_values' | 'doc_categories', test: SqlPart, count: (from: SqlPart) => SqlPart): string => {
    const name = `facet_${columns.length}`;
    let sql: SqlPart;
    if (among === null) sql = count({ sql: `FROM ${table} fv WHERE ${test.sql}`, params: test.params });
    else {
      const perMatch = count({
        sql: `FROM facet_matches m CROSS JOIN LATERAL (SELECT ${READ_PER_MATCH[table]} FROM ${table} fv WHERE fv.doc = m.rowid AND ${test.sql} OFFSET 0) fv`,
        params: test.params,
      });
      const walk = count({
        sql: `FROM ${table} fv JOIN doc_words d ON d.rowid = fv.doc WHERE ${test.sql} AND ${among.sql}`,
        params: [...test.params, ...among.params],
      });
      sql = { sql: `CASE WHEN (SELECT per_match FROM facet_plan) THEN (${perMatch.sql}) ELSE (${walk.sql}) END`, params: [...perMatch.params, ...walk.params] };
    }
    columns.push({ sql: `(${sql.sql}) AS ${name}`, params: sql.params });
    return name;
  };
  const valueList = (value: string) => (from: SqlPart) => ({
    sql: `SELECT coalesce(json_agg(json_build_object('value', t.value, 'count', t.count) ORDER BY t.count DESC, t.value), '[]')
          FROM (SELECT ${value} AS value, count(*) AS count ${from.sql} GROUP BY ${value} ORDER BY count DESC, value LIMIT ?) t`,
    params: [...from.params, query.numFacets],
  });
  const values = query.facets.map((facet) => {
    if (facet.kind === 'field') return column('field_values', { sql: 'fv.field = ?', params: [facet.field] }, valueList('fv.text'));
    // Categories of one level share a prefix (`2x`); `2y` is just past them.
    const upper = facet.prefix.slice(0, -1) + String.fromCharCode(facet.prefix.charCodeAt(facet.prefix.length - 1) + 1);
    return column('doc_categories', { sql: 'fv.category >= ? AND fv.category < ?', params: [facet.prefix, upper] }, valueList('fv.category'));
  });
  const ranges = query.rangeFacets.map((spec) => {
    // Only a field some document holds several values of can count a document twice in a range.
    const counted = multiValued.has(spec.field) ? 'count(DISTINCT fv.doc)' : 'count(*)';
    const buckets = bucketColumns(spec.ranges, (test) => `${counted} FILTER (WHERE ${test ?? 'TRUE'})`);
    return column('field_values', { sql: 'fv.field = ? AND fv.num IS NOT NULL', params: [spec.field] }, (from) => ({
      sql: `SELECT row_to_json(t) FROM (SELECT ${buckets.sql} ${from.sql}) t`,
      params: [...buckets.params, ...from.params],
    }));
  });
  return {
    matches: (rowids) => {
      if (among === null) return null;
      const matched = rowids ?? { sql: `SELECT d.rowid FROM doc_words d WHERE ${among.sql}`, params: among.params };
      return {
        sql: `facet_matches AS MATERIALIZED (${matched.sql}),
              facet_plan AS (SELECT (SELECT count(*) FROM facet_matches) * ${PER_MATCH_SHARE} < (SELECT reltuples FROM pg_class WHERE oid = 'docs'::regclass) AS per_match)`,
        params: matched.params,
      };
    },
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
