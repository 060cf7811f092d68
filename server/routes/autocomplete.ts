import type { FastifyPluginAsync } from 'fastify';
import { TERM_MAX_CHARS } from '../../src/client/limits.ts';
import type { AutocompleteResponse } from '../../src/client/types.ts';
import { invalidParameter } from '../errors.ts';
import { customFieldName } from '../search/customFieldName.ts';
import { keyParamsSchema, type KeyParams, type RouteOptions } from './routeOptions.ts';

/** `size` is our addition: the API shows no way to ask for more than the default. */
export const AUTOCOMPLETE_SIZE_DEFAULT = 10;
export const AUTOCOMPLETE_SIZE_MAX = 100;

interface AutocompleteQuerystring {
  term: string;
  source: string;
  size: number;
}

const autocompleteQuerystringSchema = {
  type: 'object',
  required: ['term', 'source'],
  properties: {
    term: { type: 'string', minLength: 1, maxLength: TERM_MAX_CHARS },
    source: { type: 'string', minLength: 1 },
    size: { type: 'integer', minimum: 1, maximum: AUTOCOMPLETE_SIZE_MAX, default: AUTOCOMPLETE_SIZE_DEFAULT },
  },
} as const;

/**
 * `GET /v1/autocomplete/document-field/{key}?term=&source=custom_fields.<name>[&size=]`
 * (API 4.3): public. Completes from the values of one custom field.
 */
export const autocompleteRoutes: FastifyPluginAsync<RouteOptions> = async (app, { indices }) => {
  app.get<{ Params: KeyParams; Querystring: AutocompleteQuerystring }>(
    '/v1/autocomplete/document-field/:key',
    {
      schema: { params: keyParamsSchema, querystring: autocompleteQuerystringSchema },
      onRequest: async (request) => void indices.get(request.params.key),
    },
    async (request): Promise<AutocompleteResponse> => {
      const index = indices.get(request.params.key);
      const field = customFieldName(request.query.source);
      if (field === null) throw invalidParameter('source', 'source must be custom_fields.<name>');
      const values = await index.engine.autocomplete(field, request.query.term, request.query.size);
      return { autocomplete: values.map((value) => ({ value })) };
    },
  );
};
