import { TERM_MAX_WORDS } from '../../src/client/limits.ts';
import type { FacetSpec, SearchQuery, SortSpec } from '../engine/engine.ts';
import { invalidParameter } from '../schemas/apiError.ts';
import { parseCalendarDate } from '../../src/client/calendarDate.ts';
import { fold } from '../text/fold.ts';
import { foldedWords } from '../text/words.ts';
import { CUSTOM_FIELD_NAME, customFieldName } from '../schemas/customFieldName.ts';
import { parseFilter } from '../schemas/parseFilter.ts';
import { parseRangeFacets } from './parseRangeFacets.ts';
import type { SearchQuerystring } from '../schemas/searchQuerystring.ts';

const DAY_MS = 86_400_000;
/** A character that is neither a letter, a digit nor white space. */
const PUNCTUATED = /[^\p{L}\p{N}\p{M}\s]/u;
const LANGUAGE = /^[A-Za-z]{2,3}$/;
const CATEGORY = /^(?:\d+x.+|doctype_[a-z]+)$/;
const CATEGORY_LEVEL = /^(\d+)x/;
/** A function name or a dotted path to one; nothing that could run other code. */
const JSONP_CALLBACK = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/;

/** A checked search: what the engine runs, plus what the answer needs. */
export interface ParsedSearch {
  query: SearchQuery;
  page: number;
  jsonp: string | null;
}

/** Turns a schema-checked query string into an engine query; throws a 400 naming the parameter. */
export function parseSearchQuery(qs: SearchQuerystring): ParsedSearch {
  const term = qs.term.trim();
  const words = term === '*' ? null : foldedWords(term);
  // The words searched, not the gaps between them: `a.b.c` is three words.
  if (words !== null && words.length > TERM_MAX_WORDS) {
    throw invalidParameter('term', `term must have at most ${TERM_MAX_WORDS} words`);
  }
  if (qs.jsonp !== undefined && !JSONP_CALLBACK.test(qs.jsonp)) {
    throw invalidParameter('jsonp', 'jsonp must be a JavaScript function name such as handleResults or app.onResults');
  }
  if (qs.lang !== undefined && !LANGUAGE.test(qs.lang)) {
    throw invalidParameter('lang', 'lang must be a two-letter language code such as en');
  }
  if (qs.categories !== undefined && !CATEGORY.test(qs.categories)) {
    throw invalidParameter('categories', 'categories must be 0x<domain>, <level>x<segment> or doctype_<type>');
  }
  const dateFrom = qs.dateFrom === undefined ? null : calendarDate('dateFrom', qs.dateFrom);
  const dateToDay = qs.dateTo === undefined ? null : calendarDate('dateTo', qs.dateTo);
  if (dateFrom !== null && dateToDay !== null && dateFrom > dateToDay) {
    throw invalidParameter('dateFrom', 'dateFrom must not be after dateTo');
  }

  const query: SearchQuery = {
    words,
    typed: term !== '*' && PUNCTUATED.test(term) ? fold(term).replace(/\s+/g, ' ') : null,
    prefixLast: qs.postfixWildcard,
    fuzzy: qs.fuzzy === 'true' ? 'all' : qs.fuzzy === 'auto' ? 'auto' : 'off',
    operator: qs.defaultOperator ?? 'and',
    language: qs.lang?.toLowerCase() ?? null,
    category: qs.categories ?? null,
    dateFrom,
    // dateTo names a day; the whole day is included.
    dateTo: dateToDay === null ? null : dateToDay + DAY_MS,
    customFields: parseCustomFields(qs.customField ?? []),
    filter: qs.filter === undefined ? null : parseFilter(qs.filter),
    sort: parseSort(qs.sort ?? 'relevance', qs.order ?? 'desc'),
    offset: (qs.page - 1) * qs.limit,
    limit: qs.limit,
    facets: parseFacets(qs.facet ?? [], qs.categories),
    numFacets: qs.numFacets,
    rangeFacets: qs.rangeFacets === undefined ? [] : parseRangeFacets(qs.rangeFacets),
  };
  return { query, page: qs.page, jsonp: qs.jsonp ?? null };
}

function calendarDate(parameter: string, text: string): number {
  const time = parseCalendarDate(text);
  if (time === null) throw invalidParameter(parameter, `${parameter} must be a date yyyy-MM-dd`);
  return time;
}

function parseSort(sort: string, order: 'asc' | 'desc'): SortSpec {
  if (sort === 'relevance') return { by: 'relevance' };
  if (sort === 'date') return { by: 'date', order };
  const field = customFieldName(sort);
  if (field === null) throw invalidParameter('sort', 'sort must be relevance, date or custom_fields.<name>');
  return { by: 'field', field, order };
}

/** `name=value` pairs (the name with or without `custom_fields.`), grouped by name. */
function parseCustomFields(pairs: readonly string[]): SearchQuery['customFields'] {
  const byField = new Map<string, string[]>();
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    const key = eq < 0 ? '' : pair.slice(0, eq);
    const field = key.startsWith('custom_fields.') ? customFieldName(key) : CUSTOM_FIELD_NAME.test(key) ? key : null;
    if (field === null) throw invalidParameter('customField', `customField must be name=value (got '${pair}')`);
    const values = byField.get(field) ?? [];
    values.push(pair.slice(eq + 1));
    byField.set(field, values);
  }
  return [...byField].map(([field, values]) => ({ field, values }));
}

/** `custom_fields.<name>`, or `categorys`: the categories one level below `categories`. */
function parseFacets(facets: readonly string[], categories: string | undefined): FacetSpec[] {
  const specs = new Map<string, FacetSpec>();
  for (const facet of facets) {
    if (facet === 'categorys') {
      const level = CATEGORY_LEVEL.exec(categories ?? '');
      specs.set(facet, { kind: 'categories', key: facet, prefix: `${level === null ? 0 : Number(level[1]) + 1}x` });
      continue;
    }
    const field = customFieldName(facet);
    if (field === null) throw invalidParameter('facet', `facet must be custom_fields.<name> or categorys (got '${facet}')`);
    specs.set(facet, { kind: 'field', key: facet, field });
  }
  return [...specs.values()];
}
