import type { StatsEvent } from '../client/types.ts';
import type { Delivery } from './deliver.ts';
import { local } from './local.ts';

/** The queue keeps at most this many events (the oldest go first) ... */
export const QUEUE_MAX = 100;
/** ... for at most this long. */
export const QUEUE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

// The keys of a kept event, as localStorage holds it. They stay one letter: visitors'
// browsers keep queues in this form across an upgrade of the widget, and those events
// must still go out (and the short keys keep the stored list and the script small).
const EVENT = 'e';
/** Queued at, ms since the epoch. */
const QUEUED_AT = 't';
/** Failed attempts so far. */
const FAILURES = 'n';
/** Not to be tried again before (ms since the epoch). */
const RETRY_AT = 'a';

/** An event the queue keeps, and how its delivery goes. */
interface QueuedEvent {
  [EVENT]: StatsEvent;
  [QUEUED_AT]: number;
  [FAILURES]: number;
  [RETRY_AT]: number;
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

  function read(): QueuedEvent[] {
    const list = local<QueuedEvent[]>(key);
    const oldest = now() - QUEUE_MAX_AGE_MS;
    return Array.isArray(list)
      ? list.filter((queued) => queued && queued[EVENT] && typeof queued[EVENT].eventId === 'string' && queued[QUEUED_AT] > oldest).slice(-QUEUE_MAX)
      : [];
  }

  function write(list: QueuedEvent[]) {
    local(key, list.length ? list : undefined);
  }

  function schedule() {
    clearTimeout(timer);
    const next = Math.min(
      ...read()
        .filter((queued) => queued[FAILURES] && !flying.has(queued[EVENT].eventId!))
        .map((queued) => queued[RETRY_AT]),
    );
    if (next < Infinity) timer = setTimeout(flush, Math.max(0, next - now()));
  }

  function flush(all?: boolean) {
    const due = read().filter((queued) => (all || queued[RETRY_AT] <= now()) && !flying.has(queued[EVENT].eventId!));
    for (const { [EVENT]: event, [FAILURES]: failures } of due.some((queued) => queued[FAILURES]) ? due.slice(0, 1) : due) {
      const id = event.eventId!;
      flying.add(id);
      void send(event).then((result) => {
        flying.delete(id);
        // Read again: other events (or other tabs) changed the list meanwhile.
        const list = read();
        const at = list.findIndex((queued) => queued[EVENT].eventId === id);
        const queued = list[at];
        if (queued) {
          if (result === 'ok' || result === 'drop') list.splice(at, 1);
          else queued[RETRY_AT] = now() + Math.min(1000 * 2 ** queued[FAILURES]++, 600_000) * (0.5 + Math.random() / 2);
          write(list);
        }
        if (result === 'ok' && failures) flush(true);
        else schedule();
      });
    }
  }

  return {
    add(event) {
      write([...read(), { [EVENT]: event, [QUEUED_AT]: now(), [FAILURES]: 0, [RETRY_AT]: 0 }].slice(-QUEUE_MAX));
      flush();
    },
    flush,
    pending: () => read().flatMap((queued) => (flying.has(queued[EVENT].eventId!) ? [] : [queued[EVENT]])),
    clear() {
      clearTimeout(timer);
      write([]);
    },
    dispose: () => clearTimeout(timer),
  };
}
