import type { FastifyPluginAsync } from 'fastify';
import { SUGGEST_SIZE_DEFAULT, TERM_MAX_CHARS } from '../../src/client/limits.ts';
import type { SuggestResponse } from '../../src/client/types.ts';
import { keyParamsSchema, type KeyParams, type RouteOptions } from './routeOptions.ts';

export const SUGGEST_SIZE_MAX = 100;

interface SuggestQuerystring {
  term: string;
  size: number;
}

const suggestQuerystringSchema = {
  type: 'object',
  required: ['term'],
  properties: {
    term: { type: 'string', minLength: 1, maxLength: TERM_MAX_CHARS },
    size: { type: 'integer', minimum: 1, maximum: SUGGEST_SIZE_MAX, default: SUGGEST_SIZE_DEFAULT },
  },
} as const;

/** `GET /v1/suggest/{key}?term=&size=` (API 4.2): public, no authentication. */
export const suggestRoutes: FastifyPluginAsync<RouteOptions> = async (app, { indices }) => {
  app.get<{ Params: KeyParams; Querystring: SuggestQuerystring }>(
    '/v1/suggest/:key',
    {
      schema: { params: keyParamsSchema, querystring: suggestQuerystringSchema },
      onRequest: async (request) => void indices.get(request.params.key),
    },
    async (request): Promise<SuggestResponse> => {
      const index = indices.get(request.params.key);
      const values = await index.engine.suggest(request.query.term, request.query.size);
      return { suggestions: values.map((value) => ({ value })) };
    },
  );
};
