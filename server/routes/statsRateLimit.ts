import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimit } from '../config.ts';
import { ApiError } from '../errors.ts';
import { clientAddress } from '../events/clientAddress.ts';

/**
 * A widget reports a few events a minute per visitor; this leaves room for many
 * visitors behind one address (an office, a school) while a script that sends
 * thousands a second is held to one a second on average.
 */
export const DEFAULT_STATS_RATE_LIMIT: Readonly<RateLimit> = { max: 300, windowMs: 300_000 };

/**
 * The stats endpoint's own limit per client address (IPv6: per /64, see clientAddress):
 * at most `max` events in each window of `windowMs`, windows aligned to the epoch.
 * Over it: 429 with `Retry-After` and the `X-Rate-Limit-*` headers, the event not
 * stored. Counts live in memory: a restart forgets them.
 */
export function statsRateLimit({ max, windowMs }: RateLimit) {
  let windowStart = 0;
  let counts = new Map<string, number>();
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (request.method === 'OPTIONS') return;
    const now = Date.now();
    const start = now - (now % windowMs);
    // A new window forgets every count at once, so memory is bounded by one window's clients.
    if (start !== windowStart) {
      windowStart = start;
      counts = new Map();
    }
    const key = clientAddress(request.ip);
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
    throw new ApiError(429, 'rate_limited', `more than ${max} stats events in ${windowMs} ms from this address; retry after ${retryAfter} s`, {
      headers: { ...headers, 'retry-after': String(retryAfter) },
    });
  };
}
