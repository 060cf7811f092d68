import type { QueryValue } from './request.ts';
import type { SearchParams } from './types.ts';

/**
 * Encodes search parameters as section 4.1 describes: `customField` and `facet`
 * repeated as separate keys (`customField=brand%3DAcme`), `filter` and `rangeFacets`
 * as URL-encoded JSON, booleans as `true`/`false`.
 */
export function searchQuery(params: SearchParams): Record<string, QueryValue> {
  const { customField, facet, filter, rangeFacets, fuzzy, ...plain } = params;
  const query: Record<string, QueryValue> = { ...plain };
  if (fuzzy !== undefined) query.fuzzy = String(fuzzy);
  if (customField) {
    const pairs: string[] = [];
    for (const [name, value] of Object.entries(customField)) {
      const values: ReadonlyArray<string | number> = Array.isArray(value) ? value : [value as string | number];
      for (const v of values) pairs.push(`${name}=${v}`);
    }
    query.customField = pairs;
  }
  if (facet) query.facet = facet;
  if (filter !== undefined) query.filter = JSON.stringify(filter);
  if (rangeFacets !== undefined) query.rangeFacets = JSON.stringify(rangeFacets);
  return query;
}
