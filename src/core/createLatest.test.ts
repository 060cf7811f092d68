import { describe, expect, it, vi } from 'vitest';
import { createLatest } from './createLatest.ts';

/** A request the test settles by hand. */
function pending() {
  let settle!: { resolve(value: string): void; reject(reason: unknown): void };
  let signal!: AbortSignal;
  const ask = (s: AbortSignal) => {
    signal = s;
    return new Promise<string>((resolve, reject) => (settle = { resolve, reject }));
  };
  return { ask, settle: () => settle, signal: () => signal };
}

// Lets every settled promise run its handlers.
const flush = () => new Promise((resolve) => setTimeout(resolve));

describe('createLatest', () => {
  it('aborts the request before and hands on only the newest answer', async () => {
    const latest = createLatest();
    const [a, b] = [pending(), pending()];
    const done = vi.fn();
    latest(a.ask, done);
    latest(b.ask, done);
    expect(a.signal().aborted).toBe(true);
    expect(b.signal().aborted).toBe(false);
    b.settle().resolve('b');
    a.settle().resolve('a');
    await flush();
    expect(done).toHaveBeenCalledExactlyOnceWith('b');
  });

  it('without a request it cancels: the answer in flight is dropped, its failure too', async () => {
    const latest = createLatest();
    const a = pending();
    const done = vi.fn();
    const fail = vi.fn();
    latest(a.ask, done, fail);
    latest();
    expect(a.signal().aborted).toBe(true);
    a.settle().reject(new DOMException('aborted', 'AbortError'));
    await flush();
    expect(done).not.toHaveBeenCalled();
    expect(fail).not.toHaveBeenCalled();
  });

  it('hands on a failure of the newest request, a synchronous throw included', async () => {
    const latest = createLatest();
    const fail = vi.fn();
    const boom = new Error('bad params');
    latest(
      () => {
        throw boom;
      },
      undefined,
      fail,
    );
    await flush();
    expect(fail).toHaveBeenCalledExactlyOnceWith(boom);
  });
});
