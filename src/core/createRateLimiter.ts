/** A sliding-window rate limiter: at most `max` starts in any `windowMs`. */
export interface RateLimiter {
  /** Milliseconds to wait before the next start is allowed; 0 when it may start now. */
  wait(): number;
  /** Records a start now. */
  record(): void;
}

export function createRateLimiter(max: number, windowMs: number, now: () => number = Date.now): RateLimiter {
  // Start times of the last `max` requests, oldest first; long ago until there were `max`.
  const starts: number[] = Array(max).fill(-Infinity);
  return {
    wait: () => Math.max(0, starts[0]! + windowMs - now()),
    record() {
      starts.push(now());
      starts.shift();
    },
  };
}
