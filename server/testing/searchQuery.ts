import type { SearchQuery } from '../engine/engine.ts';

/** A parsed search for `words` with the service's defaults (page 1 of 10, relevance, no filters), for engine tests. */
export function searchQuery(words: string[], overrides: Partial<SearchQuery> = {}): SearchQuery {
  return {
    words,
    prefixLast: false,
    fuzzy: 'off',
    operator: 'and',
    language: null,
    category: null,
    dateFrom: null,
    dateTo: null,
    customFields: [],
    filter: null,
    sort: { by: 'relevance' },
    offset: 0,
    limit: 10,
    facets: [],
    numFacets: 10,
    rangeFacets: [],
    ...overrides,
  };
}
