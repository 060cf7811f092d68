import Type, { type Static } from 'typebox';
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
import { DecimalInteger, Defaulted, OneOf } from './requestSchemas.ts';

/** Repeatable parameters, and how often they may repeat. */
const MAX_REPEATS = 50;
const PAGE_MAX = 100_000;

const text = (options: { minLength?: number; maxLength?: number } = {}) => Type.Optional(Type.String(options));
const oneOf = <const T extends string[]>(...values: T) => Type.Optional(OneOf(...values));
const repeated = () => Type.Optional(Type.Array(Type.String(), { maxItems: MAX_REPEATS }));

/**
 * The query string of `GET /v1/search/{key}`: types, ranges and enums are checked by this
 * schema (the 400s name the parameter); what JSON and formats hold is checked in
 * parseSearchQuery. A scalar given twice arrives as an array and fails.
 */
export const SearchQuerystring = Type.Object({
  term: Type.String({ minLength: 1, maxLength: TERM_MAX_CHARS }),
  limit: DecimalInteger(LIMIT_MIN, LIMIT_MAX, LIMIT_DEFAULT),
  page: DecimalInteger(1, PAGE_MAX, 1),
  jsonp: text({ minLength: 1, maxLength: 100 }),
  lang: text({ minLength: 1 }),
  categories: text({ minLength: 1, maxLength: 500 }),
  sort: text({ minLength: 1 }),
  order: oneOf('asc', 'desc'),
  fuzzy: oneOf('false', 'true', 'auto'),
  postfixWildcard: Defaulted(Type.Boolean({ default: true })),
  dateFrom: text(),
  dateTo: text(),
  customField: repeated(),
  resultType: oneOf('all', 'organic'),
  userToken: text({ maxLength: 256 }),
  /** Our addition: the tracker's session, so recorded searches join its clicks. */
  session: text({ minLength: 1, maxLength: SESSION_MAX_CHARS }),
  facet: repeated(),
  numFacets: DecimalInteger(1, NUM_FACETS_MAX, NUM_FACETS_DEFAULT),
  rangeFacets: text({ minLength: 1, maxLength: 10_000 }),
  collectAnalytics: Type.Optional(Type.Boolean()),
  analyticsTag: text({ maxLength: TAG_MAX_CHARS }),
  filter: text({ minLength: 1, maxLength: 10_000 }),
  defaultOperator: oneOf('and', 'or'),
  /** Our addition: every hit says why it stands where it does; needs the index's credentials. */
  explain: Type.Optional(Type.Boolean()),
});
export type SearchQuerystring = Static<typeof SearchQuerystring>;
