import type { CustomFieldValue } from '../../src/client/types.ts';
import type { PreparedDocument } from '../engine/engine.ts';
import { parseDocDate } from '../../src/client/docDate.ts';
import { documentIdFromUrl } from './documentId.ts';

/** What is wrong with one document; `field` names the field at fault, if one is. */
export interface DocumentProblem {
  field?: string;
  message: string;
}

export type DocumentValidation =
  | { ok: true; document: PreparedDocument }
  | { ok: false; problems: DocumentProblem[] };

export const ID_MAX_CHARS = 512;
export const URL_MAX_CHARS = 4096;
/** An inline thumbnail is meant to be tiny; 8 KB keeps hits light. */
export const THUMBNAIL_B64_MAX_CHARS = 8192;
export const CUSTOM_FIELDS_MAX = 100;
export const CUSTOM_FIELD_ARRAY_MAX = 1000;

const STRING_FIELDS = ['id', 'url', 'thumbnail_external_src', 'thumbnail_b64', 'language', 'title', 'main_content', 'doc_date'] as const;
const KNOWN_FIELDS = new Set<string>([...STRING_FIELDS, 'custom_fields']);
const LANGUAGE = /^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8})*$/;
const FIELD_NAME = /^[\p{L}\p{N}_-]{1,64}$/u;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const LONE_SURROGATE = /\p{Cs}/u;
const IMAGE_DATA_URL = /^data:image\/(?:png|jpeg|gif|webp|avif);base64,(.*)$/s;

/**
 * Checks one input document and turns it into what the engine writes. `pathId` is the
 * id from the request path, which wins over the body's and must agree with it.
 */
export function validateDocument(raw: unknown, pathId?: string): DocumentValidation {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, problems: [{ message: 'a document must be a JSON object' }] };
  }
  const input = raw as Record<string, unknown>;
  const problems: DocumentProblem[] = [];
  const text: Partial<Record<(typeof STRING_FIELDS)[number], string>> = {};

  for (const key of Object.keys(input)) {
    if (!KNOWN_FIELDS.has(key)) problems.push({ field: key, message: `unknown field '${key}'` });
  }
  for (const field of STRING_FIELDS) {
    const value = input[field];
    // null reads as absent: crawlers and exports often write missing fields that way.
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') problems.push({ field, message: `${field} must be a string` });
    // Stored as UTF-8, a lone surrogate would become U+FFFD: the document stored would
    // differ from the one sent (and its id, the md5 of the url, from the url kept).
    else if (LONE_SURROGATE.test(value)) problems.push({ field, message: `${field} holds a lone surrogate (\\u${surrogateOf(value)}): not well-formed Unicode` });
    else text[field] = value;
  }

  if (text.id !== undefined && (text.id.length === 0 || text.id.length > ID_MAX_CHARS)) {
    problems.push({ field: 'id', message: `id must have 1 to ${ID_MAX_CHARS} characters` });
  }
  if (pathId !== undefined && text.id !== undefined && text.id !== pathId) {
    problems.push({ field: 'id', message: `id in the body ('${text.id}') differs from the id in the path` });
  }
  if (text.url !== undefined && !isWebUrl(text.url)) {
    problems.push({ field: 'url', message: 'url must be an absolute http or https URL' });
  }
  if (text.thumbnail_external_src !== undefined && !isWebUrl(text.thumbnail_external_src)) {
    problems.push({
      field: 'thumbnail_external_src',
      message: 'thumbnail_external_src must be an absolute http or https URL',
    });
  }
  if (text.thumbnail_b64 !== undefined) {
    const problem = thumbnailProblem(text.thumbnail_b64);
    if (problem !== null) problems.push({ field: 'thumbnail_b64', message: problem });
  }
  if (text.language !== undefined && !LANGUAGE.test(text.language)) {
    problems.push({ field: 'language', message: 'language must be a language code such as en or de' });
  }
  let docDate: number | null = null;
  if (text.doc_date !== undefined) {
    docDate = parseDocDate(text.doc_date);
    if (docDate === null) {
      problems.push({
        field: 'doc_date',
        message: 'doc_date must be yyyy-MM-dd, a date-time with Z or an offset, or epoch milliseconds',
      });
    }
  }
  const customFields = checkCustomFields(input.custom_fields, problems);

  const id = pathId ?? text.id ?? (text.url !== undefined ? documentIdFromUrl(text.url) : undefined);
  if (id === undefined) problems.push({ message: 'a document needs a url or an id' });
  if (problems.length > 0 || id === undefined) return { ok: false, problems };

  return {
    ok: true,
    document: {
      id,
      url: text.url ?? null,
      title: text.title ?? '',
      mainContent: text.main_content ?? '',
      language: text.language?.toLowerCase().replace('_', '-') ?? null,
      thumbnail: text.thumbnail_external_src ?? null,
      thumbnailB64: text.thumbnail_b64 ?? null,
      docDate,
      customFields,
    },
  };
}

function isWebUrl(text: string): boolean {
  if (text.length > URL_MAX_CHARS) return false;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function thumbnailProblem(value: string): string | null {
  if (value.length > THUMBNAIL_B64_MAX_CHARS) {
    return `thumbnail_b64 must be at most ${THUMBNAIL_B64_MAX_CHARS} characters`;
  }
  const data = IMAGE_DATA_URL.exec(value);
  const payload = data === null ? value : data[1]!;
  if (value.startsWith('data:') && data === null) {
    return 'thumbnail_b64 must be base64 or a data:image/(png|jpeg|gif|webp|avif);base64 URL';
  }
  return payload.length > 0 && BASE64.test(payload) ? null : 'thumbnail_b64 must be valid base64';
}

function checkCustomFields(value: unknown, problems: DocumentProblem[]): Record<string, CustomFieldValue> {
  const fields: Record<string, CustomFieldValue> = {};
  if (value === undefined || value === null) return fields;
  if (typeof value !== 'object' || Array.isArray(value)) {
    problems.push({ field: 'custom_fields', message: 'custom_fields must be an object' });
    return fields;
  }
  const entries = Object.entries(value);
  if (entries.length > CUSTOM_FIELDS_MAX) {
    problems.push({ field: 'custom_fields', message: `custom_fields may have at most ${CUSTOM_FIELDS_MAX} fields` });
  }
  for (const [name, fieldValue] of entries) {
    const field = `custom_fields.${name}`;
    if (!FIELD_NAME.test(name)) {
      problems.push({ field, message: `custom field name '${name}' must be 1 to 64 letters, digits, _ or -` });
    } else if (typeof fieldValue === 'string') {
      fields[name] = fieldValue;
    } else if (typeof fieldValue === 'number' && Number.isFinite(fieldValue)) {
      fields[name] = fieldValue;
    } else if (Array.isArray(fieldValue) && fieldValue.every((v): v is string => typeof v === 'string')) {
      if (fieldValue.length > CUSTOM_FIELD_ARRAY_MAX) {
        problems.push({ field, message: `${field} may have at most ${CUSTOM_FIELD_ARRAY_MAX} values` });
      } else {
        fields[name] = fieldValue;
      }
    } else {
      problems.push({
        field,
        message: `${field} must be a string, an integer, a double or an array of strings (got ${describe(fieldValue)})`,
      });
    }
  }
  return fields;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array with a non-string value';
  if (typeof value === 'number') return 'a non-finite number';
  return `a ${typeof value}`;
}

function surrogateOf(value: string): string {
  const match = LONE_SURROGATE.exec(value);
  return (match?.[0].charCodeAt(0) ?? 0).toString(16).toUpperCase();
}
