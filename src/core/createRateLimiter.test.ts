import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './createRateLimiter.ts';

describe('createRateLimiter', () => {
  it('allows max starts in a window, then says how long to wait', () => {
    let now = 1000;
    const limiter = createRateLimiter(3, 1000, () => now);
    for (let i = 0; i < 3; i++) {
      expect(limiter.wait()).toBe(0);
      limiter.record();
      now += 100;
    }
    // Starts at 1000, 1100, 1200; now 1300: the next may start at 2000.
    expect(limiter.wait()).toBe(700);
    now = 2000;
    expect(limiter.wait()).toBe(0);
    limiter.record();
    expect(limiter.wait()).toBe(100);
  });
});
