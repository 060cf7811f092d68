import type { CustomFieldType, FilterNode, SearchQuery } from './engine.ts';

export type SqlValue = string | number | null;

/** A piece of SQL and its parameters, in order. */
export interface SqlPart {
  sql: string;
  params: SqlValue[];
}

/**
 * The conditions of a search other than its words, as SQL over `docs d`. Custom fields
 * and categories become `d.rowid IN (...)` over their indexed tables.
 */
export function whereConditions(query: SearchQuery, fieldTypes: ReadonlyMap<string, CustomFieldType>): SqlPart[] {
  const parts: SqlPart[] = [];
  if (query.language !== null) {
    // `en` also takes documents in `en-gb`.
    parts.push({ sql: '(d.language = ? OR d.language LIKE ?)', params: [query.language, `${query.language}-%`] });
  }
  if (query.category !== null) parts.push(categoryCondition(query.category));
  if (query.dateFrom !== null) parts.push({ sql: 'd.ts >= ?', params: [query.dateFrom] });
  if (query.dateTo !== null) parts.push({ sql: 'd.ts < ?', params: [query.dateTo] });
  for (const { field, values } of query.customFields) parts.push(equalsAny(field, values, fieldTypes));
  if (query.filter !== null) parts.push(filterCondition(query.filter, fieldTypes));
  return parts;
}

/** Joins parts with AND; an empty list is true. */
export function allOf(parts: readonly SqlPart[]): SqlPart {
  if (parts.length === 0) return { sql: '1', params: [] };
  return { sql: parts.map((p) => `(${p.sql})`).join(' AND '), params: parts.flatMap((p) => p.params) };
}

function filterCondition(node: FilterNode, fieldTypes: ReadonlyMap<string, CustomFieldType>): SqlPart {
  switch (node.op) {
    case 'and':
      return allOf(node.nodes.map((n) => filterCondition(n, fieldTypes)));
    case 'or': {
      if (node.nodes.length === 0) return { sql: '0', params: [] };
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
      const bounds: string[] = [];
      const params: SqlValue[] = [node.field];
      if (node.gt !== undefined) {
        bounds.push('num > ?');
        params.push(node.gt);
      }
      if (node.lt !== undefined) {
        bounds.push('num < ?');
        params.push(node.lt);
      }
      if (bounds.length === 0) bounds.push('num IS NOT NULL');
      return { sql: `d.rowid IN (SELECT doc FROM field_values WHERE field = ? AND ${bounds.join(' AND ')})`, params };
    }
  }
}

function categoryCondition(category: string): SqlPart {
  return { sql: 'd.rowid IN (SELECT doc FROM doc_categories WHERE category = ?)', params: [category] };
}

/** Equality with any of the values: numbers compare as numbers on numeric fields, else as text. */
function equalsAny(
  field: string,
  values: ReadonlyArray<string | number>,
  fieldTypes: ReadonlyMap<string, CustomFieldType>,
): SqlPart {
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
    sql: `d.rowid IN (SELECT doc FROM field_values WHERE field = ? AND ${column} IN (${keys.map(() => '?').join(', ')}))`,
    params: [field, ...keys],
  };
}
