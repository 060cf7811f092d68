/**
 * A search's answer as `GET /v1/search/{key}` sends it, made where the search ran: on a
 * reader thread when the service has them. The event loop serves every thread's HTTP, so
 * what it does per search bounds what the threads together answer; from a thread it
 * receives one string (copied whole, not object by object) and the count it records,
 * where the whole result would be copied, then shaped and serialised there.
 */
import type { SearchHit, SearchResponse } from '../../src/client/types.ts';
import { promotionHit } from './searchHit.ts';
import type { SearchResult } from './searchPipeline.ts';

/** The response's members the route does not know, and the count it records. */
export interface SearchAnswer {
  /** Documents matched (`total_hits`). */
  total: number;
  /**
   * The response's JSON members after `page`, `total_hits` and `processing_time_ms`
   * (which the route adds, `processing_time_ms` timed to the end): `"hits":[…],"facets":…`.
   */
  members: string;
}

/** The members of the response after the ones the route writes, in the response's order. */
type AnswerMembers = Omit<SearchResponse, 'page' | 'total_hits' | 'processing_time_ms'>;

export function searchAnswer(result: SearchResult): SearchAnswer {
  const hits: SearchHit[] = result.hits.map((hit) => {
    const shaped: SearchHit = { ...hit.shown, resultType: hit.resultType };
    if (hit.rankingDetails !== undefined) shaped._rankingDetails = hit.rankingDetails;
    return shaped;
  });
  // Promotions go in from the last, so each one's index among the documents still holds.
  for (const { at, promotion, score, rankingDetails } of [...result.promotions].reverse()) {
    const card = promotionHit(promotion, score);
    if (rankingDetails !== undefined) card._rankingDetails = rankingDetails;
    hits.splice(at, 0, card);
  }
  const members: AnswerMembers = {
    hits,
    facets: result.facets,
    rangeFacets: result.rangeFacets,
    ...(result.rules.applied.length > 0 && { appliedRules: result.rules.applied }),
    ...(result.rules.redirect !== undefined && { redirect: result.rules.redirect }),
    ...('userData' in result.rules && { userData: result.rules.userData }),
  };
  // An object's JSON without its braces: `{` is its first character, `}` its last.
  return { total: result.total, members: JSON.stringify(members).slice(1, -1) };
}

/** The response's JSON text: the route's members first, then the answer's. */
export function searchResponseJson(page: number, answer: SearchAnswer, processingMs: number): string {
  return `{"page":${page},"total_hits":${answer.total},"processing_time_ms":${processingMs},${answer.members}}`;
}
