import { LIMIT_MAX, LIMIT_MIN, NUM_FACETS_MAX, TAG_MAX_CHARS, TERM_MAX_CHARS, TERM_MAX_WORDS } from './limits.ts';
import type { SearchParams } from './types.ts';
import { checkInteger, checkMaxLength, invalidParameter } from './validate.ts';

/** A word as the service counts and searches it: letters, digits and marks in a row. */
const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/**
 * Checks search parameters against the limits of section 8 before sending: `term` at
 * most 300 characters and 20 words (what the service accepts; `a.b` is two words), `limit` 1-300, `page`
 * from 1, `numFacets` up to 1000, `analyticsTag` up to 50 characters.
 */
export function checkSearchParams(params: SearchParams): void {
  if (typeof params.term !== 'string') throw invalidParameter('term', 'term is required');
  checkMaxLength('term', params.term, TERM_MAX_CHARS);
  const words = params.term.match(WORD)?.length ?? 0;
  if (words > TERM_MAX_WORDS) throw invalidParameter('term', `term must have at most ${TERM_MAX_WORDS} words (got ${words})`);
  checkInteger('limit', params.limit, LIMIT_MIN, LIMIT_MAX);
  checkInteger('page', params.page, 1);
  checkInteger('numFacets', params.numFacets, 1, NUM_FACETS_MAX);
  checkMaxLength('analyticsTag', params.analyticsTag, TAG_MAX_CHARS);
}
