import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { SUGGEST_SIZE_DEFAULT, TERM_MAX_CHARS } from '../../src/client/limits.ts';
import type { SuggestResponse } from '../../src/client/types.ts';
import { mixSearched, searchedPlaces } from '../ranking/suggestionOrder.ts';
import { withoutBlockedWords } from '../events/learningSettings.ts';
import { cleanSuggestion } from '../text/suggestionText.ts';
import { foldedWords } from '../text/words.ts';
import { Defaulted, KeyParams } from '../schemas/requestSchemas.ts';
import type { RouteOptions } from './routeOptions.ts';

export const SUGGEST_SIZE_MAX = 100;

const SuggestQuerystring = Type.Object({
  term: Type.String({ minLength: 1, maxLength: TERM_MAX_CHARS }),
  size: Defaulted(Type.Integer({ minimum: 1, maximum: SUGGEST_SIZE_MAX, default: SUGGEST_SIZE_DEFAULT })),
});

/**
 * `GET /v1/suggest/{key}?term=&size=` (API 4.2): public, no authentication. The
 * index's suggestions, with the keywords most searched (with results, by enough
 * sessions from enough addresses: see searchedKeywords.ts) that start with the term
 * mixed in near the top; never a suggestion with one of the index's blocked words, nor
 * one from a document that the query rules matching the term hide.
 */
export const suggestRoutes: FastifyPluginAsyncTypebox<RouteOptions & { clock: () => number }> = async (app, { indices, clock }) => {
  app.get(
    '/v1/suggest/:key',
    {
      schema: { params: KeyParams, querystring: SuggestQuerystring },
      config: { rateLimit: 'suggestions', lane: 'read' },
      onRequest: async (request) => void indices.get(request.params.key),
    },
    async (request): Promise<SuggestResponse> => {
      const index = indices.get(request.params.key);
      const { term, size } = request.query;
      const now = clock();
      const { blockedWords } = (await index.learning.get()).suggestions;
      const allowed = withoutBlockedWords(blockedWords);
      const searched = (await index.events.searchedKeywords(foldedWords(term), searchedPlaces(size), now))
        .map(cleanSuggestion)
        .filter((keyword): keyword is string => keyword !== null && allowed(keyword));
      // With searched keywords or blocked words, more from the index than are shown: a
      // keyword the index suggests too, even far down its list, takes the documents' form,
      // and blocked suggestions leave room for others.
      const more = searched.length > 0 || blockedWords.length > 0;
      const fromIndex = (await index.search.suggest(term, more ? SUGGEST_SIZE_MAX : size, { now })).filter(allowed);
      const values = mixSearched(fromIndex, searched, size);
      return { suggestions: values.map((value) => ({ value })) };
    },
  );
};
