import { ISO_TIME_PROBLEM, isIsoTime, storedTextProblem } from './fieldRules.ts';
import { RECOMMENDATION_ID_MAX_CHARS } from './limits.ts';
import type { ApiErrorDetail, RecommendationEvent } from './types.ts';

export type RecommendationEventsCheck = { ok: true; events: RecommendationEvent[] } | { ok: false; problems: ApiErrorDetail[] };

const FIELDS = ['transaction', 'item', 'time'] as const;

/**
 * Checks every event of a batch (API 2.8) before it is sent, by the rules and in the
 * words of the service's schema (server/schemas/recommendationEvent.ts, tested against
 * this); all problems are returned so one answer lists them all.
 */
export function validateRecommendationEvents(raw: readonly unknown[]): RecommendationEventsCheck {
  const events: RecommendationEvent[] = [];
  const problems: ApiErrorDetail[] = [];
  raw.forEach((item, position) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      problems.push({ position, message: 'an event must be an object {transaction, item, time}' });
      return;
    }
    const event = item as Record<string, unknown>;
    const found = FIELDS.flatMap((field) => {
      const problem = fieldProblem(field, event[field]);
      return problem === null ? [] : [{ position, parameter: field, message: `${field} ${problem}` }];
    });
    if (found.length === 0) events.push({ transaction: event.transaction as string, item: event.item as string, time: event.time as string });
    problems.push(...found);
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, events };
}

function fieldProblem(field: (typeof FIELDS)[number], value: unknown): string | null {
  if (value === undefined) return 'is required';
  if (typeof value !== 'string') return 'must be a string';
  if (value.length === 0) return 'must not be empty';
  if (value.length > RECOMMENDATION_ID_MAX_CHARS) return `must have at most ${RECOMMENDATION_ID_MAX_CHARS} characters`;
  return storedTextProblem(value) ?? (field === 'time' && !isIsoTime(value) ? ISO_TIME_PROBLEM : null);
}
