import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import cors from '@fastify/cors';
import Fastify, { type FastifyInstance } from 'fastify';
import { BODY_MAX_BYTES } from '../src/client/limits.ts';
import { resolveConfig, type AppOptions, type IndexCredentials } from './config.ts';
import { corsDelegator } from './cors.ts';
import { SqliteEngine } from './engine/sqliteEngine.ts';
import { errorHandler, notFoundHandler } from './errors.ts';
import { IndexRegistry, type SearchIndex } from './indices.ts';
import { RouteTable } from './routeTable.ts';
import { autocompleteRoutes } from './routes/autocomplete.ts';
import { documentsRoutes } from './routes/documents.ts';
import { searchRoutes } from './routes/search.ts';
import { suggestRoutes } from './routes/suggest.ts';

/**
 * Builds the reference service without listening, so the caller (the CLI, a test)
 * owns its lifetime. Each index opens its database in `dataDir/indices/`; closing the
 * app closes them.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const config = resolveConfig(options);
  const indices = openIndices(config.dataDir, config.indices);

  const app = Fastify({
    logger: config.logger,
    bodyLimit: BODY_MAX_BYTES,
    // Document ids may be up to 512 characters; the router's default stops at 100.
    routerOptions: { maxParamLength: 2048 },
  });
  app.addHook('onClose', async () => indices.close());
  try {
    const routes = new RouteTable();
    app.addHook('onRoute', (route) => routes.add(route.method, route.url));
    app.setErrorHandler(errorHandler);
    app.setNotFoundHandler(notFoundHandler(routes));
    await app.register(cors, { delegator: corsDelegator(config.allowedOrigins) });
    await app.register(searchRoutes, { indices });
    await app.register(suggestRoutes, { indices });
    await app.register(autocompleteRoutes, { indices });
    await app.register(documentsRoutes, { indices });
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
