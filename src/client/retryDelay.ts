/** How the client waits between attempts. */
export interface BackoffOptions {
  /**
   * First delay of the exponential backoff, in milliseconds; attempt n waits a random
   * time up to `retryBaseMs * 2^n` ("full jitter", so many clients do not retry in step).
   * @default 500
   */
  retryBaseMs?: number | undefined;
  /**
   * Longest wait between two attempts, in milliseconds. A 429 whose `Retry-After`
   * asks for longer is not retried: the error (with `retryAfter`) is thrown at once.
   * @default 60000
   */
  maxRetryDelayMs?: number | undefined;
  /** Source of jitter, replaceable in tests. @default Math.random */
  random?: (() => number) | undefined;
}

export const RETRY_BASE_MS = 500;
export const MAX_RETRY_DELAY_MS = 60_000;

/**
 * Milliseconds to wait before retry number `attempt` (from 0), or `null` when the wait
 * would exceed `maxRetryDelayMs`. `retryAfter` (seconds, from the answer) wins over the
 * backoff: the service knows when its window resets.
 */
export function retryDelay(attempt: number, retryAfter: number | undefined, options: BackoffOptions = {}): number | null {
  const max = options.maxRetryDelayMs ?? MAX_RETRY_DELAY_MS;
  const random = options.random ?? Math.random;
  if (retryAfter !== undefined) {
    const wait = retryAfter * 1000;
    // A little jitter after the reset, so clients told the same time do not arrive together.
    return wait > max ? null : wait + Math.floor(random() * (options.retryBaseMs ?? RETRY_BASE_MS) * 0.2);
  }
  const cap = Math.min(max, (options.retryBaseMs ?? RETRY_BASE_MS) * 2 ** attempt);
  return Math.floor(random() * cap);
}
