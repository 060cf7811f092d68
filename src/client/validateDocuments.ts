import { parseDocDate } from './docDate.ts';
import { BODY_MAX_BYTES, CUSTOM_FIELD_ARRAY_MAX, CUSTOM_FIELDS_MAX, ID_MAX_CHARS, THUMBNAIL_B64_MAX_CHARS, URL_MAX_CHARS } from './limits.ts';
import type { CustomFieldValue, IndexDocument } from './types.ts';
import { invalidParameter } from './validate.ts';

// The rules of the document resource (2.1), in one place: the service refuses what they
// refuse, and the client checks them before sending, so a write it sends is one the
// service takes (but for custom field types, which only the service knows in full).

/** The type a custom field takes from its first value (2.1, rule 2). */
export type CustomFieldType = 'text' | 'integer' | 'double';

/** What is wrong with one document: the field at fault (relative to the document), if one is, and why. */
export interface DocumentProblem {
  field?: string | undefined;
  message: string;
}

/** A valid document, its fields read: what the service's engine writes, less an id made from the url. */
export interface CheckedDocument {
  /** The path's id, else the body's; null when the url names the document (its md5) or the service picks the id. */
  id: string | null;
  url: string | null;
  title: string;
  mainContent: string;
  /** Lower case, `-` between parts. */
  language: string | null;
  thumbnail: string | null;
  thumbnailB64: string | null;
  /** `doc_date` as epoch milliseconds. */
  docDate: number | null;
  customFields: Record<string, CustomFieldValue>;
}

export type DocumentCheck = { ok: true; document: CheckedDocument } | { ok: false; problems: DocumentProblem[] };

/** Where a document's id comes from besides its body. */
export interface DocumentId {
  /** The id of the request's path, which wins over the body's and must agree with it. */
  pathId?: string | undefined;
  /** The service picks the id (POST): the document needs neither url nor id. */
  assigned?: boolean | undefined;
}

const STRING_FIELDS = ['id', 'url', 'thumbnail_external_src', 'thumbnail_b64', 'language', 'title', 'main_content', 'doc_date'] as const;
const KNOWN_FIELDS = new Set<string>([...STRING_FIELDS, 'custom_fields']);
const LANGUAGE = /^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8})*$/;
const FIELD_NAME = /^[\p{L}\p{N}_-]{1,64}$/u;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const LONE_SURROGATE = /\p{Cs}/u;
const IMAGE_DATA_URL = /^data:image\/(?:png|jpeg|gif|webp|avif);base64,(.*)$/s;

/** Checks one document against every rule of 2.1 and reads its fields; lists all the problems. */
export function checkDocument(raw: unknown, id: DocumentId = {}): DocumentCheck {
  const { pathId } = id;
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
    else if (LONE_SURROGATE.test(value))
      problems.push({ field, message: `${field} holds a lone surrogate (\\u${surrogateOf(value)}): not well-formed Unicode` });
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

  if (pathId === undefined && !id.assigned && text.id === undefined && text.url === undefined) {
    problems.push({ message: 'a document needs a url or an id' });
  }
  if (problems.length > 0) return { ok: false, problems };

  return {
    ok: true,
    document: {
      id: pathId ?? text.id ?? null,
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

/**
 * Checks one document before it is sent: every rule of 2.1 (`url` or `id` unless
 * `needsUrlOrId` is false), and, given `fieldTypes`, the same type for a custom field as
 * in earlier documents. Records the types of new fields in `fieldTypes`. Returns the
 * first problem, or null.
 */
export function documentProblem(value: unknown, fieldTypes: Map<string, CustomFieldType> = new Map(), needsUrlOrId = true): DocumentProblem | null {
  const checked = checkDocument(value, { assigned: !needsUrlOrId });
  if (!checked.ok) return checked.problems[0]!;
  const added: Array<[string, CustomFieldType]> = [];
  for (const [name, fieldValue] of Object.entries(checked.document.customFields)) {
    const field = `custom_fields.${name}`;
    const type = customFieldType(fieldValue);
    const known = fieldTypes.get(name);
    if (known === undefined || known === type) {
      if (known === undefined) added.push([name, type]);
    } else if (known === 'text' || type === 'text') {
      return {
        field,
        message: `${field} is ${article(type)} ${type} here but ${article(known)} ${known} in an earlier document; a custom field keeps the type of its first value`,
      };
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

/** The type a valid custom field value gives its field: text for strings and lists. */
export function customFieldType(value: CustomFieldValue): CustomFieldType {
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'double';
  return 'text';
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
