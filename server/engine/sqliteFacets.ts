import type { FacetValue, RangeFacetBucket } from '../../src/client/types.ts';
import type { FacetSpec, RangeFacetSpec } from './engine.ts';
import type { StatementCache } from '../storage/statementCache.ts';
import type { SqlValue } from './sqliteWhere.ts';
import { bucketColumns, bucketCounts } from './numberBounds.ts';

/**
 * Whether a field's facet reads the values of each match (through field_values_doc)
 * rather than walking all the field's values and keeping the matched ones. SQLite
 * picks the walk, which costs the same for 10 matches as for 100,000; reading per match
 * costs 12-20 times more per value, so it is chosen only when its estimate is
 * smaller than the walk (see sqliteCandidates).
 */
export type PerMatch = (field: string) => boolean;

/** Values of one field read per match: CROSS JOIN keeps temp.matched the outer loop. */
const PER_MATCH_FROM = 'temp.matched m CROSS JOIN field_values fv INDEXED BY field_values_doc ON fv.doc = m.rowid';

/**
 * Facet counts over the matched documents, which the caller put in `temp.matched`;
 * with `everything` the table is skipped and all documents count.
 */
export function valueFacets(
  statements: StatementCache,
  everything: boolean,
  facets: readonly FacetSpec[],
  numFacets: number,
  perMatch: PerMatch,
): Record<string, FacetValue[]> {
  const result: Record<string, FacetValue[]> = {};
  for (const facet of facets) {
    let sql: string;
    let params: SqlValue[];
    if (facet.kind === 'field') {
      sql = everything
        ? `SELECT text AS value, count(*) AS count FROM field_values WHERE field = ?`
        : perMatch(facet.field)
          ? `SELECT fv.text AS value, count(*) AS count FROM ${PER_MATCH_FROM} AND fv.field = ?`
          : `SELECT fv.text AS value, count(*) AS count FROM temp.matched m
           JOIN field_values fv ON fv.doc = m.rowid AND fv.field = ?`;
      sql += ' GROUP BY value ORDER BY count DESC, value LIMIT ?';
      params = [facet.field, numFacets];
    } else {
      // Categories of one level share a prefix (`2x`); `2y` is just past them.
      const upper = facet.prefix.slice(0, -1) + String.fromCharCode(facet.prefix.charCodeAt(facet.prefix.length - 1) + 1);
      sql = everything
        ? `SELECT category AS value, count(*) AS count FROM doc_categories WHERE category >= ? AND category < ?`
        : `SELECT c.category AS value, count(*) AS count FROM temp.matched m
           JOIN doc_categories c ON c.doc = m.rowid AND c.category >= ? AND c.category < ?`;
      sql += ' GROUP BY value ORDER BY count DESC, value LIMIT ?';
      params = [facet.prefix, upper, numFacets];
    }
    result[facet.key] = statements.get(sql).all(...params) as FacetValue[];
  }
  return result;
}

/**
 * Per requested range, the documents with a value in [from, to); one pass per field.
 * Only fields in `multiValued` can give a document two rows in one range, so only they
 * pay for DISTINCT (a temporary b-tree per range: half the time of a large facet).
 */
export function rangeFacets(
  statements: StatementCache,
  everything: boolean,
  specs: readonly RangeFacetSpec[],
  multiValued: ReadonlySet<string>,
  perMatch: PerMatch,
): Record<string, RangeFacetBucket[]> {
  const result: Record<string, RangeFacetBucket[]> = {};
  for (const spec of specs) {
    const distinct = multiValued.has(spec.field) ? 'DISTINCT ' : '';
    const columns = bucketColumns(spec.ranges, (test) => `count(${distinct}CASE WHEN ${test ?? '1'} THEN fv.doc END)`);
    const from = everything
      ? 'field_values fv WHERE fv.field = ?'
      : perMatch(spec.field)
        ? `${PER_MATCH_FROM} WHERE fv.field = ?`
        : 'temp.matched m JOIN field_values fv ON fv.doc = m.rowid WHERE fv.field = ?';
    const row = statements.get(`SELECT ${columns.sql} FROM ${from} AND fv.num IS NOT NULL`).get(...columns.params, spec.field) as Record<string, number>;
    result[spec.key] = bucketCounts(spec.ranges, row);
  }
  return result;
}
