import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { SESSION_MAX_CHARS } from '../../src/client/limits.ts';
import type { StoredStatsEventsResponse } from '../../src/client/types.ts';
import { authorize } from '../http/auth.ts';
import { NO_NUL } from '../schemas/storedText.ts';
import type { RouteOptions } from './routeOptions.ts';
import { DecimalInteger, KeyParams } from '../schemas/requestSchemas.ts';

const PAGE_MAX = 1000;

const StatsEventsQuerystring = Type.Object({
  // Past 2^53 a count is no longer exact (and SQLite takes no larger OFFSET).
  after: DecimalInteger(0, Number.MAX_SAFE_INTEGER, 0),
  limit: DecimalInteger(1, PAGE_MAX, 100),
  session: Type.Optional(Type.String({ minLength: 1, maxLength: SESSION_MAX_CHARS, ...NO_NUL })),
});

/**
 * `GET /v2/indices/{key}/stats/events?after=&limit=&session=` (an addition of the reference
 * service): the stored search and click events, oldest first, so that a site owner (and
 * our tests) can see exactly what the tracker delivered; `session` keeps to one visitor's. Basic auth, like indexing:
 * events hold what visitors typed.
 */
export const statsEventsRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { indices }) => {
  app.addHook('onRequest', async (request) => {
    await authorize(request, indices.get((request.params as KeyParams).key));
  });
  app.get(
    '/v2/indices/:key/stats/events',
    { schema: { params: KeyParams, querystring: StatsEventsQuerystring } },
    async (request): Promise<StoredStatsEventsResponse> => {
      const { after, limit, session } = request.query;
      return { events: await indices.get(request.params.key).events.storedEvents(after, limit, session) };
    },
  );
};
