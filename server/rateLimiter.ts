import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimit } from './config.ts';
import { ApiError } from './errors.ts';

/**
 * The endpoints with a per-IP rate (API 8), each counted on its own, by the route the
 * router matched rather than the path as sent: `/v1/%73earch/demo` is the search route
 * too, and a prefix test of the raw URL would not count it.
 */
const LIMITED: ReadonlyMap<string, string> = new Map([
  ['/v1/search/:key', 'search'],
  ['/v1/suggest/:key', 'suggestions'],
  ['/v1/autocomplete/document-field/:key', 'autocomplete'],
]);

/**
 * A fixed-window limit per client IP and endpoint: at most `max` requests in each
 * window of `windowMs`, windows aligned to the epoch so `X-Rate-Limit-Reset` (epoch
 * seconds, rounded up) is the same for every client. Over the limit: 429 with
 * `Retry-After`. CORS preflights are not counted. Counts live in memory: a restart
 * forgets them.
 */
export function rateLimiter({ max, windowMs }: RateLimit) {
  let windowStart = 0;
  let counts = new Map<string, number>();
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (request.method === 'OPTIONS') return;
    // Unmatched requests (404, 405) have no route and do no work worth limiting.
    const route = request.routeOptions.url;
    const endpoint = route === undefined ? undefined : LIMITED.get(route);
    if (endpoint === undefined) return;
    const now = Date.now();
    const start = now - (now % windowMs);
    // A new window forgets every count at once, so memory is bounded by one window's clients.
    if (start !== windowStart) {
      windowStart = start;
      counts = new Map();
    }
    const key = `${endpoint}\u0000${request.ip}`;
    const used = (counts.get(key) ?? 0) + 1;
    counts.set(key, used);
    const reset = start + windowMs;
    const headers = {
      'x-rate-limit-limit': String(max),
      'x-rate-limit-remaining': String(Math.max(0, max - used)),
      'x-rate-limit-reset': String(Math.ceil(reset / 1000)),
    };
    if (used <= max) {
      reply.headers(headers);
      return;
    }
    const retryAfter = Math.max(1, Math.ceil((reset - now) / 1000));
    throw new ApiError(
      429,
      'rate_limited',
      `more than ${max} ${endpoint} requests in ${windowMs} ms from this address; retry after ${retryAfter} s`,
      { headers: { ...headers, 'retry-after': String(retryAfter) } },
    );
  };
}
