import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';

/** The console's files: beside this module, in the sources and in the built package alike (build.mjs copies them). */
export const CONSOLE_FILES = join(import.meta.dirname, 'static');

/**
 * `/console/`: the owner's console, static files that call the session API and the
 * index's routes with the session cookie. For now the sign-in page; no secret is ever
 * in them.
 */
export const consoleRoutes: FastifyPluginAsync = async (app) => {
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
