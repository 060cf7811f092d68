import { BODY_MAX_BYTES } from './limits.ts';
import type { IndexDocument } from './types.ts';
import { invalidParameter } from './validate.ts';

/** The type a custom field takes from its first value (2.1, rule 2). */
export type CustomFieldType = 'text' | 'integer' | 'double';

/** What is wrong with one document: the field at fault (relative to the document) and why. */
export interface DocumentProblem {
  field: string;
  message: string;
}

const STRING_FIELDS = ['id', 'url', 'thumbnail_external_src', 'thumbnail_b64', 'language', 'title', 'main_content', 'doc_date'] as const;

/**
 * Checks what the API description fixes for one document: an object, string standard
 * fields, `url` or `id` (when `needsUrlOrId`), custom field values of a supported type,
 * and, given `fieldTypes`, the same type for a field as in earlier documents. Records
 * the types of new fields in `fieldTypes`. Returns the first problem, or null.
 */
export function documentProblem(
  value: unknown,
  fieldTypes: Map<string, CustomFieldType> = new Map(),
  needsUrlOrId = true,
): DocumentProblem | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { field: '', message: 'a document must be a JSON object' };
  }
  const doc = value as Record<string, unknown>;
  for (const field of STRING_FIELDS) {
    const v = doc[field];
    if (v !== undefined && v !== null && typeof v !== 'string') return { field, message: `${field} must be a string` };
  }
  if (needsUrlOrId && !doc.id && !doc.url) return { field: 'url', message: 'a document needs a url or an id' };
  const custom = doc.custom_fields;
  if (custom === undefined || custom === null) return null;
  if (typeof custom !== 'object' || Array.isArray(custom)) return { field: 'custom_fields', message: 'custom_fields must be an object' };
  const added: Array<[string, CustomFieldType]> = [];
  for (const [name, fieldValue] of Object.entries(custom)) {
    const field = `custom_fields.${name}`;
    const type = customFieldType(fieldValue);
    if (type === null) return { field, message: `${field} must be a string, an integer, a double or an array of strings` };
    const known = fieldTypes.get(name);
    if (known === undefined || known === type) {
      if (known === undefined) added.push([name, type]);
    } else if (known === 'text' || type === 'text') {
      return { field, message: `${field} is ${article(type)} ${type} here but ${article(known)} ${known} in an earlier document; a custom field keeps the type of its first value` };
    } else if (type === 'double') {
      // JSON cannot tell 5 from 5.0, so a field first seen with a whole number may be a
      // double all along; only the service knows the type it already has.
      added.push([name, 'double']);
    }
  }
  // Types are recorded only for a valid document, so a rejected one does not set them.
  for (const [name, type] of added) fieldTypes.set(name, type);
  return null;
}

function article(type: CustomFieldType): string {
  return type === 'integer' ? 'an' : 'a';
}

function customFieldType(value: unknown): CustomFieldType | null {
  if (typeof value === 'string') return 'text';
  if (typeof value === 'number' && Number.isFinite(value)) return Number.isInteger(value) ? 'integer' : 'double';
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return 'text';
  return null;
}

/** Bytes of a string as UTF-8, the way the service counts the body. */
export function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}

/**
 * Checks a batch before it is sent (4.6): every document valid, each custom field of
 * one type across the batch, and the body within 1,000,000 bytes. Returns the body.
 */
export function checkBatch(documents: readonly IndexDocument[]): string {
  if (!Array.isArray(documents) || documents.length === 0) throw invalidParameter('documents', 'documents must be a non-empty array');
  const types = new Map<string, CustomFieldType>();
  documents.forEach((doc, i) => {
    const problem = documentProblem(doc, types);
    if (problem !== null) throw invalidParameter(`documents[${i}]${problem.field ? '.' + problem.field : ''}`, `documents[${i}]: ${problem.message}`);
  });
  const json = JSON.stringify({ documents });
  const bytes = byteLength(json);
  if (bytes > BODY_MAX_BYTES) {
    throw invalidParameter('documents', `the batch body is ${bytes} bytes; the API takes at most ${BODY_MAX_BYTES}: split it (see batches())`);
  }
  return json;
}
