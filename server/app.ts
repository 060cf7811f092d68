import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import Fastify, { type FastifyInstance } from 'fastify';
import { BODY_MAX_BYTES } from '../src/client/limits.ts';
import { resolveConfig, type IndexCredentials, type ServiceOptions } from './config/serviceConfig.ts';
import { clientErrorHandler, frameworkErrors, PATH_SEGMENT_MAX } from './http/clientErrors.ts';
import { capConnectionsPerAddress } from './http/connectionsPerAddress.ts';
import { corsDelegator } from './http/cors.ts';
import { Crawler, crawlerSettings } from './crawl/crawler.ts';
import { crawlJobSettings } from './crawl/crawlJobOptions.ts';
import { CrawlAlerts, DEFAULT_ALERT_ATTEMPTS, DEFAULT_ALERT_RETRY_MS } from './crawl/crawlAlerts.ts';
import { CrawlJobs } from './crawl/crawlJobs.ts';
import { CrawlSchedules } from './crawl/crawlSchedules.ts';
import type { EngineChoice } from './indices/engineFactory.ts';
import { openIndex, type IndexOpening } from './indices/openIndex.ts';
import { sqliteEngines } from './indices/sqliteFactory.ts';
import { errorHandler, notFoundHandler, ROUTE_SCHEMA_OPTIONS } from './http/errorHandlers.ts';
import { EventStores } from './indices/eventStores.ts';
import { EventRetention } from './indices/eventRetention.ts';
import { jsonBodyParser } from './http/jsonBody.ts';
import { requestLogger } from './http/requestLog.ts';
import { closeIndices, IndexRegistry, type SearchIndex } from './indices/indexRegistry.ts';
import { Access } from './http/access.ts';
import { SignInLimit } from './http/signInLimit.ts';
import { ApiIndices } from './indices/apiIndices.ts';
import type { ServiceCatalog } from './indices/catalog.ts';
import { overloadGuard } from './http/overloadGuard.ts';
import { rateLimiter } from './http/rateLimiter.ts';
import { RouteTable } from './http/routeTable.ts';
import { SearchThreads } from './indices/searchThreads.ts';
import { autocompleteRoutes } from './routes/autocomplete.ts';
import { crawlerRoutes } from './routes/crawler.ts';
import { crawlsRoutes } from './routes/crawls.ts';
import { documentStatusRoutes } from './routes/documentStatus.ts';
import { indexFactsRoutes } from './routes/indexFacts.ts';
import { documentsRoutes } from './routes/documents.ts';
import { healthRoutes } from './routes/health.ts';
import { consoleRoutes } from './console/consoleRoutes.ts';
import { indexApiRoutes } from './routes/indexApi.ts';
import { sessionRoutes } from './routes/session.ts';
import { recommendationsRoutes } from './routes/recommendations.ts';
import { searchRoutes } from './routes/search.ts';
import { settingsRoutes } from './routes/settings.ts';
import { statsRoutes } from './routes/stats.ts';
import { statsEventsRoutes } from './routes/statsEvents.ts';
import { statsReportRoutes } from './routes/statsReport.ts';
import { suggestRoutes } from './routes/suggest.ts';
import { DEFAULT_RULE_LIMITS, rulesRoutes, type RuleLimits } from './routes/rules.ts';
import { usersRoutes } from './routes/users.ts';

/** Options of `buildApp`: the service's settings (config/serviceConfig.ts) and the storage that holds its indices. */
export interface AppOptions extends ServiceOptions {
  /**
   * Makes the factory that opens each index's engine and event store.
   * @default SQLite files in `dataDir` (indices/sqliteFactory.ts)
   */
  engine?: EngineChoice;
  /** The byte caps of query rules, one rule's and an index's. @default 64 KB and 50 MB (routes/rules.ts) */
  ruleLimits?: Partial<RuleLimits>;
}

/**
 * Builds the reference service without listening, so the caller (the CLI, a test)
 * owns its lifetime. The engine factory (`options.engine`; SQLite files in `dataDir` by
 * default) opens each index's engine and event store; closing the app closes them.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const config = resolveConfig(options);
  const crawl = crawlerSettings(options);
  const jobSettings = crawlJobSettings(options);
  const { overload } = config;
  // Node checks the request and header timeouts on a timer; a coarse one would let a
  // slow client hold its connection for up to that much longer than the timeout.
  const timing = {
    headersTimeout: overload.headersTimeoutMs,
    requestTimeout: overload.requestTimeoutMs,
    connectionsCheckingInterval: Math.min(1000, Math.max(10, Math.floor(overload.headersTimeoutMs / 4))),
  };
  const app = Fastify({
    logger: requestLogger(config.logger),
    bodyLimit: BODY_MAX_BYTES,
    routerOptions: { maxParamLength: PATH_SEGMENT_MAX },
    // Fastify's defaults wait for ever for a request's body and keep idle connections 72 s.
    requestTimeout: overload.requestTimeoutMs,
    connectionTimeout: overload.idleTimeoutMs,
    keepAliveTimeout: overload.keepAliveTimeoutMs,
    clientErrorHandler,
    frameworkErrors,
    ajv: ROUTE_SCHEMA_OPTIONS,
    ...(config.tls === null ? { http: timing } : { https: { cert: config.tls.cert, key: config.tls.key, ...timing } }),
  });
  const factory = await (options.engine ?? sqliteEngines)({ dataDir: config.dataDir, requireData: config.requireData });
  // Searches of SQLite indices run on reader threads; with none, on the event loop.
  const threads = config.searchThreads > 0 ? new SearchThreads(config.searchThreads) : null;
  let indices: IndexRegistry;
  let catalog: ServiceCatalog;
  const opening = { factory, clickRanking: config.clickRanking, threads, log: app.log, clock: config.clock };
  try {
    catalog = await factory.catalog();
  } catch (error) {
    await threads?.close();
    await factory.close();
    throw error;
  }
  try {
    indices = await openIndices(config.indices, opening);
  } catch (error) {
    await threads?.close();
    await catalog.close();
    await factory.close();
    throw error;
  }
  const apiIndices = new ApiIndices(catalog, indices, opening, config.clock);
  // Past the cap Node closes each new connection as soon as it is accepted, so a flood
  // of connections cannot use up the process's file descriptors.
  app.server.maxConnections = overload.maxConnections;
  capConnectionsPerAddress(app.server, overload.maxConnectionsPerAddress);
  app.decorate('eventStores', new EventStores(indices));
  const retention = new EventRetention(indices, { days: config.statsRetentionDays, maxEvents: config.statsMaxEvents }, config.clock, app.log);
  app.decorate('eventRetention', retention);
  // onClose runs after in-flight requests finish: queued events are committed, then files closed.
  app.addHook('onClose', async () => {
    try {
      await retention.close();
      await threads?.close();
      await indices.close();
    } finally {
      await catalog.close();
      await factory.close();
    }
  });
  const crawler = new Crawler(crawl, app.log);
  // Before the indices close: fetches under way end, and their pages stay PENDING for the next start.
  const userAgent = options.crawlContactUrl === undefined ? null : options.crawlContactUrl;
  // The fetcher (undici) and the reading threads load at the first crawl job.
  const crawlAlerts = new CrawlAlerts(
    {
      access: crawl.access,
      ...(crawl.resolve !== undefined && { resolve: crawl.resolve }),
      timeoutMs: crawl.timeoutMs,
      attempts: DEFAULT_ALERT_ATTEMPTS,
      retryMs: DEFAULT_ALERT_RETRY_MS,
      contactUrl: userAgent,
    },
    app.log,
  );
  app.decorate('crawlAlerts', crawlAlerts);
  const crawlJobs = new CrawlJobs(
    jobSettings,
    async () => (await import('./crawl/crawlJobWiring.ts')).crawlToolsFor(crawl, userAgent),
    config.clock,
    app.log,
    // Alerts read the index's settings: the index as served.
    async (index, id) => {
      const served = indices.find(index.publicKey);
      if (served !== undefined) await crawlAlerts.crawlEnded(served, id);
    },
  );
  app.decorate('crawlJobs', crawlJobs);
  const crawlSchedules = new CrawlSchedules(
    () => indices.all(),
    crawlJobs,
    (url) => crawler.refusal(url),
    config.clock,
    app.log,
  );
  app.decorate('crawlSchedules', crawlSchedules);
  app.addHook('preClose', async () => {
    await crawlSchedules.close();
    await Promise.all([crawler.close(), crawlJobs.close()]);
    await crawlAlerts.close();
  });
  try {
    const routes = new RouteTable();
    app.addHook('onRoute', (route) => routes.add(route.method, route.url));
    app.setErrorHandler(errorHandler);
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, jsonBodyParser(app));
    app.setNotFoundHandler(notFoundHandler(routes));
    await app.register(cors, { delegator: corsDelegator(config.allowedOrigins) });
    // Session cookies are signed with the catalog's key: every node of a database accepts them.
    await app.register(cookie, { secret: await catalog.signingKey() });
    app.decorate('access', new Access({ adminKey: config.adminKey, allowedOrigins: config.allowedOrigins, catalog, apiIndices, clock: config.clock }));
    // An index made or deleted on another node of the database: served, or no longer, before its routes look it up.
    app.addHook('onRequest', async (request) => {
      const key = (request.params as { key?: unknown } | undefined)?.key;
      if (typeof key === 'string') await apiIndices.sync(key);
    });
    await apiIndices.openAll();
    // After CORS, so a 429 still carries the CORS headers a page needs to read it.
    const { rateLimit, statsRateLimit } = config;
    app.addHook(
      'onRequest',
      rateLimiter({ search: rateLimit, suggestions: rateLimit, autocomplete: rateLimit, recommendations: rateLimit, stats: statsRateLimit }, config.clock),
    );
    // After the rate limit, so a client over its limit is told so rather than that the service is busy.
    overloadGuard(app, overload.maxInFlight);
    await app.register(searchRoutes, { indices, clickRanking: config.clickRanking.enabled, clock: config.clock, allowedOrigins: config.allowedOrigins });
    await app.register(suggestRoutes, { indices, clock: config.clock });
    await app.register(autocompleteRoutes, { indices, clock: config.clock });
    await app.register(documentsRoutes, { indices });
    await app.register(settingsRoutes, { indices });
    await app.register(rulesRoutes, { indices, limits: { ...DEFAULT_RULE_LIMITS, ...options.ruleLimits } });
    await app.register(statsRoutes, { indices, clock: config.clock });
    await app.register(statsEventsRoutes, { indices });
    await app.register(statsReportRoutes, { indices, clock: config.clock });
    await app.register(recommendationsRoutes, { indices, configurations: config.recommendations });
    await app.register(usersRoutes, { indices });
    await app.register(healthRoutes, { indices, retention });
    await app.register(indexApiRoutes, { apiIndices });
    if (config.console) await app.register(consoleRoutes);
    await app.register(sessionRoutes, { indices, apiIndices, signInLimit: new SignInLimit(config.clock) });
    await app.register(documentStatusRoutes, { indices });
    await app.register(indexFactsRoutes, { indices });
    await app.register(crawlerRoutes, { indices, crawler });
    await app.register(crawlsRoutes, { indices, crawler, crawlJobs, clock: config.clock });
    await crawler.resume(indices.all());
    await crawlJobs.resume(indices.all());
    crawlSchedules.start();
    retention.start();
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}

/** Opens every index through the factory; on a failure, closes those already opened. */
async function openIndices(credentials: readonly IndexCredentials[], opening: IndexOpening): Promise<IndexRegistry> {
  const opened: SearchIndex[] = [];
  try {
    for (const index of credentials) opened.push(await openIndex(index, opening));
  } catch (error) {
    await closeIndices(opened).catch(() => undefined);
    throw error;
  }
  return new IndexRegistry(opened);
}
