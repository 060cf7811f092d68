import type { CustomFieldValue, IndexDocument } from '../../src/client/types.ts';

const STANDARD = new Set(['id', 'url', 'thumbnail_external_src', 'language', 'title', 'main_content', 'doc_date']);

/**
 * Turns a CSV row into a document. Standard fields are columns of their name; custom
 * fields are columns `custom_fields.NAME`, text unless the header says
 * `custom_fields.NAME:integer`, `:double` or `:list` (values separated by `|`).
 * Empty cells are left out. Throws an Error that says which column is wrong.
 */
export function csvDocument(row: Record<string, string>): IndexDocument {
  const doc: IndexDocument = {};
  const custom: Record<string, CustomFieldValue> = {};
  for (const [column, cell] of Object.entries(row)) {
    if (cell === '') continue;
    if (STANDARD.has(column)) {
      (doc as Record<string, string>)[column] = cell;
      continue;
    }
    const m = /^custom_fields\.([^:]+)(?::(text|integer|double|list))?$/.exec(column);
    if (m === null) throw new Error(`unknown column '${column}': use a document field or custom_fields.NAME[:integer|:double|:list]`);
    const [, name, type = 'text'] = m as unknown as [string, string, string | undefined];
    if (type === 'integer' || type === 'double') {
      const n = Number(cell);
      if (!Number.isFinite(n) || (type === 'integer' && !Number.isInteger(n)))
        throw new Error(`custom_fields.${name} must be ${type === 'integer' ? 'an integer' : 'a number'} (got '${cell}')`);
      custom[name] = n;
    } else custom[name] = type === 'list' ? cell.split('|') : cell;
  }
  if (Object.keys(custom).length > 0) doc.custom_fields = custom;
  return doc;
}
