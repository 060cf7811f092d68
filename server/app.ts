import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import cors from '@fastify/cors';
import Fastify, { type FastifyInstance } from 'fastify';
import { BODY_MAX_BYTES } from '../src/client/limits.ts';
import { resolveConfig, type AppOptions, type IndexCredentials } from './config.ts';
import { corsDelegator } from './cors.ts';
import { Crawler, crawlerSettings } from './crawl/crawler.ts';
import { SqliteEngine } from './engine/sqliteEngine.ts';
import { errorHandler, notFoundHandler } from './errors.ts';
import { EventStores } from './events/eventStores.ts';
import { IndexRegistry, type SearchIndex } from './indices.ts';
import { rateLimiter } from './rateLimiter.ts';
import { RouteTable } from './routeTable.ts';
import { autocompleteRoutes } from './routes/autocomplete.ts';
import { crawlerRoutes } from './routes/crawler.ts';
import { documentStatusRoutes } from './routes/documentStatus.ts';
import { documentsRoutes } from './routes/documents.ts';
import { healthRoutes } from './routes/health.ts';
import { recommendationsRoutes } from './routes/recommendations.ts';
import { searchRoutes } from './routes/search.ts';
import { statsRoutes } from './routes/stats.ts';
import { statsEventsRoutes } from './routes/statsEvents.ts';
import { statsReportRoutes } from './routes/statsReport.ts';
import { suggestRoutes } from './routes/suggest.ts';

/**
 * Builds the reference service without listening, so the caller (the CLI, a test)
 * owns its lifetime. Each index opens its database in `dataDir/indices/`; closing the
 * app closes them.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const config = resolveConfig(options);
  const crawl = crawlerSettings(options);
  const indices = openIndices(config.dataDir, config.indices);
  let events: EventStores;
  try {
    events = new EventStores(
      config.dataDir,
      config.indices.map((index) => index.publicKey),
      config.clickRanking,
    );
  } catch (error) {
    indices.close();
    throw error;
  }

  const app = Fastify({
    logger: config.logger,
    bodyLimit: BODY_MAX_BYTES,
    // Document ids may be up to 512 characters; the router's default stops at 100.
    routerOptions: { maxParamLength: 2048 },
    ...(config.tls !== null && { https: { cert: config.tls.cert, key: config.tls.key } }),
  });
  app.decorate('eventStores', events);
  // onClose runs after in-flight requests finish: queued events are committed, then files closed.
  app.addHook('onClose', async () => events.close());
  app.addHook('onClose', async () => indices.close());
  const crawler = new Crawler(crawl, app.log);
  // Before the indices close: fetches under way end, and their pages stay PENDING for the next start.
  app.addHook('preClose', async () => crawler.close());
  try {
    const routes = new RouteTable();
    app.addHook('onRoute', (route) => routes.add(route.method, route.url));
    app.setErrorHandler(errorHandler);
    app.setNotFoundHandler(notFoundHandler(routes));
    await app.register(cors, { delegator: corsDelegator(config.allowedOrigins) });
    // After CORS, so a 429 still carries the CORS headers a page needs to read it.
    if (config.rateLimit !== false) app.addHook('onRequest', rateLimiter(config.rateLimit));
    await app.register(searchRoutes, { indices, events, clickRanking: config.clickRanking.enabled, clock: config.clock });
    await app.register(suggestRoutes, { indices, events });
    await app.register(autocompleteRoutes, { indices });
    await app.register(documentsRoutes, { indices });
    await app.register(statsRoutes, { indices, events });
    await app.register(statsEventsRoutes, { indices, events });
    await app.register(statsReportRoutes, { indices, events, clock: config.clock });
    await app.register(recommendationsRoutes, { indices, events, configurations: config.recommendations });
    await app.register(healthRoutes, { indices });
    await app.register(documentStatusRoutes, { indices });
    await app.register(crawlerRoutes, { indices, crawler });
    await crawler.resume(indices.all());
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}

function openIndices(dataDir: string, credentials: readonly IndexCredentials[]): IndexRegistry {
  const folder = join(dataDir, 'indices');
  mkdirSync(folder, { recursive: true });
  const opened: SearchIndex[] = [];
  try {
    for (const index of credentials) {
      opened.push({ ...index, engine: new SqliteEngine(join(folder, `${index.publicKey}.sqlite`)) });
    }
  } catch (error) {
    for (const index of opened) index.engine.close();
    throw error;
  }
  return new IndexRegistry(opened);
}
