import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { authorize } from '../http/auth.ts';
import { ApiError, invalidParameter } from '../schemas/apiError.ts';
import { SESSION_MAX_CHARS } from '../../src/client/limits.ts';
import { parseSearchQuery } from '../pipeline/parseSearchQuery.ts';
import { searchResponseJson } from '../pipeline/searchAnswer.ts';
import { SearchQuerystring } from '../schemas/searchQuerystring.ts';
import { KeyParams } from '../schemas/requestSchemas.ts';
import type { Lane } from '../config/lanes.ts';
import type { RouteOptions } from './routeOptions.ts';
import type { Learned } from '../pipeline/searchPipeline.ts';

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
 * `explain=true` (our addition) takes the index's credentials and adds `_rankingDetails`
 * to every hit; the owner looking is no visitor's search, so it is not recorded. Like
 * the authenticated endpoints, it answers a browser only on the configured origins (a
 * page elsewhere must not use the credentials the browser keeps for the service), and
 * never as JSONP, which any page reads through a script tag.
 * With a signed `userToken` whose clicks built a profile, documents like those that user
 * clicked rank higher too (the personal stage); a token badly signed or expired is a 400.
 */
export interface SearchRouteOptions extends RouteOptions {
  /** Whether clicks for a keyword raise the clicked documents (see clickBoosts). */
  clickRanking: boolean;
  clock: () => number;
  /** The origins whose pages may call the authenticated endpoints, and explain searches. */
  allowedOrigins: readonly string[];
}

export const searchRoutes: FastifyPluginAsyncTypebox<SearchRouteOptions> = async (app, { indices, clickRanking, clock, allowedOrigins }) => {
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
      const explain = request.query.explain === true;
      if (explain) {
        // The origin first: a page elsewhere learns nothing of the credentials its browser sent.
        const origin = request.headers.origin;
        if (origin !== undefined && !allowedOrigins.includes(origin)) {
          throw new ApiError(403, 'origin_not_allowed', `explained searches are not answered to pages of ${origin}: add it to allowedOrigins`);
        }
        if (request.query.jsonp !== undefined) throw invalidParameter('jsonp', 'an explained search is not answered as JSONP: read it as JSON');
        await authorize(request, index);
      }
      const { query, page, jsonp } = parseSearchQuery(request.query);
      query.now = clock();
      query.organic = request.query.resultType === 'organic';
      // Organic results and other sorts stay as the index ranks them.
      const ranked = query.words !== null && query.sort.by === 'relevance' && request.query.resultType !== 'organic';
      const { term, userToken } = request.query;
      // A user token is taken only signed by the site's server (or, for local use, where the index allows unsigned ones).
      let userId: string | undefined;
      if (userToken !== undefined) {
        const reading = await index.profiles.readToken(userToken, clock());
        if (!reading.ok) throw invalidParameter('userToken', reading.message);
        userId = reading.id;
      }
      // Everyone's clicks for the term, and (the personal stage) a signed-in user's own
      // profile, read side by side and while the search plans its words.
      const learned: Promise<Learned> = Promise.all([
        ranked && clickRanking ? index.events.clickBoosts(term, clock()) : undefined,
        ranked && userId !== undefined ? index.profiles.forSearch(userId, clock()) : null,
      ]).then(([clickBoosts, personal]) => ({
        ...(clickBoosts !== undefined && { clickBoosts, clickGroups: clickBoosts.groups, clickPlaces: clickBoosts.maxPlaces }),
        ...(personal !== null && { personal }),
      }));
      // A search that fails first never reads it: its failure is then no one's to report.
      learned.catch(() => {});
      // The connection closing before the answer is sent: nobody waits for it, so the
      // engine stops the search (PostgreSQL cancels its statement) and nothing is answered.
      // The session searched as the user: its clicks may shape the profile (written while the search runs).
      const noted =
        userId !== undefined && !explain
          ? index.profiles.noteSearch(userId, (request.query.session ?? userId).slice(0, SESSION_MAX_CHARS), clock()).catch((error: unknown) => {
              request.log.warn({ err: error }, 'a search with a user token was not noted');
            })
          : undefined;
      const gone = new AbortController();
      const onClose = () => {
        if (!reply.raw.writableFinished) gone.abort();
      };
      reply.raw.once('close', onClose);
      let answer;
      try {
        answer = await index.search.answer(query, { explain, signal: gone.signal, learned, lane: searchLane(request) });
      } catch (error) {
        if (gone.signal.aborted) return reply.hijack();
        throw error;
      } finally {
        reply.raw.off('close', onClose);
      }
      await noted;
      // The answer comes as JSON text (searchAnswer.ts): the route adds what only it knows.
      const body = searchResponseJson(page, answer, Math.round(performance.now() - started));
      // A search from a page of an origin statsAllowedOrigins does not list is answered,
      // never learned from: three browsers of a hostile page would otherwise plant a
      // suggestion for everyone, lower click boosts and make proposals.
      const origin = request.headers.origin;
      const foreign = index.statsAllowedOrigins !== undefined && origin !== undefined && !index.statsAllowedOrigins.includes(origin);
      if (request.query.collectAnalytics !== false && !explain && !foreign) {
        const { analyticsTag, session } = request.query;
        index.events.queueStats(
          {
            action: 'search',
            session: (session ?? userId ?? ANONYMOUS_SESSION).slice(0, SESSION_MAX_CHARS),
            keyword: term,
            numberOfResults: answer.total,
            // Past the day's cap of distinct tags, the search counts untagged.
            ...(analyticsTag !== undefined && index.tags.admit(analyticsTag, clock()) && { tag: analyticsTag }),
          },
          'search',
          // Kept as a keyed hash: suggestions count the addresses that searched a keyword.
          request.ip,
          clock(),
        );
      }
      if (jsonp === null) return reply.type('application/json; charset=utf-8').send(body);
      return reply.type('application/javascript; charset=utf-8').header('x-content-type-options', 'nosniff').send(`/**/${jsonp}(${body});`);
    },
  );
};
