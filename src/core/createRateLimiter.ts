/** A sliding-window rate limiter: at most `max` starts in any `windowMs`. */
export interface RateLimiter {
  /** Milliseconds to wait before the next start is allowed; 0 when it may start now. */
  wait(): number;
  /** Records a start now. */
  record(): void;
}

export function createRateLimiter(
  max: number,
  windowMs: number,
  now: () => number = Date.now,
): RateLimiter {
  // Start times of the last `max` requests, oldest first.
  const starts: number[] = [];
  return {
    wait() {
      if (starts.length < max) return 0;
      const oldest = starts[0] ?? 0;
      return Math.max(0, oldest + windowMs - now());
    },
    record() {
      starts.push(now());
      if (starts.length > max) starts.shift();
    },
  };
}
