import { DOCID_MAX_CHARS, SESSION_MAX_CHARS, TAG_MAX_CHARS, TERM_MAX_CHARS } from './limits.ts';
import type { StatsEvent } from './types.ts';

/** The sender's id of an event (an addition to the API), for storing a resent event once. */
const EVENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** What a stats event must hold (API 4.9); names the first field at fault. */
export type StatsEventCheck = { ok: true; event: StatsEvent } | { ok: false; field: string; message: string };

/**
 * Checks a search or click event. Fields the API does not name are ignored, not
 * refused: a newer tracker may send more (a timestamp) to an older service. `eventId`
 * is our one addition; when given, it must be well formed.
 */
export function validateStatsEvent(body: unknown): StatsEventCheck {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, field: '', message: 'the body must be a JSON object: a search or a click event' };
  }
  const raw = body as Record<string, unknown>;
  if (raw.action !== 'search' && raw.action !== 'click') {
    return fail('action', raw.action === undefined ? 'action is required' : 'action must be one of: search, click');
  }
  const session = text(raw, 'session', SESSION_MAX_CHARS, 1);
  if (typeof session !== 'string') return session;
  const keyword = text(raw, 'keyword', TERM_MAX_CHARS, 0);
  if (typeof keyword !== 'string') return keyword;
  let tag: string | undefined;
  if (raw.tag !== undefined && raw.tag !== null) {
    const checked = text(raw, 'tag', TAG_MAX_CHARS, 0);
    if (typeof checked !== 'string') return checked;
    tag = checked;
  }
  let eventId: string | undefined;
  if (raw.eventId !== undefined && raw.eventId !== null) {
    if (typeof raw.eventId !== 'string' || !EVENT_ID.test(raw.eventId)) {
      return fail('eventId', 'eventId must be 1-64 characters of A-Z, a-z, 0-9, _ and -');
    }
    eventId = raw.eventId;
  }
  const optional = { ...(tag === undefined ? {} : { tag }), ...(eventId === undefined ? {} : { eventId }) };
  if (raw.action === 'search') {
    const count = raw.numberOfResults;
    if (count === undefined) return fail('numberOfResults', 'numberOfResults is required');
    if (!Number.isSafeInteger(count) || (count as number) < 0) {
      return fail('numberOfResults', 'numberOfResults must be an integer of at least 0');
    }
    return { ok: true, event: { action: 'search', session, keyword, numberOfResults: count as number, ...optional } };
  }
  const docid = text(raw, 'docid', DOCID_MAX_CHARS, 1);
  if (typeof docid !== 'string') return docid;
  const position = raw.position;
  if (position === undefined) return fail('position', 'position is required');
  if (!Number.isSafeInteger(position) || (position as number) < 1) {
    return fail('position', 'position must be an integer of at least 1 (positions count from 1)');
  }
  return { ok: true, event: { action: 'click', session, keyword, docid, position: position as number, ...optional } };
}

function text(raw: Record<string, unknown>, field: string, max: number, min: number): string | StatsEventCheck {
  const value = raw[field];
  if (value === undefined || value === null) return fail(field, `${field} is required`);
  if (typeof value !== 'string') return fail(field, `${field} must be a string`);
  if (value.length < min) return fail(field, `${field} must not be empty`);
  if (value.length > max) return fail(field, `${field} must have at most ${max} characters`);
  return value;
}

function fail(field: string, message: string): StatsEventCheck {
  return { ok: false, field, message };
}
