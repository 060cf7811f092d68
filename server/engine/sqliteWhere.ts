import type { CustomFieldType, FilterNode, SearchQuery } from './engine.ts';
import { rangeFilterBounds } from './numberBounds.ts';

export type SqlValue = string | number | null;

/** A piece of SQL and its parameters, in order. */
export interface SqlPart {
  sql: string;
  params: SqlValue[];
}

/**
 * How custom-field and category conditions test a document. `rowid` names the document's
 * rowid in the outer query. `correlated` asks for `EXISTS` index probes per outer row,
 * for when the words already narrowed the rows: a common value (most documents
 * `status=standard`) made `rowid IN (SELECT ...)` build a list of tens of thousands of
 * rowids on every query first. Without words the outer rows are every document, and the
 * list is the cheaper side.
 */
export interface RowTest {
  rowid: string;
  correlated: boolean;
}

const OVER_DOCS: RowTest = { rowid: 'd.rowid', correlated: false };

/**
 * The conditions of a search other than its words, as SQL over `docs d` (language and
 * dates; only they need the join). Custom fields and categories become tests of
 * `test.rowid` over their indexed tables.
 */
export function whereConditions(query: SearchQuery, fieldTypes: ReadonlyMap<string, CustomFieldType>, test: RowTest = OVER_DOCS): SqlPart[] {
  const parts: SqlPart[] = [];
  if (query.language !== null) {
    // `en` also takes documents in `en-gb`.
    parts.push({ sql: '(d.language = ? OR d.language LIKE ?)', params: [query.language, `${query.language}-%`] });
  }
  if (query.category !== null) parts.push(categoryCondition(query.category, test));
  if (query.dateFrom !== null) parts.push({ sql: 'd.ts >= ?', params: [query.dateFrom] });
  if (query.dateTo !== null) parts.push({ sql: 'd.ts < ?', params: [query.dateTo] });
  for (const { field, values } of query.customFields) parts.push(equalsAny(field, values, fieldTypes, test));
  if (query.filter !== null) parts.push(filterCondition(query.filter, fieldTypes, test));
  if (query.excludedIds !== undefined && query.excludedIds.length > 0) {
    parts.push({
      sql: `${test.rowid} NOT IN (SELECT rowid FROM docs WHERE id IN (SELECT value FROM json_each(?)))`,
      params: [JSON.stringify(query.excludedIds)],
    });
  }
  return parts;
}

/** Joins parts with AND; an empty list is true. */
export function allOf(parts: readonly SqlPart[]): SqlPart {
  if (parts.length === 0) return { sql: '1', params: [] };
  return { sql: parts.map((p) => `(${p.sql})`).join(' AND '), params: parts.flatMap((p) => p.params) };
}

/** Whether the language or date conditions read `docs` columns. */
export function needsDocs(query: SearchQuery): boolean {
  return query.language !== null || query.dateFrom !== null || query.dateTo !== null;
}

function filterCondition(node: FilterNode, fieldTypes: ReadonlyMap<string, CustomFieldType>, test: RowTest): SqlPart {
  switch (node.op) {
    case 'and':
      return allOf(node.nodes.map((n) => filterCondition(n, fieldTypes, test)));
    case 'or': {
      if (node.nodes.length === 0) return { sql: '0', params: [] };
      const parts = node.nodes.map((n) => filterCondition(n, fieldTypes, test));
      return { sql: parts.map((p) => `(${p.sql})`).join(' OR '), params: parts.flatMap((p) => p.params) };
    }
    case 'not': {
      const inner = filterCondition(node.node, fieldTypes, test);
      return { sql: `NOT (${inner.sql})`, params: inner.params };
    }
    case 'eq':
      return equalsAny(node.field, [node.value], fieldTypes, test);
    case 'category':
      return categoryCondition(node.value, test);
    case 'range': {
      const { tests, params } = rangeFilterBounds(node.gt, node.lt);
      // Probed per row through (doc, field): the (field, num) index would walk the whole range each time.
      const table = test.correlated ? 'field_values INDEXED BY field_values_doc' : 'field_values';
      return { sql: member(test, table, `field = ? AND ${tests.join(' AND ')}`), params: [node.field, ...params] };
    }
  }
}

/** `test.rowid` has a row in `table` (with a `doc` column) meeting `condition`. */
function member(test: RowTest, table: string, condition: string): string {
  return test.correlated
    ? `EXISTS (SELECT 1 FROM ${table} WHERE ${condition} AND doc = ${test.rowid})`
    : `${test.rowid} IN (SELECT doc FROM ${table} WHERE ${condition})`;
}

function categoryCondition(category: string, test: RowTest): SqlPart {
  return { sql: member(test, 'doc_categories', 'category = ?'), params: [category] };
}

/** Equality with any of the values: numbers compare as numbers on numeric fields, else as text. */
function equalsAny(field: string, values: ReadonlyArray<string | number>, fieldTypes: ReadonlyMap<string, CustomFieldType>, test: RowTest): SqlPart {
  const type = fieldTypes.get(field);
  if (type === undefined) return { sql: '0', params: [] };
  const numeric = type !== 'text';
  const keys: SqlValue[] = [];
  for (const value of values) {
    if (!numeric) keys.push(String(value));
    else {
      const n = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
      if (Number.isFinite(n)) keys.push(n);
    }
  }
  if (keys.length === 0) return { sql: '0', params: [] };
  const column = numeric ? 'num IS NOT NULL AND num' : 'text';
  return {
    sql: member(test, 'field_values', `field = ? AND ${column} IN (${keys.map(() => '?').join(', ')})`),
    params: [field, ...keys],
  };
}
