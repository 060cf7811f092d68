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

/** What one counted request learns of its window. */
export interface WindowCount {
  /** Within the limit. */
  allowed: boolean;
  /** `X-Rate-Limit-*`, and `Retry-After` when over the limit. */
  headers: Record<string, string>;
  /** Seconds until the window ends, at least 1. */
  retryAfter: number;
}

/**
 * Counts requests per key in fixed windows of `windowMs`, aligned to the epoch so
 * `X-Rate-Limit-Reset` (epoch seconds, rounded up) is the same for every client. Counts
 * live in memory: a restart forgets them.
 */
export function fixedWindow({ max, windowMs }: RateLimit): (key: string) => WindowCount {
  let windowStart = 0;
  let counts = new Map<string, number>();
  return (key) => {
    const now = Date.now();
    const start = now - (now % windowMs);
    // A new window forgets every count at once, so memory is bounded by one window's clients.
    if (start !== windowStart) {
      windowStart = start;
      counts = new Map();
    }
    const used = (counts.get(key) ?? 0) + 1;
    counts.set(key, used);
    const reset = start + windowMs;
    const retryAfter = Math.max(1, Math.ceil((reset - now) / 1000));
    const headers: Record<string, string> = {
      'x-rate-limit-limit': String(max),
      'x-rate-limit-remaining': String(Math.max(0, max - used)),
      'x-rate-limit-reset': String(Math.ceil(reset / 1000)),
    };
    if (used > max) headers['retry-after'] = String(retryAfter);
    return { allowed: used <= max, headers, retryAfter };
  };
}

/**
 * A fixed-window limit per client IP and endpoint (see fixedWindow). Over the limit: 429
 * with `Retry-After`. CORS preflights are not counted.
 */
export function rateLimiter(limit: RateLimit) {
  const count = fixedWindow(limit);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (request.method === 'OPTIONS') return;
    // Unmatched requests (404, 405) have no route and do no work worth limiting.
    const route = request.routeOptions.url;
    const endpoint = route === undefined ? undefined : LIMITED.get(route);
    if (endpoint === undefined) return;
    const { allowed, headers, retryAfter } = count(`${endpoint}\u0000${request.ip}`);
    if (allowed) {
      reply.headers(headers);
      return;
    }
    throw new ApiError(
      429,
      'rate_limited',
      `more than ${limit.max} ${endpoint} requests in ${limit.windowMs} ms from this address; retry after ${retryAfter} s`,
      { headers },
    );
  };
}
