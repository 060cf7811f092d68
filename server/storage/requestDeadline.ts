/**
 * One deadline for all a request asks of PostgreSQL: connecting and every statement
 * together get `connectMs + statementMs`. Each statement's own limits (databaseTimeouts.ts)
 * leave a database that does not answer at all to be noticed only after the statement's
 * limit and a grace, once per statement; the deadline answers the request when it is due,
 * whatever it waited on.
 */
import type { DatabaseTimeouts } from './databaseTimeouts.ts';

/** What a request waited on when its deadline passed; storageErrors.ts reads it as a database that does not answer. */
export class DeadlineError extends Error {
  override name = 'DeadlineError';
  readonly code = 'ETIMEDOUT';
  constructor(ms: number) {
    super(`the database did not answer within the request's deadline of ${ms} ms`);
  }
}

export interface RequestDeadline {
  /** Aborts at the deadline (with a DeadlineError), or when the caller's signal does (with its reason). */
  signal: AbortSignal;
  /** Stops the timer (the work is over). */
  dispose(): void;
}

/** The deadline of a request that starts now, joined to the caller's `signal` (a client that went away). */
export function requestDeadline(timeouts: DatabaseTimeouts, signal?: AbortSignal): RequestDeadline {
  const ms = timeouts.connectMs + timeouts.statementMs;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DeadlineError(ms)), ms);
  timer.unref();
  const onAbort = () => controller.abort(signal!.reason);
  if (signal?.aborted === true) onAbort();
  else signal?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    dispose: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    },
  };
}

/**
 * `promise`, or a rejection with the signal's reason as soon as it aborts. Should the
 * promise resolve after that, `late` gets its value (a connection to give back).
 */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined, late?: (value: T) => void): Promise<T> {
  if (signal === undefined) return promise;
  if (signal.aborted) {
    promise.then(late, () => {});
    return Promise.reject(signal.reason as Error);
  }
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const onAbort = () => {
      settled = true;
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        if (settled) late?.(value);
        else resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        if (!settled) reject(error as Error);
      },
    );
  });
}
