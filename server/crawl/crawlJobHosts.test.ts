import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { HostGate } from './crawlJobHosts.ts';

describe('HostGate', () => {
  it('lets one fetch at a time through, and leaves no listener on the signal after each wait', async () => {
    const gate = new HostGate({ concurrency: 1, ratePerSecond: 0 });
    const stop = new AbortController();
    const order: number[] = [];
    await gate.acquire(stop.signal);
    // Each of these waits its turn behind the one before.
    const waits = Array.from({ length: 30 }, (_, i) =>
      gate.acquire(stop.signal).then(() => {
        order.push(i);
        gate.release();
      }),
    );
    expect(getEventListeners(stop.signal, 'abort')).toHaveLength(30);
    gate.release();
    await Promise.all(waits);
    expect(order).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect(getEventListeners(stop.signal, 'abort')).toHaveLength(0);
  });

  it('lets the waits go when the crawl stops', async () => {
    const gate = new HostGate({ concurrency: 1, ratePerSecond: 0 });
    const stop = new AbortController();
    await gate.acquire(stop.signal);
    const waiting = gate.acquire(stop.signal);
    stop.abort();
    await expect(waiting).rejects.toThrow();
    expect(getEventListeners(stop.signal, 'abort')).toHaveLength(0);
  });
});
