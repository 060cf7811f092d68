import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimit } from '../config/serviceConfig.ts';
import { ApiError } from '../schemas/apiError.ts';
import { clientAddress } from '../events/clientAddress.ts';

/**
 * The per-address limits, each counted on its own. A route says which one its requests
 * count against in its `config` (`{ rateLimit: 'search' }`), so the count follows the
 * route the router matched, whatever its URL or however the path was spelled
 * (`/v1/%73earch/demo` is the search route too).
 */
export type RateLimitKind = 'search' | 'suggestions' | 'autocomplete' | 'recommendations' | 'stats';

/** What a 429 says was sent too many of. */
const COUNTED: Readonly<Record<RateLimitKind, string>> = {
  search: 'search requests',
  suggestions: 'suggestions requests',
  autocomplete: 'autocomplete requests',
  recommendations: 'recommendations requests',
  stats: 'stats events',
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The per-address limit this route's requests count against (server/http/rateLimiter.ts); none when absent. */
    rateLimit?: RateLimitKind;
  }
}

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
 * live in memory: a restart forgets them. `clock` is the app's (tests move it).
 *
 * Not @fastify/rate-limit: its headers are `X-RateLimit-*` (or the draft's `RateLimit-*`),
 * not the API's `X-Rate-Limit-*`, and its windows start at each client's first request,
 * so the reset would differ from client to client.
 */
export function fixedWindow({ max, windowMs }: RateLimit, clock: () => number = Date.now): (key: string) => WindowCount {
  let windowStart = 0;
  let counts = new Map<string, number>();
  return (key) => {
    const now = clock();
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
 * A fixed-window limit per client and kind of route (see fixedWindow), for the routes
 * that declare a kind (RateLimitKind); `false` leaves a kind unlimited. A client is
 * counted by clientAddress, as everywhere the service tells clients apart: an IPv6
 * client by its /64, which one subscriber usually holds whole, so it cannot pose as
 * many. Over the limit: 429 with `Retry-After`. CORS preflights are not counted.
 */
export function rateLimiter(limits: Readonly<Record<RateLimitKind, RateLimit | false>>, clock: () => number = Date.now) {
  const counters = new Map<RateLimitKind, { limit: RateLimit; count: (key: string) => WindowCount }>();
  for (const [kind, limit] of Object.entries(limits) as Array<[RateLimitKind, RateLimit | false]>) {
    if (limit !== false) counters.set(kind, { limit, count: fixedWindow(limit, clock) });
  }
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (request.method === 'OPTIONS') return;
    // Unmatched requests (404, 405) have no route and do no work worth limiting.
    const kind = request.routeOptions.config?.rateLimit;
    const counter = kind === undefined ? undefined : counters.get(kind);
    if (kind === undefined || counter === undefined) return;
    const { allowed, headers, retryAfter } = counter.count(clientAddress(request.ip));
    if (allowed) {
      reply.headers(headers);
      return;
    }
    const { max, windowMs } = counter.limit;
    throw new ApiError(429, 'rate_limited', `more than ${max} ${COUNTED[kind]} in ${windowMs} ms from this address; retry after ${retryAfter} s`, {
      headers,
    });
  };
}
