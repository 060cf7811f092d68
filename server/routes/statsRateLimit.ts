import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimit } from '../config.ts';
import { ApiError } from '../errors.ts';
import { clientAddress } from '../events/clientAddress.ts';
import { fixedWindow } from '../rateLimiter.ts';

/**
 * The stats endpoint's own limit per client address (IPv6: per /64, see clientAddress):
 * at most `max` events in each window of `windowMs` (see fixedWindow). Over it: 429 with
 * `Retry-After` and the `X-Rate-Limit-*` headers, the event not stored.
 */
export function statsRateLimit(limit: RateLimit) {
  const count = fixedWindow(limit);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (request.method === 'OPTIONS') return;
    const { allowed, headers, retryAfter } = count(clientAddress(request.ip));
    if (allowed) {
      reply.headers(headers);
      return;
    }
    throw new ApiError(429, 'rate_limited', `more than ${limit.max} stats events in ${limit.windowMs} ms from this address; retry after ${retryAfter} s`, {
      headers,
    });
  };
}
