import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the overload guard has done since the start (server/overloadGuard.ts). */
    overload: OverloadCounts;
  }
}

export interface OverloadCounts {
  /** Guarded requests accepted and not yet answered (or dropped). */
  inFlight: number;
  /** Answered 503 because `maxInFlight` were in flight. */
  refused: number;
  /** Dropped unworked because their client had gone by their turn. */
  dropped: number;
}

/** Routes whose work is the engine's: the public reads and the document writes. `/health` is not among them. */
function guarded(method: string, route: string | undefined): boolean {
  if (route === undefined) return false;
  if (method === 'GET') return route === '/v1/search/:key' || route === '/v1/suggest/:key' || route === '/v1/autocomplete/document-field/:key';
  return (method === 'PUT' || method === 'POST' || method === 'DELETE') && route.startsWith('/v2/indices/:key/documents');
}

/** Seconds a refused client is asked to wait: the queue of `maxInFlight` clears well within it. */
const RETRY_AFTER_SECONDS = 1;

/**
 * Bounds the engine's work and drops the work of clients that have gone.
 *
 * The engine is synchronous, so a request's work, once started, holds the one event loop
 * to its end; without a guard every request read from the sockets is worked through in
 * turn, including those whose client gave up waiting, and the queue grows without bound.
 * Here a guarded request takes its turn from a queue that starts one request per turn of
 * the event loop (setImmediate), so the loop reads the sockets between two requests: it
 * sees clients that closed their connection, whose requests are then dropped unworked, and
 * answers `/health` without waiting behind the queue. Past `maxInFlight` guarded requests
 * accepted and unanswered, a new one answers 503 at once with `Retry-After`.
 */
export function overloadGuard(app: FastifyInstance, maxInFlight: number): void {
  const counts: OverloadCounts = { inFlight: 0, refused: 0, dropped: 0 };
  app.decorate('overload', counts);
  const turns = new TurnQueue();
  const accepted = new WeakSet<FastifyRequest>();

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!guarded(request.method, request.routeOptions.url)) return;
    if (counts.inFlight >= maxInFlight) {
      counts.refused++;
      throw new ApiError(503, 'overloaded', `the service is busy (${maxInFlight} requests under way); retry after ${RETRY_AFTER_SECONDS} s`, {
        headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
      });
    }
    counts.inFlight++;
    accepted.add(request);
    // 'close' comes once, whether the answer was sent or the connection went first.
    reply.raw.once('close', () => counts.inFlight--);
  });

  // After the body is read and checked, right before the work.
  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!accepted.has(request)) return;
    await turns.next();
    if (clientGone(request, reply)) {
      counts.dropped++;
      // Nothing to answer to: skip the handler and free the socket.
      reply.hijack();
      reply.raw.destroy();
    }
  });
}

function clientGone(request: FastifyRequest, reply: FastifyReply): boolean {
  return request.raw.aborted || reply.raw.destroyed || request.raw.socket.destroyed;
}

/** Hands out turns in order, one per turn of the event loop. */
class TurnQueue {
  private readonly waiting: Array<() => void> = [];
  private scheduled = false;

  next(): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(this.release);
      }
    });
  }

  // An immediate set from an immediate runs on the next turn of the loop, after its I/O.
  private readonly release = (): void => {
    const resolve = this.waiting.shift();
    if (resolve === undefined) {
      this.scheduled = false;
      return;
    }
    resolve();
    setImmediate(this.release);
  };
}
