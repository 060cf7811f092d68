import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../schemas/apiError.ts';
import { LaneQueue, type Lane } from '../config/lanes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the overload guard has done since the start (server/http/overloadGuard.ts). */
    overload: OverloadCounts;
  }
  interface FastifyContextConfig {
    /**
     * The overload lane of this route's work (server/http/overloadGuard.ts), or what picks it
     * from the request; routes without one (`/health`, the reports) are not guarded.
     * Fastify's HEAD route of a GET route shares its config, so its work is guarded alike.
     */
    lane?: Lane | ((request: FastifyRequest) => Lane);
  }
}

export interface OverloadCounts {
  /** Guarded requests whose body is in, not yet answered (or dropped), of both lanes. */
  readonly inFlight: number;
  /** Answered 503 because `maxInFlight` of their lane were in flight. */
  refused: number;
  /** Dropped unworked because their client had gone by their turn. */
  dropped: number;
}

/** The lane of a request: its route's `config.lane` (a lane, or how to pick one from the request). Routes without one are not guarded. */
function laneOf(request: FastifyRequest): Lane | undefined {
  const lane = request.routeOptions.config?.lane;
  return typeof lane === 'function' ? lane(request) : lane;
}

/** Seconds a refused client is asked to wait: the queue of `maxInFlight` clears well within it. */
const RETRY_AFTER_SECONDS = 1;

/**
 * Bounds the engine's work, shares it out among its kinds, and drops the work of clients
 * that have gone.
 *
 * The engine is synchronous, so a request's work, once started, holds the one event loop
 * to its end; without a guard every request read from the sockets is worked through in
 * turn, including those whose client gave up waiting, and the queue grows without bound.
 * Here a guarded request takes its turn from a queue that starts one request per turn of
 * the event loop (setImmediate), so the loop reads the sockets between two requests: it
 * sees clients that closed their connection, whose requests are then dropped unworked, and
 * answers `/health` without waiting behind the queue. Each lane (lanes.ts) bounds and queues
 * its own requests, and the turns go round the lanes that have some waiting. A request
 * enters its lane once its body is read and checked; past `maxInFlight` requests of its
 * lane in and unanswered, a new one answers 503 at once with `Retry-After`.
 * With reader threads (indices/searchThreads.ts) a turn only starts a search: those that
 * find every thread busy wait for one in their lane, and the lanes take turns there too.
 */
export function overloadGuard(app: FastifyInstance, maxInFlight: number): void {
  const inLane: Record<Lane, number> = { read: 0, heavy: 0 };
  const counts: OverloadCounts = {
    get inFlight() {
      return inLane.read + inLane.heavy;
    },
    refused: 0,
    dropped: 0,
  };
  app.decorate('overload', counts);
  const turns = new TurnQueue();
  // One for every refusal: thousands a second under a flood, each a new error with its
  // stack took a share of the event loop the requests let in were waiting for.
  const refusal = new ApiError(
    503,
    'overloaded',
    `the service is busy (${maxInFlight} requests of this kind under way); retry after ${RETRY_AFTER_SECONDS} s`,
    {
      headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
    },
  );

  // Once the body is in and checked, right before the work: a client that sends its body
  // slowly holds a connection (until requestTimeoutMs), never a place in a lane.
  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const lane = laneOf(request);
    if (lane === undefined) return;
    // Gone already: its 'close' has come and would not free a place taken now.
    if (clientGone(request, reply)) return drop(reply);
    if (inLane[lane] >= maxInFlight) {
      counts.refused++;
      throw refusal;
    }
    inLane[lane]++;
    // 'close' comes once, whether the answer was sent or the connection went first.
    reply.raw.once('close', () => inLane[lane]--);
    await turns.next(lane);
    if (clientGone(request, reply)) drop(reply);
  });

  function drop(reply: FastifyReply): void {
    counts.dropped++;
    // Nothing to answer to: skip the handler and free the socket.
    reply.hijack();
    reply.raw.destroy();
  }
}

function clientGone(request: FastifyRequest, reply: FastifyReply): boolean {
  return request.raw.aborted || reply.raw.destroyed || request.raw.socket.destroyed;
}

/**
 * Hands out turns, one per turn of the event loop, from a LaneQueue. With SQLite on the
 * event loop a turn is the request's whole work; with reader threads or an engine that
 * awaits its database, only its start.
 */
export class TurnQueue {
  private readonly waiting = new LaneQueue<() => void>();
  private scheduled = false;

  next(lane: Lane): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.push(lane, resolve);
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
