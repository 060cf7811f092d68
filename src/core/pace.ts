/** Sends to one endpoint no faster than it allows; see `createPace`. */
export interface Pace {
  /**
   * Runs `send` in the next free slot: at once when the endpoint has been quiet, else
   * when the slot opens. A later call before then replaces it, so a request that would
   * be superseded before its slot is never sent. `urgent` (a search the user asked for:
   * Enter, a page, a filter) skips the gap but never the limit per window.
   */
  (send: () => void, urgent?: boolean): void;
  /** Drops what waits for its slot, if anything. */
  cancel(): void;
}

/**
 * The pace of one endpoint: a throttle with leading and trailing edges. A request goes
 * out at once after a quiet time, then at most one each `gapMs`, the newest one that
 * waited; and never more than 5 in any second, urgent ones included:
 *
 *   keys     a  b  c   d      e               (125 ms apart)
 *   sent     a     c      d      e            (200 ms apart: b was replaced before its slot)
 *
 * The last key waits only for the next free slot, at most `gapMs`, where a debounce
 * made every query wait its whole delay. The defaults keep each endpoint within the API's
 * 5 requests a second per address (cancelled requests reach the service too).
 */
export function createPace(gapMs = 200): Pace {
  // Start times of the last 5 sends, oldest first; long ago until there were that many.
  const starts: number[] = Array(5).fill(-Infinity);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let waiting: () => void;
  let skipGap = false;

  function run() {
    const now = performance.now();
    const due = Math.max(starts[0]! + 1000, skipGap ? 0 : starts[4]! + gapMs);
    if (due > now) timer = setTimeout(run, due - now);
    else {
      waiting();
      // Timed once sent: the request leaves within `waiting`, maybe a moment after `now`.
      starts.push(performance.now());
      starts.shift();
    }
  }

  const pace = (send: () => void, urgent = false) => {
    waiting = send;
    skipGap = urgent;
    clearTimeout(timer);
    run();
  };
  pace.cancel = () => clearTimeout(timer);
  return pace;
}
