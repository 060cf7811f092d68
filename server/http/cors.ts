import type { FastifyCorsOptions } from '@fastify/cors';
import type { FastifyRequest } from 'fastify';

/** Endpoints a page on any site may call (DESIGN.md, cross-origin). */
const PUBLIC_PREFIXES = ['/v1/search/', '/v1/suggest/', '/v1/autocomplete/', '/v1/stats/', '/v1/recommendations/'];

/**
 * CORS per request: the public endpoints answer every origin; the authenticated ones
 * only the configured origins, so a secret typed into one site cannot be used from another.
 * A public endpoint that also takes credentials (search with `explain=true`) takes them,
 * like the authenticated ones, only from the configured origins: other pages may not
 * send `Authorization` there.
 */
export function corsDelegator(allowedOrigins: readonly string[]) {
  const restricted: FastifyCorsOptions = {
    origin: allowedOrigins.length > 0 ? [...allowedOrigins] : false,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    maxAge: 600,
    // The plugin's own 400 for an OPTIONS without Origin is plain text, not the error JSON.
    strictPreflight: false,
  };
  const open: FastifyCorsOptions = { origin: '*', methods: ['GET', 'HEAD', 'POST'], maxAge: 600, strictPreflight: false };
  // Any header a page asks to send, credentials included: the plugin's default.
  const publicForOwner: FastifyCorsOptions = { ...open, origin: [...allowedOrigins] };
  return (request: FastifyRequest, callback: (error: Error | null, options?: FastifyCorsOptions) => void): void => {
    const path = request.url.split('?', 1)[0] ?? '';
    if (!PUBLIC_PREFIXES.some((prefix) => path.startsWith(prefix))) return callback(null, restricted);
    const origin = request.headers.origin;
    if (origin !== undefined && allowedOrigins.includes(origin)) return callback(null, publicForOwner);
    // Any header a page asks to send, as before, but the credentials.
    callback(null, { ...open, allowedHeaders: withoutAuthorization(request.headers['access-control-request-headers']) });
  };
}

function withoutAuthorization(requested: string | undefined): string[] {
  return (requested ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '' && name.toLowerCase() !== 'authorization');
}
