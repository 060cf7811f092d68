import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';

/** The console's files: beside this module, in the sources and in the built package alike (build.mjs copies them). */
export const CONSOLE_FILES = join(import.meta.dirname, 'static');

/**
 * `/console/`: the owner's console, the pages console/app builds (Vite, at build time),
 * which call the session API and the index's routes with the session cookie. No secret
 * is ever in them.
 */
export const consoleRoutes: FastifyPluginAsync = async (app) => {
  if (!existsSync(join(CONSOLE_FILES, 'index.html'))) {
    // A checkout run from its sources before the console was built: say how to build it.
    app.get('/console/*', async (_request, reply) =>
      reply.code(503).type('text/plain; charset=utf-8').send('The console is not built: run npm run build:console, then reload.\n'),
    );
    app.get('/console', async (_request, reply) => reply.redirect('/console/', 301));
    return;
  }
  await app.register(fastifyStatic, {
    root: CONSOLE_FILES,
    prefix: '/console/',
    // No directory listings, no dotfiles; the pages change with the package, so a revalidation each time.
    list: false,
    dotfiles: 'deny',
    cacheControl: true,
    maxAge: 0,
    setHeaders: (reply) => {
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'no-referrer');
      reply.header('x-frame-options', 'DENY');
      reply.header('content-security-policy', "default-src 'self'; frame-ancestors 'none'; form-action 'self'; base-uri 'none'");
    },
  });
  app.get('/console', async (_request, reply) => reply.redirect('/console/', 301));
};
