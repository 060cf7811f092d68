/**
 * Runs `ask` with a fresh signal, aborting the request before it; without `ask` it only
 * cancels. `done` or `fail` run only while the request is still the newest. Returns the
 * request, settled once it is answered, failed or aborted (and `done` or `fail` ran).
 */
export type Latest = <T>(
  ask?: (signal: AbortSignal) => Promise<T>,
  done?: (value: T) => void,
  fail?: (reason: unknown) => void,
) => Promise<unknown> | undefined;

/**
 * One request at a time, shared by the search, the suggestions and the recommendations.
 * Aborting is not enough, because a fetch may settle after abort() was called:
 *
 *   t0 "ab"  sent (#1) --------------------------------------> answer #1 (dropped)
 *   t1 "abc" sent (#2), #1 aborted --> answer #2 (painted)
 *
 * so only the answer of the newest controller counts. Every abort of ours makes a newer
 * one, so whatever reaches `fail` (an AbortError too) was not our doing: a real failure.
 */
export function createLatest(): Latest {
  let current: AbortController | undefined;
  return <T>(ask?: (signal: AbortSignal) => Promise<T>, done?: (value: T) => void, fail?: (reason: unknown) => void) => {
    current?.abort();
    const own = (current = new AbortController());
    // `new Promise` turns a synchronous throw of `ask` into a rejection.
    return (
      ask &&
      new Promise<T>((resolve) => resolve(ask(own.signal))).then(
        (value) => own === current && done?.(value),
        (reason: unknown) => own === current && fail?.(reason),
      )
    );
  };
}
