import { parseDocDate } from './docDate.ts';
import type { ApiErrorDetail, RecommendationEvent } from './types.ts';

/** Transaction and item ids, like document ids, stay short. */
export const RECOMMENDATION_ID_MAX_CHARS = 512;

export type RecommendationEventsCheck = { ok: true; events: RecommendationEvent[] } | { ok: false; problems: ApiErrorDetail[] };

/** Checks every event of a batch (API 2.8); all problems are returned so one answer lists them all. */
export function validateRecommendationEvents(raw: readonly unknown[]): RecommendationEventsCheck {
  const events: RecommendationEvent[] = [];
  const problems: ApiErrorDetail[] = [];
  raw.forEach((item, position) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      problems.push({ position, message: 'an event must be an object {transaction, item, time}' });
      return;
    }
    const event = item as Record<string, unknown>;
    let ok = true;
    for (const field of ['transaction', 'item', 'time'] as const) {
      const value = event[field];
      const problem =
        value === undefined
          ? `${field} is required`
          : typeof value !== 'string'
            ? `${field} must be a string`
            : value.length === 0
              ? `${field} must not be empty`
              : value.length > RECOMMENDATION_ID_MAX_CHARS
                ? `${field} must have at most ${RECOMMENDATION_ID_MAX_CHARS} characters`
                : field === 'time' && !isIsoTime(value)
                  ? 'time must be an ISO 8601 date (yyyy-MM-dd) or date-time'
                  : null;
      if (problem !== null) {
        problems.push({ position, parameter: field, message: problem });
        ok = false;
      }
    }
    if (ok) events.push({ transaction: event.transaction as string, item: event.item as string, time: event.time as string });
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, events };
}

/** A date, or a date-time with or without a zone (a time without one is read as UTC); not epoch numbers. */
function isIsoTime(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}/.test(text)) return false;
  return parseDocDate(text) !== null || parseDocDate(`${text}Z`) !== null;
}
