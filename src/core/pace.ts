/** Sends to one endpoint no faster than it allows; see `createPace`. */
export interface Pace {
  /**
   * Runs `send` in the next free slot: at once when the endpoint has been quiet, else
   * when the slot opens. A later call before then replaces it, so a request that would
   * be superseded before its slot is never sent. `urgent` (a search the user asked for:
   * Enter, a page, a filter) skips the gap but never the limit per window. `send` returns
   * its request, if it makes one: a promise settled once it is answered, failed or aborted.
   */
  (send: () => unknown, urgent?: boolean): void;
  /** Drops what waits for its slot, if anything. */
  cancel(): void;
}

/**
 * The pace of one endpoint: a throttle with leading and trailing edges. A request goes
 * out at once after a quiet time, then at most one each `gapMs`, the newest one that
 * waited; and never more than 5 in any second at the service, urgent ones included:
 *
 *   keys     a  b  c   d      e               (125 ms apart)
 *   sent     a     c      d      e            (200 ms apart: b was replaced before its slot)
 *
 * The last key waits only for the next free slot, at most `gapMs`, where a debounce
 * made every query wait its whole delay. The defaults keep each endpoint within the API's
 * 5 requests a second per address (cancelled requests reach the service too).
 *
 * Requests spaced at the page can reach the service bunched: one waits in the network or
 * the browser's queue while the next goes straight through. So the second is counted from
 * when each request surely arrived, not from when it left: its answer, or, unanswered, when
 * the next one aborted it (`gapMs` after it left at the earliest). A request goes once the
 * 5th newest arrived 1000 ms ago; then at most 4 others can arrive within a second of it.
 * With a quick service that costs a round trip once in 5 requests.
 */
export function createPace(gapMs = 200): Pace {
  // When each of the 4 requests before the newest surely arrived, oldest first.
  const arrived: number[] = Array(4).fill(-Infinity);
  // When the newest was answered: Infinity while in flight.
  let answered = -Infinity;
  let sent = 0;
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let waiting: () => unknown;
  let skipGap = false;

  function run() {
    const now = performance.now();
    const due = Math.max(arrived[0]! + 1000, skipGap ? 0 : last + gapMs);
    if (due > now) timer = setTimeout(run, due - now);
    else {
      // The newest surely arrived by its answer, or by now, when this one aborts it.
      arrived.push(Math.min(answered, Math.max(now, last + gapMs)));
      arrived.shift();
      const request = waiting();
      const own = ++sent;
      // Timed once sent: the request leaves within `waiting`, maybe a moment after `now`.
      answered = last = performance.now();
      if (request instanceof Promise) {
        answered = Infinity;
        // `finally` leaves a failure as unhandled as it was.
        void request.finally(() => own === sent && (answered = performance.now()));
      }
    }
  }

  const pace = (send: () => unknown, urgent = false) => {
    waiting = send;
    skipGap = urgent;
    clearTimeout(timer);
    run();
  };
  pace.cancel = () => clearTimeout(timer);
  return pace;
}
