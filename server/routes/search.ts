import type { FastifyPluginAsync } from 'fastify';
import type { SearchResponse } from '../../src/client/types.ts';
import { parseSearchQuery } from '../search/parseSearchQuery.ts';
import { searchHit } from '../search/searchHit.ts';
import { searchQuerystringSchema, type SearchQuerystring } from '../search/searchQuerystring.ts';
import { keyParamsSchema, type KeyParams, type RouteOptions } from './routeOptions.ts';

/** `GET /v1/search/{key}` (API 4.1): public, no authentication. */
export const searchRoutes: FastifyPluginAsync<RouteOptions> = async (app, { indices }) => {
  app.get<{ Params: KeyParams; Querystring: SearchQuerystring }>(
    '/v1/search/:key',
    {
      schema: { params: keyParamsSchema, querystring: searchQuerystringSchema },
      // An unknown index is a 404 before any parameter is judged.
      onRequest: async (request) => void indices.get(request.params.key),
    },
    async (request, reply) => {
      const started = performance.now();
      const index = indices.get(request.params.key);
      const { query, page, jsonp } = parseSearchQuery(request.query);
      const result = await index.engine.search(query);
      const hits = result.hits.map((hit) => searchHit(hit.document, hit.score, result.highlightTerms));
      const body: SearchResponse = {
        page,
        total_hits: result.total,
        processing_time_ms: Math.round(performance.now() - started),
        hits,
        facets: result.facets,
        rangeFacets: result.rangeFacets,
      };
      if (jsonp === null) return body;
      return reply
        .type('application/javascript; charset=utf-8')
        .header('x-content-type-options', 'nosniff')
        .send(`/**/${jsonp}(${JSON.stringify(body)});`);
    },
  );
};
