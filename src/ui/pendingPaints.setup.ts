import { afterAll } from 'vitest';

// Preact runs effects after the next frame, with a timer as fallback that cancels the frame.
// Should a file end before that frame, the timer fires once the DOM is torn down and calls a
// `cancelAnimationFrame` that no longer exists. Waiting one frame lets every effect already
// scheduled run (and clear its timer) while the DOM is still there.
afterAll(
  () =>
    new Promise<void>((resolve) => {
      if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(resolve));
      else resolve();
    }),
);
