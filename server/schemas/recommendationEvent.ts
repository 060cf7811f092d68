/**
 * An item-viewed-together event (API 2.8) of a recommendation events batch (4.11).
 * Fields the API does not name are ignored. The client checks the same rules before
 * sending (src/client/validateRecommendationEvents.ts, tested against this schema).
 */
import Type, { type Static } from 'typebox';
import { ISO_TIME_PROBLEM, isIsoTime } from '../../src/client/fieldRules.ts';
import { RECOMMENDATION_ID_MAX_CHARS } from '../../src/client/limits.ts';
import type { ApiErrorDetail, RecommendationEvent as ApiRecommendationEvent } from '../../src/client/types.ts';
import { schemaCheck } from './schemaProblems.ts';
import { StoredText } from './storedText.ts';

const Id = StoredText({ minLength: 1, maxLength: RECOMMENDATION_ID_MAX_CHARS });

export const RecommendationEvent = Type.Object(
  { transaction: Id, item: Id, time: Type.Refine(Id, isIsoTime, () => ISO_TIME_PROBLEM) },
  { errorMessage: 'must be an object {transaction, item, time}' },
);
export type RecommendationEvent = Static<typeof RecommendationEvent>;

const eventCheck = schemaCheck(RecommendationEvent, 'an event');

export type RecommendationEventsReading = { ok: true; events: ApiRecommendationEvent[] } | { ok: false; problems: ApiErrorDetail[] };

/** Reads every event of a batch: the events with only their three fields, or every problem, by position. */
export function readRecommendationEvents(raw: readonly unknown[]): RecommendationEventsReading {
  const events: ApiRecommendationEvent[] = [];
  const problems: ApiErrorDetail[] = [];
  raw.forEach((item, position) => {
    if (eventCheck.check(item)) events.push({ transaction: item.transaction, item: item.item, time: item.time });
    else {
      for (const { field, message } of eventCheck.problems(item)) problems.push({ position, ...(field !== '' && { parameter: field }), message });
    }
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, events };
}
