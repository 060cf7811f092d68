import type { FastifyPluginAsync } from 'fastify';
import type { HealthResponse } from '../../src/client/types.ts';
import type { RouteOptions } from './routeOptions.ts';

/**
 * `GET /health`: 200 once every index's database answers, with its document count;
 * for load balancers and monitors. Not part of the API; no credentials, no rate limit.
 */
export const healthRoutes: FastifyPluginAsync<RouteOptions> = async (app, { indices }) => {
  app.get('/health', async (): Promise<HealthResponse> => {
    const counts = await Promise.all(indices.all().map(async (index) => ({ publicKey: index.publicKey, documents: await index.engine.count() })));
    return { status: 'ok', indices: counts };
  });
};
