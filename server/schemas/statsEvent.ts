/**
 * A search or click event of `POST /v1/stats/{key}` (API 4.9). Fields the API does not
 * name are ignored, not refused: a newer tracker may send more (a timestamp) to an older
 * service. `eventId` is the service's one addition. The client checks the same rules
 * before sending (src/client/validateStatsEvent.ts, tested against this schema).
 */
import Type, { type Static } from 'typebox';
import { EVENT_ID_PATTERN, EVENT_ID_PROBLEM } from '../../src/client/fieldRules.ts';
import { DOCID_MAX_CHARS, SESSION_MAX_CHARS, TAG_MAX_CHARS, TERM_MAX_CHARS, USER_TOKEN_MAX_CHARS } from '../../src/client/limits.ts';
import type { StatsEvent as ApiStatsEvent } from '../../src/client/types.ts';
import { withoutNulls } from './withoutNulls.ts';
import { schemaCheck, type SchemaProblem } from './schemaProblems.ts';
import { StoredText } from './storedText.ts';

const Action = Type.Object(
  { action: Type.Union([Type.Literal('search'), Type.Literal('click')], { errorMessage: 'must be one of: search, click' }) },
  { errorMessage: 'must be a JSON object: a search or a click event' },
);

// Past 2^53 a count is no longer exact.
const Count = (minimum: number) => Type.Integer({ minimum, maximum: Number.MAX_SAFE_INTEGER });

const common = {
  session: StoredText({ minLength: 1, maxLength: SESSION_MAX_CHARS }),
  keyword: StoredText({ maxLength: TERM_MAX_CHARS }),
  tag: Type.Optional(StoredText({ maxLength: TAG_MAX_CHARS })),
  eventId: Type.Optional(Type.String({ pattern: EVENT_ID_PATTERN, errorMessage: EVENT_ID_PROBLEM })),
};

// The service's addition: the user searching or clicking (personal results), a signed token.
const userToken = Type.Optional(StoredText({ minLength: 1, maxLength: USER_TOKEN_MAX_CHARS }));

export const SearchEvent = Type.Object({ action: Type.Literal('search'), ...common, numberOfResults: Count(0), userToken });
export const ClickEvent = Type.Object({
  action: Type.Literal('click'),
  ...common,
  docid: StoredText({ minLength: 1, maxLength: DOCID_MAX_CHARS }),
  // Positions count from 1.
  position: Count(1),
  userToken,
});
export const StatsEvent = Type.Union([SearchEvent, ClickEvent]);
export type StatsEvent = Static<typeof StatsEvent>;

const actionCheck = schemaCheck(Action, 'the body');
const searchCheck = schemaCheck(SearchEvent, 'the event');
const clickCheck = schemaCheck(ClickEvent, 'the event');

export type StatsEventReading = { ok: true; event: ApiStatsEvent } | ({ ok: false } & SchemaProblem);

/** Reads a stats event: the event with only the fields the service keeps, or its first problem. */
export function readStatsEvent(raw: unknown): StatsEventReading {
  // A tag or eventId of null is absent; a required field of null is missing.
  const body = withoutNulls(raw);
  const [wrong] = actionCheck.problems(body);
  if (wrong !== undefined) return { ok: false, ...wrong };
  if (searchCheck.check(body)) {
    const { action, session, keyword, numberOfResults, tag, eventId, userToken } = body;
    return { ok: true, event: { action, session, keyword, numberOfResults, ...optional(tag, eventId), ...(userToken !== undefined && { userToken }) } };
  }
  if (clickCheck.check(body)) {
    const { action, session, keyword, docid, position, tag, eventId, userToken } = body;
    return { ok: true, event: { action, session, keyword, docid, position, ...optional(tag, eventId), ...(userToken !== undefined && { userToken }) } };
  }
  const check = (body as { action: string }).action === 'search' ? searchCheck : clickCheck;
  return { ok: false, ...check.problems(body)[0]! };
}

function optional(tag: string | undefined, eventId: string | undefined): { tag?: string; eventId?: string } {
  return { ...(tag !== undefined && { tag }), ...(eventId !== undefined && { eventId }) };
}
