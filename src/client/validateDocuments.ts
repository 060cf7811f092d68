import { parseDocDate } from './docDate.ts';
import {
  CUSTOM_VALUE_PROBLEM,
  DOC_DATE_PROBLEM,
  FIELD_NAME_PATTERN,
  FIELD_NAME_PROBLEM,
  isDocDate,
  isWebUrl,
  LANGUAGE_PATTERN,
  LANGUAGE_PROBLEM,
  storedTextProblem,
  thumbnailProblem,
  WEB_URL_PROBLEM,
} from './fieldRules.ts';
import { BODY_MAX_BYTES, CUSTOM_FIELD_ARRAY_MAX, CUSTOM_FIELDS_MAX, ID_MAX_CHARS, THUMBNAIL_B64_MAX_CHARS, URL_MAX_CHARS } from './limits.ts';
import type { CustomFieldValue, IndexDocument } from './types.ts';
import { invalidParameter } from './validate.ts';

// The rules of the document resource (2.1) as the client checks them before sending: the
// service refuses what they refuse, in the same words (its schema, server/schemas/
// documentBody.ts, is tested against them), so a write the client sends is one the
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

type TextField = 'id' | 'url' | 'thumbnail_external_src' | 'thumbnail_b64' | 'language' | 'title' | 'main_content' | 'doc_date';

const LANGUAGE = new RegExp(LANGUAGE_PATTERN);
const FIELD_NAME = new RegExp(FIELD_NAME_PATTERN, 'u');
const webUrl = (text: string) => lengthProblem(text, 0, URL_MAX_CHARS) ?? (isWebUrl(text) ? null : WEB_URL_PROBLEM);

/** Each text field's rule beyond being stored text: the words after its name, or null. */
const TEXT_FIELDS: Readonly<Record<TextField, (text: string) => string | null>> = {
  id: (text) => lengthProblem(text, 1, ID_MAX_CHARS),
  url: webUrl,
  thumbnail_external_src: webUrl,
  thumbnail_b64: (text) => lengthProblem(text, 0, THUMBNAIL_B64_MAX_CHARS) ?? thumbnailProblem(text),
  language: (text) => (LANGUAGE.test(text) ? null : LANGUAGE_PROBLEM),
  title: () => null,
  main_content: () => null,
  doc_date: (text) => (isDocDate(text) ? null : DOC_DATE_PROBLEM),
};

/**
 * Checks one document against every rule of 2.1 and reads its fields; lists all the
 * problems. The service checks the same rules with its schema (server/schemas/documentBody.ts).
 */
export function checkDocument(raw: unknown, id: DocumentId = {}): DocumentCheck {
  const { pathId } = id;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, problems: [{ message: 'a document must be a JSON object' }] };
  }
  const problems: DocumentProblem[] = [];
  const text: Partial<Record<TextField, string>> = {};
  let customFields: Record<string, CustomFieldValue> = {};
  // null reads as absent: crawlers and exports often write missing fields that way.
  for (const [key, value] of Object.entries(raw)) {
    if (value === null || value === undefined) continue;
    if (key === 'custom_fields') customFields = checkCustomFields(value, problems);
    else if (!Object.hasOwn(TEXT_FIELDS, key)) problems.push({ field: key, message: `unknown field '${key}'` });
    else {
      const problem = typeof value === 'string' ? (storedTextProblem(value) ?? TEXT_FIELDS[key as TextField](value)) : 'must be a string';
      if (problem === null) text[key as TextField] = value as string;
      else problems.push({ field: key, message: `${key} ${problem}` });
    }
  }
  if (pathId !== undefined && text.id !== undefined && text.id !== pathId) {
    problems.push({ field: 'id', message: `id in the body ('${text.id}') differs from the id in the path` });
  }
  if (problems.length === 0 && pathId === undefined && !id.assigned && text.id === undefined && text.url === undefined) {
    problems.push({ message: 'a document needs a url or an id' });
  }
  if (problems.length > 0) return { ok: false, problems };

  return { ok: true, document: { id: pathId ?? text.id ?? null, ...documentFields({ ...text, custom_fields: customFields }) } };
}

/** The fields of a document body already checked, read as engines store them: defaults filled in, the language and date normalised. */
export function documentFields(body: Partial<Record<TextField, string>> & { custom_fields?: Record<string, CustomFieldValue> }): Omit<CheckedDocument, 'id'> {
  return {
    url: body.url ?? null,
    title: body.title ?? '',
    mainContent: body.main_content ?? '',
    language: body.language?.toLowerCase().replace('_', '-') ?? null,
    thumbnail: body.thumbnail_external_src ?? null,
    thumbnailB64: body.thumbnail_b64 ?? null,
    docDate: body.doc_date === undefined ? null : parseDocDate(body.doc_date),
    customFields: body.custom_fields ?? {},
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

function lengthProblem(text: string, min: number, max: number): string | null {
  if (text.length < min) return 'must not be empty';
  return text.length > max ? `must have at most ${max} characters` : null;
}

function checkCustomFields(value: unknown, problems: DocumentProblem[]): Record<string, CustomFieldValue> {
  const fields: Record<string, CustomFieldValue> = {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    problems.push({ field: 'custom_fields', message: 'custom_fields must be an object' });
    return fields;
  }
  const entries = Object.entries(value);
  if (entries.length > CUSTOM_FIELDS_MAX) {
    problems.push({ field: 'custom_fields', message: `custom_fields may have at most ${CUSTOM_FIELDS_MAX} fields` });
  }
  for (const [name, fieldValue] of entries) {
    const field = `custom_fields.${name}`;
    const message = FIELD_NAME.test(name) ? customValueProblem(field, fieldValue) : `${field} ${FIELD_NAME_PROBLEM}`;
    if (message === null) fields[name] = fieldValue as CustomFieldValue;
    else problems.push({ field, message });
  }
  return fields;
}

/** What is wrong with a custom field's value (the whole message), or null. */
function customValueProblem(field: string, value: unknown): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : `${field} must be a finite number`;
  if (typeof value === 'string') return textProblem(field, value);
  if (!Array.isArray(value)) return `${field} ${CUSTOM_VALUE_PROBLEM}`;
  if (value.length > CUSTOM_FIELD_ARRAY_MAX) return `${field} may have at most ${CUSTOM_FIELD_ARRAY_MAX} values`;
  for (const [i, item] of value.entries()) {
    const problem = typeof item === 'string' ? textProblem(`${field}[${i}]`, item) : `${field}[${i}] must be a string`;
    if (problem !== null) return problem;
  }
  return null;
}

function textProblem(field: string, text: string): string | null {
  const problem = storedTextProblem(text);
  return problem === null ? null : `${field} ${problem}`;
}
