import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { TERM_MAX_CHARS } from '../../src/client/limits.ts';
import type { AutocompleteResponse } from '../../src/client/types.ts';
import { invalidParameter } from '../schemas/apiError.ts';
import { customFieldName } from '../schemas/customFieldName.ts';
import type { RouteOptions } from './routeOptions.ts';
import { Defaulted, KeyParams } from '../schemas/requestSchemas.ts';

/** `size` is our addition: the API shows no way to ask for more than the default. */
export const AUTOCOMPLETE_SIZE_DEFAULT = 10;
export const AUTOCOMPLETE_SIZE_MAX = 100;

const AutocompleteQuerystring = Type.Object({
  term: Type.String({ minLength: 1, maxLength: TERM_MAX_CHARS }),
  source: Type.String({ minLength: 1 }),
  size: Defaulted(Type.Integer({ minimum: 1, maximum: AUTOCOMPLETE_SIZE_MAX, default: AUTOCOMPLETE_SIZE_DEFAULT })),
});

/**
 * `GET /v1/autocomplete/document-field/{key}?term=&source=custom_fields.<name>[&size=]`
 * (API 4.3): public. Completes from the values of one custom field, leaving out the
 * documents that the query rules matching the term hide.
 */
export const autocompleteRoutes: FastifyPluginAsyncTypebox<RouteOptions & { clock: () => number }> = async (app, { indices, clock }) => {
  app.get(
    '/v1/autocomplete/document-field/:key',
    {
      schema: { params: KeyParams, querystring: AutocompleteQuerystring },
      config: { rateLimit: 'autocomplete', lane: 'read' },
      onRequest: async (request) => void indices.get(request.params.key),
    },
    async (request): Promise<AutocompleteResponse> => {
      const index = indices.get(request.params.key);
      const field = customFieldName(request.query.source);
      if (field === null) throw invalidParameter('source', 'source must be custom_fields.<name>');
      const values = await index.search.autocomplete(field, request.query.term, request.query.size, { now: clock() });
      return { autocomplete: values.map((value) => ({ value })) };
    },
  );
};
