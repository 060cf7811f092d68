import type { QueryValue } from './request.ts';
import type { SearchParams } from './types.ts';

/**
 * Encodes search parameters as section 4.1 describes: `customField` and `facet`
 * repeated as separate keys (`customField=brand%3DAcme`), `filter` and `rangeFacets`
 * as URL-encoded JSON, booleans as `true`/`false`.
 */
export function searchQuery({ customField, filter, rangeFacets, ...plain }: SearchParams): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = plain;
  if (customField) query.customField = Object.entries(customField).flatMap(([name, value]) => [value].flat().map((v) => `${name}=${v}`));
  if (filter !== undefined) query.filter = JSON.stringify(filter);
  if (rangeFacets !== undefined) query.rangeFacets = JSON.stringify(rangeFacets);
  return query;
}
