import type { StatsEvent } from '../client/types.ts';
import type { Delivery } from './deliver.ts';
import { local } from './local.ts';

/** The queue keeps at most this many events (the oldest go first) ... */
export const QUEUE_MAX = 100;
/** ... for at most this long. */
export const QUEUE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

interface Entry {
  e: StatsEvent;
  /** Queued at, ms since the epoch. */
  t: number;
  /** Failed attempts so far. */
  n: number;
  /** Not to be tried again before (ms since the epoch). */
  a: number;
}

/** Events not yet confirmed by the service, kept in localStorage across page loads. */
export interface RetryQueue {
  /** Keeps `event` until the service confirms it, and sends it now. */
  add(event: StatsEvent): void;
  /**
   * Sends what is due (with `all`, everything, as on a new page load). After a failure
   * one event tests the line first; once it passes, the rest follow at once.
   */
  flush(all?: boolean): void;
  /** The events kept and not in flight: what is left to hand to `sendBeacon` when the page goes. */
  pending(): StatsEvent[];
  /** Forgets every kept event (consent withdrawn). */
  clear(): void;
  /** Stops the retry timer. */
  dispose(): void;
}

/**
 * A retry queue in localStorage under `key`. An event leaves it only when `send` says
 * the service stored it (`ok`) or refused it for good (`drop`); anything else is tried
 * again with exponential backoff and jitter (1 s doubling up to 10 min), here and on the
 * next page load. Every event carries an `eventId`, so a resent event is stored once.
 */
export function createQueue(key: string, send: (event: StatsEvent) => Promise<Delivery>, now: () => number = Date.now): RetryQueue {
  const flying = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  function read(): Entry[] {
    const list = local<Entry[]>(key);
    const oldest = now() - QUEUE_MAX_AGE_MS;
    return Array.isArray(list) ? list.filter((x) => x && x.e && typeof x.e.eventId === 'string' && x.t > oldest).slice(-QUEUE_MAX) : [];
  }

  function write(list: Entry[]) {
    local(key, list.length ? list : undefined);
  }

  function schedule() {
    clearTimeout(timer);
    const next = Math.min(
      ...read()
        .filter((x) => x.n && !flying.has(x.e.eventId!))
        .map((x) => x.a),
    );
    if (next < Infinity) timer = setTimeout(flush, Math.max(0, next - now()));
  }

  function flush(all?: boolean) {
    const due = read().filter((x) => (all || x.a <= now()) && !flying.has(x.e.eventId!));
    for (const { e, n } of due.some((x) => x.n) ? due.slice(0, 1) : due) {
      const id = e.eventId!;
      flying.add(id);
      void send(e).then((result) => {
        flying.delete(id);
        // Read again: other events (or other tabs) changed the list meanwhile.
        const list = read();
        const at = list.findIndex((x) => x.e.eventId === id);
        const entry = list[at];
        if (entry) {
          if (result === 'ok' || result === 'drop') list.splice(at, 1);
          else entry.a = now() + Math.min(1000 * 2 ** entry.n++, 600_000) * (0.5 + Math.random() / 2);
          write(list);
        }
        if (result === 'ok' && n) flush(true);
        else schedule();
      });
    }
  }

  return {
    add(event) {
      write([...read(), { e: event, t: now(), n: 0, a: 0 }].slice(-QUEUE_MAX));
      flush();
    },
    flush,
    pending: () => read().flatMap((x) => (flying.has(x.e.eventId!) ? [] : [x.e])),
    clear() {
      clearTimeout(timer);
      write([]);
    },
    dispose: () => clearTimeout(timer),
  };
}
