import { EVENT_ID_PATTERN, EVENT_ID_PROBLEM, storedTextProblem } from './fieldRules.ts';
import { DOCID_MAX_CHARS, SESSION_MAX_CHARS, TAG_MAX_CHARS, TERM_MAX_CHARS, USER_TOKEN_MAX_CHARS } from './limits.ts';
import type { StatsEvent } from './types.ts';

const EVENT_ID = new RegExp(EVENT_ID_PATTERN);

/** What a stats event must hold (API 4.9); names the first field at fault. */
export type StatsEventCheck = { ok: true; event: StatsEvent } | { ok: false; field: string; message: string };

/**
 * Checks a search or click event before it is sent, by the rules and in the words of the
 * service's schema (server/schemas/statsEvent.ts, tested against this). Fields the API
 * does not name are ignored, not refused; `eventId`, when given, must be well formed.
 */
export function validateStatsEvent(body: unknown): StatsEventCheck {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, field: '', message: 'the body must be a JSON object: a search or a click event' };
  }
  const raw = body as Record<string, unknown>;
  const { action } = raw;
  if (action === undefined || action === null) return fail('action', 'is required');
  if (action !== 'search' && action !== 'click') return fail('action', 'must be one of: search, click');
  // The first field at fault, as the service names one.
  const problem =
    text(raw, 'session', 1, SESSION_MAX_CHARS) ??
    text(raw, 'keyword', 0, TERM_MAX_CHARS) ??
    (raw.tag == null ? null : text(raw, 'tag', 0, TAG_MAX_CHARS)) ??
    (raw.eventId == null ? null : eventIdProblem(raw.eventId)) ??
    (action === 'search' ? count(raw, 'numberOfResults', 0) : (text(raw, 'docid', 1, DOCID_MAX_CHARS) ?? count(raw, 'position', 1))) ??
    (raw.userToken == null ? null : text(raw, 'userToken', 1, USER_TOKEN_MAX_CHARS));
  if (problem !== null) return problem;
  const { session, keyword, tag, eventId, userToken } = raw as {
    session: string;
    keyword: string;
    tag?: string | null;
    eventId?: string | null;
    userToken?: string | null;
  };
  const optional = { ...(tag != null && { tag }), ...(eventId != null && { eventId }), ...(userToken != null && { userToken }) };
  const event: StatsEvent =
    action === 'search'
      ? { action, session, keyword, numberOfResults: raw.numberOfResults as number, ...optional }
      : { action: 'click', session, keyword, docid: raw.docid as string, position: raw.position as number, ...optional };
  return { ok: true, event };
}

function text(raw: Record<string, unknown>, field: string, min: number, max: number): StatsEventCheck | null {
  const value = raw[field];
  if (value === undefined || value === null) return fail(field, 'is required');
  if (typeof value !== 'string') return fail(field, 'must be a string');
  if (value.length < min) return fail(field, 'must not be empty');
  if (value.length > max) return fail(field, `must have at most ${max} characters`);
  const problem = storedTextProblem(value);
  return problem === null ? null : fail(field, problem);
}

function count(raw: Record<string, unknown>, field: string, min: number): StatsEventCheck | null {
  const value = raw[field];
  if (value === undefined || value === null) return fail(field, 'is required');
  if (!Number.isInteger(value)) return fail(field, 'must be an integer');
  if ((value as number) < min) return fail(field, `must be at least ${min}`);
  return (value as number) > Number.MAX_SAFE_INTEGER ? fail(field, `must be at most ${Number.MAX_SAFE_INTEGER}`) : null;
}

function eventIdProblem(value: unknown): StatsEventCheck | null {
  return typeof value === 'string' && EVENT_ID.test(value) ? null : fail('eventId', EVENT_ID_PROBLEM);
}

function fail(field: string, words: string): StatsEventCheck {
  return { ok: false, field, message: `${field} ${words}` };
}
