import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { SESSION_MAX_CHARS } from '../../src/client/limits.ts';
import type { SearchResponse } from '../../src/client/types.ts';
import { parseSearchQuery } from '../search/parseSearchQuery.ts';
import { highlightTerms } from '../search/highlight.ts';
import { searchHit } from '../search/searchHit.ts';
import { SearchQuerystring } from '../search/searchQuerystring.ts';
import { KeyParams } from '../requestSchemas.ts';
import type { Lane } from '../overloadGuard.ts';
import type { RouteOptions } from './routeOptions.ts';

/** Counting facets is heavy work; a plain search, what a visitor typing sends, is a cheap read. */
function searchLane(request: FastifyRequest): Lane {
  const query = request.query;
  return typeof query === 'object' && query !== null && ('facet' in query || 'rangeFacets' in query) ? 'heavy' : 'read';
}

/** The session of a recorded search when the request names none. */
export const ANONYMOUS_SESSION = 'anonymous';

/**
 * `GET /v1/search/{key}` (API 4.1): public, no authentication. Each search is recorded
 * as a search event unless `collectAnalytics=false`. With click ranking on, documents
 * clicked for the term rank higher in relevance-sorted results (not `resultType=organic`).
 */
export interface SearchRouteOptions extends RouteOptions {
  /** Whether clicks for a keyword raise the clicked documents (see clickBoosts). */
  clickRanking: boolean;
  clock: () => number;
}

export const searchRoutes: FastifyPluginAsyncTypebox<SearchRouteOptions> = async (app, { indices, clickRanking, clock }) => {
  app.get(
    '/v1/search/:key',
    {
      schema: { params: KeyParams, querystring: SearchQuerystring },
      config: { rateLimit: 'search', lane: searchLane },
      // An unknown index is a 404 before any parameter is judged.
      onRequest: async (request) => void indices.get(request.params.key),
    },
    async (request, reply) => {
      const started = performance.now();
      const index = indices.get(request.params.key);
      const { query, page, jsonp } = parseSearchQuery(request.query);
      // Organic results and other sorts stay as the index ranks them.
      if (clickRanking && query.words !== null && query.sort.by === 'relevance' && request.query.resultType !== 'organic') {
        query.clickBoosts = await index.events.clickBoosts(request.query.term, clock());
      }
      // The connection closing before the answer is sent: nobody waits for it, so the
      // engine stops the search (PostgreSQL cancels its statement) and nothing is answered.
      const gone = new AbortController();
      const onClose = () => {
        if (!reply.raw.writableFinished) gone.abort();
      };
      reply.raw.once('close', onClose);
      let result;
      try {
        result = await index.search.search(query, gone.signal);
      } catch (error) {
        if (gone.signal.aborted) return reply.hijack();
        throw error;
      } finally {
        reply.raw.off('close', onClose);
      }
      const terms = highlightTerms(result.plan);
      const hits = result.hits.map((hit) => searchHit(hit.document, hit.score, terms));
      const body: SearchResponse = {
        page,
        total_hits: result.total,
        processing_time_ms: Math.round(performance.now() - started),
        hits,
        facets: result.facets,
        rangeFacets: result.rangeFacets,
      };
      if (request.query.collectAnalytics !== false) {
        const { term, analyticsTag, session, userToken } = request.query;
        index.events.queueStats(
          {
            action: 'search',
            session: (session ?? userToken ?? ANONYMOUS_SESSION).slice(0, SESSION_MAX_CHARS),
            keyword: term,
            numberOfResults: result.total,
            ...(analyticsTag !== undefined && { tag: analyticsTag }),
          },
          'search',
        );
      }
      if (jsonp === null) return body;
      return reply
        .type('application/javascript; charset=utf-8')
        .header('x-content-type-options', 'nosniff')
        .send(`/**/${jsonp}(${JSON.stringify(body)});`);
    },
  );
};
