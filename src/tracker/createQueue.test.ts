// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StatsEvent } from '../client/types.ts';
import { createQueue, QUEUE_MAX, QUEUE_MAX_AGE_MS } from './createQueue.ts';
import type { Delivery } from './deliver.ts';

const click = (n: number): StatsEvent => ({ action: 'click', session: 's', keyword: 'grid', docid: `d${n}`, position: n, eventId: `e${n}` });

/** A stand-in service that stores each eventId once and answers as told. */
function service() {
  const stored = new Map<string, StatsEvent>();
  const calls: string[] = [];
  let answer: Delivery | 'hang' = 'ok';
  const send = vi.fn((event: StatsEvent): Promise<Delivery> => {
    calls.push(event.eventId!);
    if (answer === 'hang') return new Promise(() => {});
    if (answer === 'ok') stored.set(event.eventId!, event);
    return Promise.resolve(answer);
  });
  return { stored, calls, send, answer: (a: Delivery | 'hang') => void (answer = a) };
}

const kept = () => JSON.parse(localStorage.getItem('q') ?? '[]') as Array<{ e: StatsEvent; n: number; a: number }>;

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(Math, 'random').mockReturnValue(1);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('createQueue', () => {
  it('sends an event at once and forgets it when the service stored it', async () => {
    const s = service();
    const queue = createQueue('q', s.send);
    queue.add(click(1));
    expect(kept()).toHaveLength(1);
    await vi.runAllTimersAsync();
    expect(s.calls).toEqual(['e1']);
    expect(kept()).toEqual([]);
  });

  it('keeps a failed event and retries it with growing delays, then delivers it once', async () => {
    const s = service();
    s.answer('retry');
    const queue = createQueue('q', s.send);
    queue.add(click(1));
    await vi.advanceTimersByTimeAsync(0);
    expect(s.calls).toHaveLength(1);
    expect(kept()[0]!.n).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(s.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1); // 1 s after the first failure
    expect(s.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(s.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1); // then 2 s, 4 s ...
    expect(s.calls).toHaveLength(3);
    s.answer('ok');
    await vi.advanceTimersByTimeAsync(4000);
    expect(s.calls).toEqual(['e1', 'e1', 'e1', 'e1']);
    expect([...s.stored.keys()]).toEqual(['e1']);
    expect(kept()).toEqual([]);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(s.calls).toHaveLength(4);
  });

  it('resends on the next page load what the last page never heard back about, stored once by its eventId', async () => {
    const s = service();
    s.answer('hang'); // the page is left while the request is on its way
    const first = createQueue('q', s.send);
    first.add(click(1));
    first.flush(true);
    first.flush(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(s.calls).toEqual(['e1']); // not twice from one page while in flight
    // ... and the service did store it after all.
    s.stored.set('e1', click(1));
    first.dispose();

    s.answer('ok');
    const next = createQueue('q', s.send); // the next page load
    next.flush(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(s.calls).toEqual(['e1', 'e1']);
    expect(s.stored.size).toBe(1);
    expect(kept()).toEqual([]);
  });

  it('after a failure tries one event first, and sends the rest once it passes', async () => {
    const s = service();
    s.answer('retry');
    const page = createQueue('q', s.send);
    page.add(click(1));
    page.add(click(2));
    page.add(click(3));
    await vi.advanceTimersByTimeAsync(0);
    expect(s.calls).toEqual(['e1', 'e2', 'e3']);
    page.dispose();

    const next = createQueue('q', s.send);
    next.flush(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(s.calls.slice(3)).toEqual(['e1']); // still down: one request, not three
    s.answer('ok');
    next.flush(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(s.calls.slice(4).sort()).toEqual(['e1', 'e2', 'e3']);
    expect([...s.stored.keys()].sort()).toEqual(['e1', 'e2', 'e3']);
    expect(kept()).toEqual([]);
  });

  it('drops an event the service refuses for good', async () => {
    const s = service();
    s.answer('drop');
    createQueue('q', s.send).add(click(1));
    await vi.runAllTimersAsync();
    expect(s.calls).toEqual(['e1']);
    expect(kept()).toEqual([]);
  });

  it('keeps at most QUEUE_MAX events, none older than QUEUE_MAX_AGE_MS', async () => {
    const s = service();
    s.answer('hang');
    let now = 0;
    const queue = createQueue('q', s.send, () => now);
    for (let i = 0; i <= QUEUE_MAX; i++) queue.add(click(i));
    expect(kept()).toHaveLength(QUEUE_MAX);
    expect(kept()[0]!.e.eventId).toBe('e1');
    now = QUEUE_MAX_AGE_MS - 1;
    queue.add(click(500));
    expect(kept()).toHaveLength(QUEUE_MAX);
    expect(kept()[0]!.e.eventId).toBe('e2');
    now = QUEUE_MAX_AGE_MS;
    queue.add(click(999));
    expect(kept().map((x) => x.e.eventId)).toEqual(['e500', 'e999']);
  });

  it('lists what is kept and not in flight, for sendBeacon when the page goes', async () => {
    const s = service();
    s.answer('retry');
    const queue = createQueue('q', s.send);
    queue.add(click(1));
    await vi.advanceTimersByTimeAsync(0);
    s.answer('hang');
    queue.add(click(2));
    expect(queue.pending().map((e) => e.eventId)).toEqual(['e1']);
    queue.clear();
    expect(queue.pending()).toEqual([]);
    expect(localStorage.getItem('q')).toBeNull();
  });

  it('reads the stored form every version wrote: a visitor keeps the events queued before an upgrade', async () => {
    const s = service();
    s.answer('retry');
    const queued = [
      { e: click(1), t: Date.now(), n: 0, a: 0 },
      { e: click(2), t: Date.now(), n: 2, a: Date.now() + 60_000 },
    ];
    localStorage.setItem('q', JSON.stringify(queued));
    const queue = createQueue('q', s.send);
    expect(queue.pending().map((e) => e.eventId)).toEqual(['e1', 'e2']);
    queue.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(s.calls).toEqual(['e1']);
    expect(kept()).toEqual([
      { e: click(1), t: queued[0]!.t, n: 1, a: Date.now() + 1000 },
      { e: click(2), t: queued[1]!.t, n: 2, a: queued[1]!.a },
    ]);
  });
});
