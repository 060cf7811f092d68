import {
  LIMIT_DEFAULT,
  LIMIT_MAX,
  LIMIT_MIN,
  NUM_FACETS_DEFAULT,
  NUM_FACETS_MAX,
  SESSION_MAX_CHARS,
  TAG_MAX_CHARS,
  TERM_MAX_CHARS,
} from '../../src/client/limits.ts';
import { DECIMAL_DIGITS } from '../errors.ts';

/**
 * An integer parameter written as plain decimal digits. The schema's type coercion alone
 * would take anything Number() reads (`1e2`, `0x10`, ` 1`): the string is checked
 * first, then coerced and checked as an integer in range.
 */
export function decimalInteger(minimum: number, maximum: number, byDefault: number) {
  return { allOf: [{ type: 'string', pattern: DECIMAL_DIGITS }, { type: 'integer', minimum, maximum }], default: byDefault } as const;
}

/** Repeatable parameters, and how often they may repeat. */
const MAX_REPEATS = 50;
const PAGE_MAX = 100_000;

/**
 * The query string of `GET /v1/search/{key}` after schema validation: types, ranges and
 * enums are checked here (the 400s name the parameter); what JSON and formats hold is
 * checked in parseSearchQuery. A scalar given twice arrives as an array and fails.
 */
export interface SearchQuerystring {
  term: string;
  limit: number;
  page: number;
  jsonp?: string;
  lang?: string;
  categories?: string;
  sort?: string;
  order?: 'asc' | 'desc';
  fuzzy?: 'false' | 'true' | 'auto';
  postfixWildcard: boolean;
  dateFrom?: string;
  dateTo?: string;
  customField?: string[];
  resultType?: 'all' | 'organic';
  userToken?: string;
  /** Our addition: the tracker's session, so recorded searches join its clicks. */
  session?: string;
  facet?: string[];
  numFacets: number;
  rangeFacets?: string;
  collectAnalytics?: boolean;
  analyticsTag?: string;
  filter?: string;
  defaultOperator?: 'and' | 'or';
}

export const searchQuerystringSchema = {
  type: 'object',
  required: ['term'],
  properties: {
    term: { type: 'string', minLength: 1, maxLength: TERM_MAX_CHARS },
    limit: decimalInteger(LIMIT_MIN, LIMIT_MAX, LIMIT_DEFAULT),
    page: decimalInteger(1, PAGE_MAX, 1),
    jsonp: { type: 'string', minLength: 1, maxLength: 100 },
    lang: { type: 'string', minLength: 1 },
    categories: { type: 'string', minLength: 1, maxLength: 500 },
    sort: { type: 'string', minLength: 1 },
    order: { type: 'string', enum: ['asc', 'desc'] },
    fuzzy: { type: 'string', enum: ['false', 'true', 'auto'] },
    postfixWildcard: { type: 'boolean', default: true },
    dateFrom: { type: 'string' },
    dateTo: { type: 'string' },
    customField: { type: 'array', items: { type: 'string' }, maxItems: MAX_REPEATS },
    resultType: { type: 'string', enum: ['all', 'organic'] },
    userToken: { type: 'string', maxLength: 256 },
    session: { type: 'string', minLength: 1, maxLength: SESSION_MAX_CHARS },
    facet: { type: 'array', items: { type: 'string' }, maxItems: MAX_REPEATS },
    numFacets: decimalInteger(1, NUM_FACETS_MAX, NUM_FACETS_DEFAULT),
    rangeFacets: { type: 'string', minLength: 1, maxLength: 10_000 },
    collectAnalytics: { type: 'boolean' },
    analyticsTag: { type: 'string', maxLength: TAG_MAX_CHARS },
    filter: { type: 'string', minLength: 1, maxLength: 10_000 },
    defaultOperator: { type: 'string', enum: ['and', 'or'] },
  },
} as const;
