/**
 * The rules of single text fields that the service's schemas (server/schemas) and the
 * client's checks share, each worded as the words after the field's name: the service
 * and the client refuse the same values in the same words.
 */
import { parseDocDate } from './docDate.ts';

// eslint-disable-next-line no-control-regex -- NUL is what is looked for.
const NUL = /\u0000/;
const LONE_SURROGATE = /\p{Cs}/u;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const IMAGE_DATA_URL = /^data:image\/(?:png|jpeg|gif|webp|avif);base64,(.*)$/s;

/** A document's `language`: a language code, with region or script parts. */
export const LANGUAGE_PATTERN = '^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8})*$';
export const LANGUAGE_PROBLEM = 'must be a language code such as en or de';
/** A custom field's name. */
export const FIELD_NAME_PATTERN = '^[\\p{L}\\p{N}_-]{1,64}$';
export const FIELD_NAME_PROBLEM = 'is not a custom field name: use 1 to 64 letters, digits, _ or -';
export const CUSTOM_VALUE_PROBLEM = 'must be a string, an integer, a double or an array of strings';
export const DOC_DATE_PROBLEM = 'must be yyyy-MM-dd, a date-time with Z or an offset, or epoch milliseconds';
export const WEB_URL_PROBLEM = 'must be an absolute http or https URL';

/**
 * What keeps text from being stored as sent, or null. PostgreSQL cannot store NUL (it
 * would become U+FFFD, so two ids that differ on SQLite would be one there); stored as
 * UTF-8, a lone surrogate becomes U+FFFD on every engine, so the text kept (and an id
 * made from a url) would differ from the text sent.
 */
export function storedTextProblem(text: string): string | null {
  if (NUL.test(text)) return 'holds NUL (\\u0000), which the service does not store';
  const surrogate = LONE_SURROGATE.exec(text)?.[0];
  return surrogate === undefined ? null : `holds a lone surrogate (\\u${surrogate.charCodeAt(0).toString(16).toUpperCase()}): not well-formed Unicode`;
}

export function isWebUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export function isDocDate(text: string): boolean {
  return parseDocDate(text) !== null;
}

/** What is wrong with an inline thumbnail (base64 or a `data:image/*` URL), or null. */
export function thumbnailProblem(value: string): string | null {
  const data = IMAGE_DATA_URL.exec(value);
  if (value.startsWith('data:') && data === null) return 'must be base64 or a data:image/(png|jpeg|gif|webp|avif);base64 URL';
  const payload = data === null ? value : data[1]!;
  return payload.length > 0 && BASE64.test(payload) ? null : 'must be valid base64';
}

/** A recommendation event's `time`: a date, or a date-time with or without a zone (read as UTC); not epoch numbers. */
export function isIsoTime(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}/.test(text)) return false;
  return parseDocDate(text) !== null || parseDocDate(`${text}Z`) !== null;
}
export const ISO_TIME_PROBLEM = 'must be an ISO 8601 date (yyyy-MM-dd) or date-time';

/** The sender's id of a stats event (an addition to the API), for storing a resent event once. */
export const EVENT_ID_PATTERN = '^[A-Za-z0-9_-]{1,64}$';
export const EVENT_ID_PROBLEM = 'must be 1-64 characters of A-Z, a-z, 0-9, _ and -';
