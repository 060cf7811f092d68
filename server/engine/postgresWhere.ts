import type { CustomFieldType, FilterNode, SearchQuery } from './engine.ts';
import { rangeFilterBounds } from './numberBounds.ts';

export type SqlValue = string | number | null | readonly string[] | readonly number[];

/** A piece of SQL with `?` placeholders and their values, in order (see `numbered`). */
export interface SqlPart {
  sql: string;
  params: SqlValue[];
}

export const TRUE: SqlPart = { sql: 'TRUE', params: [] };
export const FALSE: SqlPart = { sql: 'FALSE', params: [] };

/**
 * The conditions of a search other than its words, over `d` (`docs` or `doc_words`, which
 * both hold id, language and ts): language, category, dates, custom fields and the
 * filter, as the SQLite engine reads them (sqliteWhere.ts).
 */
export function pgConditions(query: SearchQuery, fieldTypes: ReadonlyMap<string, CustomFieldType>): SqlPart[] {
  const parts: SqlPart[] = [];
  if (query.language !== null) {
    // `en` also takes documents in `en-gb`.
    parts.push({ sql: '(d.language = ? OR d.language ILIKE ?)', params: [query.language, `${escapeLike(query.language)}-%`] });
  }
  if (query.category !== null) parts.push(categoryCondition(query.category));
  if (query.dateFrom !== null) parts.push({ sql: 'd.ts >= ?', params: [query.dateFrom] });
  if (query.dateTo !== null) parts.push({ sql: 'd.ts < ?', params: [query.dateTo] });
  for (const { field, values } of query.customFields) parts.push(equalsAny(field, values, fieldTypes));
  if (query.filter !== null) parts.push(filterCondition(query.filter, fieldTypes));
  if (query.excludedIds !== undefined && query.excludedIds.length > 0) parts.push({ sql: 'NOT (d.id = ANY(?::text[]))', params: [query.excludedIds] });
  return parts;
}

/** Joins parts with AND; an empty list is true. */
export function allOf(parts: readonly SqlPart[]): SqlPart {
  if (parts.length === 0) return TRUE;
  return { sql: parts.map((p) => `(${p.sql})`).join(' AND '), params: parts.flatMap((p) => p.params) };
}

/** The SQL with its `?` placeholders numbered `$1`, `$2`, ... from `first`. */
export function numbered(sql: string, first = 1): string {
  let n = first;
  return sql.replace(/\?/g, () => `$${n++}`);
}

function filterCondition(node: FilterNode, fieldTypes: ReadonlyMap<string, CustomFieldType>): SqlPart {
  switch (node.op) {
    case 'and':
      return allOf(node.nodes.map((n) => filterCondition(n, fieldTypes)));
    case 'or': {
      if (node.nodes.length === 0) return FALSE;
      const parts = node.nodes.map((n) => filterCondition(n, fieldTypes));
      return { sql: parts.map((p) => `(${p.sql})`).join(' OR '), params: parts.flatMap((p) => p.params) };
    }
    case 'not': {
      const inner = filterCondition(node.node, fieldTypes);
      return { sql: `NOT (${inner.sql})`, params: inner.params };
    }
    case 'eq':
      return equalsAny(node.field, [node.value], fieldTypes);
    case 'category':
      return categoryCondition(node.value);
    case 'range': {
      const { tests, params } = rangeFilterBounds(node.gt, node.lt);
      return { sql: `d.rowid IN (SELECT doc FROM field_values WHERE field = ? AND ${tests.join(' AND ')})`, params: [node.field, ...params] };
    }
  }
}

function categoryCondition(category: string): SqlPart {
  return { sql: 'd.rowid IN (SELECT doc FROM doc_categories WHERE category = ?)', params: [category] };
}

/** Equality with any of the values: numbers compare as numbers on numeric fields, else as text. */
function equalsAny(field: string, values: ReadonlyArray<string | number>, fieldTypes: ReadonlyMap<string, CustomFieldType>): SqlPart {
  const type = fieldTypes.get(field);
  if (type === undefined) return FALSE;
  if (type === 'text') {
    return { sql: 'd.rowid IN (SELECT doc FROM field_values WHERE field = ? AND text = ANY(?::text[]))', params: [field, values.map(String)] };
  }
  const numbers: number[] = [];
  for (const value of values) {
    const n = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
    if (Number.isFinite(n)) numbers.push(n);
  }
  if (numbers.length === 0) return FALSE;
  return { sql: 'd.rowid IN (SELECT doc FROM field_values WHERE field = ? AND num = ANY(?::float8[]))', params: [field, numbers] };
}

/** `text` with LIKE's wildcards taken literally (the default escape is the backslash). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}
