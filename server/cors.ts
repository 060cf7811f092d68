import type { FastifyCorsOptions } from '@fastify/cors';
import type { FastifyRequest } from 'fastify';

/** Endpoints a page on any site may call (DESIGN.md, cross-origin). */
const PUBLIC_PREFIXES = ['/v1/search/', '/v1/suggest/', '/v1/autocomplete/', '/v1/stats/', '/v1/recommendations/'];

/**
 * CORS per request: the public endpoints answer every origin; the authenticated ones
 * only the configured origins, so a secret typed into one site cannot be used from another.
 */
export function corsDelegator(allowedOrigins: readonly string[]) {
  const restricted: FastifyCorsOptions = {
    origin: allowedOrigins.length > 0 ? [...allowedOrigins] : false,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    maxAge: 600,
  };
  const open: FastifyCorsOptions = { origin: '*', methods: ['GET', 'HEAD', 'POST'], maxAge: 600 };
  return (request: FastifyRequest, callback: (error: Error | null, options?: FastifyCorsOptions) => void): void => {
    const path = request.url.split('?', 1)[0] ?? '';
    callback(null, PUBLIC_PREFIXES.some((prefix) => path.startsWith(prefix)) ? open : restricted);
  };
}
