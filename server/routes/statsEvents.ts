import type { FastifyPluginAsync } from 'fastify';
import { SESSION_MAX_CHARS } from '../../src/client/limits.ts';
import type { StoredStatsEventsResponse } from '../../src/client/types.ts';
import { checkBasicAuth } from '../auth.ts';
import type { EventRouteOptions } from './stats.ts';
import type { KeyParams } from './routeOptions.ts';

const PAGE_MAX = 1000;

const querySchema = {
  type: 'object',
  properties: {
    after: { type: 'integer', minimum: 0, default: 0 },
    limit: { type: 'integer', minimum: 1, maximum: PAGE_MAX, default: 100 },
    session: { type: 'string', minLength: 1, maxLength: SESSION_MAX_CHARS },
  },
} as const;

/**
 * `GET /v2/indices/{key}/stats/events?after=&limit=&session=` (an addition of the reference
 * service): the stored search and click events, oldest first, so that a site owner (and
 * our tests) can see exactly what the tracker delivered; `session` keeps to one visitor's. Basic auth, like indexing:
 * events hold what visitors typed.
 */
export const statsEventsRoutes: FastifyPluginAsync<EventRouteOptions> = async (app, { indices, events }) => {
  app.addHook('onRequest', async (request) => {
    checkBasicAuth(indices.get((request.params as KeyParams).key), request.headers.authorization);
  });
  app.get<{ Params: KeyParams; Querystring: { after: number; limit: number; session?: string } }>(
    '/v2/indices/:key/stats/events',
    { schema: { querystring: querySchema } },
    async (request): Promise<StoredStatsEventsResponse> => {
      const { after, limit, session } = request.query;
      return { events: events.get(request.params.key).storedEvents(after, limit, session) };
    },
  );
};
