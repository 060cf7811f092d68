/** Sends to one endpoint no faster than it allows; see `createPace`. */
export interface Pace {
  /**
   * Runs `send` in the next free slot: at once when the endpoint has been quiet, else
   * when the slot opens. A later call before then replaces it, so a request that would
   * be superseded before its slot is never sent. `urgent` (a search the user asked for:
   * Enter, a page, a filter) skips the gap but never the limit per window. `send` returns
   * its request, if it makes one: a promise settled once it is answered, failed or aborted,
   * which must settle (abort what hangs); it resolves to the service's own time on the
   * request in ms (`processing_time_ms`) when answered and known.
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
 * when each request surely arrived, not from when it left: a request goes once the 5th
 * newest arrived 1000 ms ago; then at most 4 others can arrive within a second of it.
 * A request surely arrived by its answer, less the time the service says it spent on it
 * (its own clock, after the arrival): on a busy service that is most of the wait, which
 * counting from the answer alone would add to every 5th request. Unanswered, by when the
 * next one aborted it, and at least `gapMs` after it left. A slot that sends several
 * requests (one per index, createGroupPace) counts as that many: `slots` a second at most.
 */
export function createPace(gapMs = 200, slots = 5): Pace {
  // The newest requests, up to `slots` (5; fewer when each slot sends to several indices),
  // oldest first: when each left, and when it surely arrived (Infinity while the newest is
  // on its way unanswered).
  const recent: Array<{ left: number; arrived: number }> = [];
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let waiting: (() => unknown) | null = null;
  let skipGap = false;

  function run() {
    clearTimeout(timer);
    timer = undefined;
    if (!waiting) return;
    const now = performance.now();
    const fifth = recent.length === slots ? recent[0]!.arrived : -Infinity;
    const due = Math.max(fifth + 1000, skipGap ? 0 : last + gapMs);
    if (due > now) {
      timer = setTimeout(run, due - now);
      return;
    }
    const send = waiting;
    waiting = null;
    // The newest before this one, if unanswered, surely arrived by now, when this one aborts it,
    // and at least the gap after it left.
    const newest = recent[recent.length - 1];
    if (newest) newest.arrived = Math.min(newest.arrived, Math.max(now, newest.left + gapMs));
    const entry = { left: now, arrived: Infinity };
    recent.push(entry);
    if (recent.length > slots) recent.shift();
    const request = send();
    // Timed once sent: the request leaves within `send`, maybe a moment after `now`.
    entry.left = last = performance.now();
    if (!(request instanceof Promise)) entry.arrived = entry.left;
    // `then` with both: a failure stays as handled (or not) as it was for the caller.
    else
      request.then(
        (serviceMs: unknown) => settled(entry, typeof serviceMs === 'number' && serviceMs > 0 ? serviceMs : 0),
        () => settled(entry, 0, gapMs),
      );
  }

  /**
   * Answered (or failed) now: the request surely arrived by now, less the service's own time
   * on it; failed (or aborted, maybe on its way still), at least `floor` after it left.
   */
  function settled(entry: { left: number; arrived: number }, serviceMs: number, floor = 0) {
    // 1 ms off the service's time, which may be rounded; never before it left.
    const arrived = Math.max(entry.left + floor, performance.now() - Math.max(0, serviceMs - 1));
    if (arrived >= entry.arrived) return;
    entry.arrived = arrived;
    // An earlier arrival may open the slot earlier.
    if (waiting) run();
  }

  const pace = (send: () => unknown, urgent = false) => {
    waiting = send;
    skipGap = urgent;
    run();
  };
  pace.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    waiting = null;
  };
  return pace;
}
