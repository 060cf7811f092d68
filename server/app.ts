import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import cors from '@fastify/cors';
import Fastify, { type FastifyInstance } from 'fastify';
import { BODY_MAX_BYTES } from '../src/client/limits.ts';
import { resolveConfig, type AppOptions, type IndexCredentials } from './config.ts';
import { clientErrorHandler, frameworkErrors, PATH_SEGMENT_MAX } from './clientErrors.ts';
import { corsDelegator } from './cors.ts';
import { Crawler, crawlerSettings } from './crawl/crawler.ts';
import { SqliteEngine } from './engine/sqliteEngine.ts';
import { errorHandler, notFoundHandler } from './errors.ts';
import { EventStores } from './events/eventStores.ts';
import { jsonBodyParser } from './jsonBody.ts';
import { IndexManifest, IndexRegistry, type SearchIndex } from './indices.ts';
import { resolveRankingSettings } from './ranking/rankingSettings.ts';
import { overloadGuard } from './overloadGuard.ts';
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
  const indices = await openIndices(config.dataDir, config.indices, config.clickRanking.maxBoost);
  let events: EventStores;
  try {
    events = new EventStores(
      config.dataDir,
      config.indices.map((index) => index.publicKey),
      config.clickRanking,
    );
  } catch (error) {
    await indices.close();
    throw error;
  }

  const { overload } = config;
  // Node checks the request and header timeouts on a timer; a coarse one would let a
  // slow client hold its connection for up to that much longer than the timeout.
  const timing = {
    headersTimeout: overload.headersTimeoutMs,
    requestTimeout: overload.requestTimeoutMs,
    connectionsCheckingInterval: Math.min(1000, Math.max(10, Math.floor(overload.headersTimeoutMs / 4))),
  };
  const app = Fastify({
    logger: config.logger,
    bodyLimit: BODY_MAX_BYTES,
    routerOptions: { maxParamLength: PATH_SEGMENT_MAX },
    // Fastify's defaults wait for ever for a request's body and keep idle connections 72 s.
    requestTimeout: overload.requestTimeoutMs,
    connectionTimeout: overload.idleTimeoutMs,
    keepAliveTimeout: overload.keepAliveTimeoutMs,
    clientErrorHandler,
    frameworkErrors,
    ...(config.tls === null ? { http: timing } : { https: { cert: config.tls.cert, key: config.tls.key, ...timing } }),
  });
  // Past the cap Node closes each new connection as soon as it is accepted, so a flood
  // of connections cannot use up the process's file descriptors.
  app.server.maxConnections = overload.maxConnections;
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
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, jsonBodyParser(app));
    app.setNotFoundHandler(notFoundHandler(routes));
    await app.register(cors, { delegator: corsDelegator(config.allowedOrigins) });
    // After CORS, so a 429 still carries the CORS headers a page needs to read it.
    if (config.rateLimit !== false) app.addHook('onRequest', rateLimiter(config.rateLimit));
    // After the rate limit, so a client over its limit is told so rather than that the service is busy.
    overloadGuard(app, overload.maxInFlight);
    await app.register(searchRoutes, { indices, events, clickRanking: config.clickRanking.enabled, clock: config.clock });
    await app.register(suggestRoutes, { indices, events });
    await app.register(autocompleteRoutes, { indices });
    await app.register(documentsRoutes, { indices });
    await app.register(statsRoutes, { indices, events, rateLimit: config.statsRateLimit });
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

/**
 * Opens the database of each index in `dataDir/indices/`. A database the folder's
 * manifest lists but that is missing, or one that fails the start check, stops the
 * start with an error naming the file and what to do; a new index is recorded in the
 * manifest once its file is made.
 */
async function openIndices(dataDir: string, credentials: readonly IndexCredentials[], maxBoost: number): Promise<IndexRegistry> {
  const folder = join(dataDir, 'indices');
  mkdirSync(folder, { recursive: true });
  const manifest = new IndexManifest(folder);
  const opened: SearchIndex[] = [];
  try {
    for (const index of credentials) {
      const ranking = resolveRankingSettings(index.ranking, maxBoost);
      const file = join(folder, `${index.publicKey}.sqlite`);
      const existed = existsSync(file);
      if (!existed && manifest.has(index.publicKey)) {
        throw new Error(
          `the database of index '${index.publicKey}', ${file}, is missing, though this data folder held it (${manifest.file} lists it). ` +
            `Restore the file from a backup, or check that --data names the right folder; to start the index empty instead, remove '${index.publicKey}' from ${manifest.file}`,
        );
      }
      let engine: SqliteEngine;
      try {
        engine = new SqliteEngine(file, {}, ranking);
      } catch (error) {
        throw new Error(
          `the database of index '${index.publicKey}', ${file}, cannot be used: ${(error as Error).message}. ` +
            'Restore the file from a backup (npm run serve -- --check checks every file in full); to start the index empty instead, move the file away',
          { cause: error },
        );
      }
      opened.push({ ...index, engine });
      manifest.add(index.publicKey);
    }
  } catch (error) {
    await Promise.all(opened.map((index) => index.engine.close()));
    throw error;
  }
  return new IndexRegistry(opened);
}
