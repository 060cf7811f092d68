/**
 * A query rule as `PUT /v2/indices/{key}/rules/{ruleId}` takes it (src/client/types.ts,
 * QueryRuleInput). The schema checks shapes and sizes; `readQueryRule` adds what a schema
 * cannot say (filters as the search's `filter` reads them, validity windows in order,
 * the size of `userData`), each problem naming its field.
 */
import Type, { type Static } from 'typebox';
import { ISO_TIME_PROBLEM, isIsoTime, isWebUrl, WEB_URL_PROBLEM } from '../../src/client/fieldRules.ts';
import { ID_MAX_CHARS, TERM_MAX_CHARS, URL_MAX_CHARS } from '../../src/client/limits.ts';
import type { QueryRule, QueryRuleInput } from '../../src/client/types.ts';
import { ApiError } from './apiError.ts';
import { parseFilter } from './parseFilter.ts';
import { schemaCheck, type SchemaProblem } from './schemaProblems.ts';
import { StoredText } from './storedText.ts';
import { validityTime } from './validityTime.ts';

/** Rules one index keeps at most: enough for any site, and the rules stage indexes them all in memory. */
export const RULES_PER_INDEX_MAX = 10_000;
/**
 * The bytes of one rule as stored JSON, and of all the rules of an index: every search
 * holds an index's rules in memory, and a listing reads them all.
 */
export const RULE_BYTES_MAX = 64 * 1024;
export const INDEX_RULE_BYTES_MAX = 50 * 1024 * 1024;
/** Rules in one page of a listing. */
export const RULES_PAGE_MAX = 1000;
export const RULES_PAGE_DEFAULT = 100;
export const RULE_ID_PATTERN = '^[A-Za-z0-9_-]{1,64}$';
export const RULE_ID_PROBLEM = 'must be 1-64 characters of A-Z, a-z, 0-9, _ and -';
/** Positions reach as far as the last result of a page of the largest `limit`, pages beyond are rare. */
export const RULE_POSITION_MAX = 1000;
/** userData is handed to the page with every matching search: kept small. */
export const USER_DATA_MAX_BYTES = 10_000;
const CONDITIONS_MAX = 50;
const PINS_MAX = 50;
const HIDE_MAX = 500;
const BOOSTS_MAX = 20;
const PROMOTIONS_MAX = 20;
const VALIDITY_MAX = 50;
const TEXT_MAX_CHARS = 1000;
const BOOST_FACTOR_MAX = 100;

const WebUrl = Type.Refine(StoredText({ maxLength: URL_MAX_CHARS }), isWebUrl, () => WEB_URL_PROBLEM);
const Time = Type.Refine(StoredText({ maxLength: 64 }), isIsoTime, () => ISO_TIME_PROBLEM);
const Position = Type.Integer({ minimum: 1, maximum: RULE_POSITION_MAX, errorMessage: `must be an integer from 1 to ${RULE_POSITION_MAX}` });
const DocumentId = StoredText({ minLength: 1, maxLength: ID_MAX_CHARS });
/** Checked as the search's `filter` by readQueryRule. */
const Filter = Type.Object({}, { additionalProperties: true, errorMessage: 'must be a filter object, as the search takes in filter' });

const Condition = Type.Object(
  {
    pattern: StoredText({ maxLength: TERM_MAX_CHARS }),
    anchoring: Type.Union([Type.Literal('is'), Type.Literal('startsWith'), Type.Literal('endsWith'), Type.Literal('contains')], {
      errorMessage: 'must be is, startsWith, endsWith or contains',
    }),
    filters: Type.Optional(Filter),
  },
  { additionalProperties: false, errorMessage: 'must be an object {pattern, anchoring, filters?}' },
);

const Consequence = Type.Object(
  {
    pin: Type.Optional(
      Type.Array(Type.Object({ id: DocumentId, position: Position }, { additionalProperties: false, errorMessage: 'must be an object {id, position}' }), {
        maxItems: PINS_MAX,
      }),
    ),
    hide: Type.Optional(Type.Array(DocumentId, { maxItems: HIDE_MAX })),
    boost: Type.Optional(
      Type.Array(
        Type.Object(
          {
            filter: Filter,
            factor: Type.Number({ exclusiveMinimum: 0, maximum: BOOST_FACTOR_MAX, errorMessage: `must be a number above 0, at most ${BOOST_FACTOR_MAX}` }),
          },
          { additionalProperties: false, errorMessage: 'must be an object {filter, factor}' },
        ),
        { maxItems: BOOSTS_MAX },
      ),
    ),
    promotions: Type.Optional(
      Type.Array(
        Type.Object(
          {
            title: StoredText({ minLength: 1, maxLength: TEXT_MAX_CHARS }),
            url: WebUrl,
            text: Type.Optional(StoredText({ maxLength: TEXT_MAX_CHARS })),
            image: Type.Optional(WebUrl),
            position: Position,
          },
          { additionalProperties: false, errorMessage: 'must be an object {title, url, text?, image?, position}' },
        ),
        { maxItems: PROMOTIONS_MAX },
      ),
    ),
    replaceTerm: Type.Optional(StoredText({ maxLength: TERM_MAX_CHARS })),
    redirect: Type.Optional(WebUrl),
    userData: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: false, errorMessage: 'must be an object' },
);

export const QueryRuleBody = Type.Object(
  {
    description: Type.Optional(StoredText({ maxLength: TEXT_MAX_CHARS })),
    enabled: Type.Optional(Type.Boolean()),
    conditions: Type.Array(Condition, { minItems: 1, maxItems: CONDITIONS_MAX }),
    consequence: Consequence,
    validity: Type.Optional(
      Type.Array(
        Type.Object(
          { from: Type.Optional(Time), until: Type.Optional(Time) },
          { additionalProperties: false, errorMessage: 'must be an object {from?, until?}' },
        ),
        { maxItems: VALIDITY_MAX },
      ),
    ),
  },
  { additionalProperties: false, errorMessage: 'must be a JSON object {conditions, consequence, ...}' },
);
export type QueryRuleBody = Static<typeof QueryRuleBody>;

const ruleCheck = schemaCheck(QueryRuleBody, 'a rule');
export const ruleIdCheck = schemaCheck(StoredText({ pattern: RULE_ID_PATTERN, errorMessage: RULE_ID_PROBLEM }), 'the rule id');

/** The stored rule of a checked body: `enabled` made explicit. Throws a 400 naming the first field at fault. */
export function readQueryRule(id: string, body: unknown): QueryRule {
  const problems: SchemaProblem[] = ruleCheck.problems(body);
  if (problems.length === 0 && ruleCheck.check(body)) problems.push(...semanticProblems(body));
  if (problems.length > 0) {
    const first = problems[0]!;
    throw new ApiError(400, 'invalid_body', `invalid rule: ${problems.map((p) => p.message).join('; ')}`, {
      ...(first.field !== '' && { parameter: first.field }),
      details: problems.map((p) => ({ ...(p.field !== '' && { parameter: p.field }), message: p.message })),
    });
  }
  const rule = body as QueryRuleInput;
  return { id, ...rule, enabled: rule.enabled ?? true };
}

/** Problems worded as the schema's are: the message starts with the field's name. */
function semanticProblems(body: QueryRuleBody): SchemaProblem[] {
  const found: SchemaProblem[] = [];
  const problems = { push: (problem: SchemaProblem) => found.push({ field: problem.field, message: `${problem.field} ${problem.message}` }) };
  const filter = (value: unknown, field: string) => {
    try {
      parseFilter(JSON.stringify(value));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // parseFilter names the place inside the filter from `filter`: `filter.range: needs gt, lt or both`.
      const place = /^filter(\S*): (.*)$/s.exec(error.message);
      problems.push(place === null ? { field, message: error.message } : { field: `${field}${place[1]}`, message: place[2]! });
    }
  };
  body.conditions.forEach((condition, i) => {
    if (condition.pattern.trim() === '' && condition.anchoring !== 'is') {
      problems.push({ field: `conditions[${i}].pattern`, message: 'may be empty only with anchoring is (it then matches the query *)' });
    }
    if (condition.filters !== undefined) filter(condition.filters, `conditions[${i}].filters`);
  });
  body.consequence.boost?.forEach((boost, i) => filter(boost.filter, `consequence.boost[${i}].filter`));
  body.validity?.forEach((window, i) => {
    if (window.from !== undefined && window.until !== undefined && validityTime(window.from) > validityTime(window.until)) {
      problems.push({ field: `validity[${i}].from`, message: 'must not be after until' });
    }
  });
  const userData = body.consequence.userData;
  if (userData !== undefined && Buffer.byteLength(JSON.stringify(userData)) > USER_DATA_MAX_BYTES) {
    problems.push({ field: 'consequence.userData', message: `must be at most ${USER_DATA_MAX_BYTES} bytes of JSON` });
  }
  return found;
}
