import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPace } from './pace.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** Types `keys` terms `everyMs` apart through a pace and returns what was sent, with when. */
function type(keys: number, everyMs: number, pace = createPace()) {
  const sent: Array<{ term: number; at: number }> = [];
  for (let term = 1; term <= keys; term++) {
    pace(() => sent.push({ term, at: performance.now() }));
    vi.advanceTimersByTime(everyMs);
  }
  vi.advanceTimersByTime(1000);
  return sent;
}

/** The most sends in any window of `ms`, its end excluded. */
function peak(times: number[], ms = 1000) {
  return Math.max(...times.map((t) => times.filter((u) => u >= t && u < t + ms).length));
}

describe('createPace', () => {
  it('sends at once after a quiet time: the leading edge', () => {
    const pace = createPace();
    const send = vi.fn();
    pace(send);
    expect(send).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(5000);
    const again = vi.fn();
    pace(again);
    expect(again).toHaveBeenCalledOnce();
  });

  for (const everyMs of [50, 125]) {
    it(`keys every ${everyMs} ms: never more than 5 sends in any second, 200 ms apart, the final term always sent`, () => {
      const sent = type(30, everyMs);
      const times = sent.map((s) => s.at);
      expect(peak(times)).toBeLessThanOrEqual(5);
      for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(200);
      expect(sent.at(-1)?.term).toBe(30);
      // Busy, not idle: a send in every slot while the keys come.
      expect(sent.length).toBeGreaterThanOrEqual(Math.floor((30 * everyMs) / 200));
    });
  }

  it('the last key waits only for the next free slot, not a whole delay', () => {
    const pace = createPace();
    const sent: string[] = [];
    pace(() => sent.push('a'));
    vi.advanceTimersByTime(150);
    pace(() => sent.push('ab'));
    vi.advanceTimersByTime(49);
    expect(sent).toEqual(['a']);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual(['a', 'ab']);
  });

  it('never sends what was replaced before its slot', () => {
    const pace = createPace();
    const sent: string[] = [];
    for (const term of ['a', 'ab', 'abc', 'abcd']) {
      pace(() => sent.push(term));
      vi.advanceTimersByTime(40);
    }
    vi.advanceTimersByTime(1000);
    expect(sent).toEqual(['a', 'abcd']);
  });

  it('cancel drops what waits and leaves no timer', () => {
    const pace = createPace();
    const send = vi.fn();
    pace(() => {});
    pace(send);
    pace.cancel();
    vi.advanceTimersByTime(1000);
    expect(send).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('urgent sends skip the gap but never exceed 5 in a second', () => {
    const pace = createPace();
    const sent: number[] = [];
    for (let i = 0; i < 8; i++) {
      pace(() => sent.push(performance.now()), true);
      vi.advanceTimersByTime(10);
    }
    expect(sent).toHaveLength(5);
    vi.advanceTimersByTime(1000);
    // 6, 7 were replaced while waiting; 8 went out the moment the first left the window.
    expect(sent).toHaveLength(6);
    expect(sent[5]! - sent[0]!).toBe(1000);
    expect(peak(sent)).toBe(5);
  });

  it('keeps any second at 5 or fewer under a mix of typing and urgent sends', () => {
    const pace = createPace();
    const sent: number[] = [];
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let i = 0; i < 300; i++) {
      pace(() => sent.push(performance.now()), random() < 0.3);
      vi.advanceTimersByTime(Math.floor(random() * 150));
    }
    vi.advanceTimersByTime(2000);
    expect(sent.length).toBeGreaterThan(50);
    expect(peak(sent)).toBeLessThanOrEqual(5);
  });
});

describe('createPace, counted at the service', () => {
  /** A request answered `ms` after it leaves. */
  const answeredAfter = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('counts the second from each answer, when the request surely arrived, not from when it left', async () => {
    const pace = createPace();
    const sent: number[] = [];
    for (let i = 0; i < 6; i++) {
      pace(() => (sent.push(performance.now()), answeredAfter(50)));
      await vi.advanceTimersByTimeAsync(200);
    }
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent.slice(0, 5)).toEqual([0, 200, 400, 600, 800]);
    // The first was answered at 50: the sixth goes a second after that.
    expect(sent[5]).toBe(1050);
  });

  it('takes a request aborted unanswered by the next to have arrived then, and at least the gap after it left', async () => {
    const pace = createPace();
    const sent: number[] = [];
    const never = () => new Promise(() => {});
    for (let i = 0; i < 6; i++) {
      pace(() => (sent.push(performance.now()), never()), true);
      await vi.advanceTimersByTimeAsync(10);
    }
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent.slice(0, 5)).toEqual([0, 10, 20, 30, 40]);
    expect(sent[5]).toBe(1200);
  });

  it('takes a request aborted soon after it left (its promise failed) to have arrived at least the gap after it left', async () => {
    const pace = createPace();
    const sent: number[] = [];
    // Each request fails the moment the next one leaves, as an aborted fetch does.
    let abort = () => {};
    const aborted = () =>
      new Promise((_, reject) => {
        abort();
        abort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
      });
    for (let i = 0; i < 6; i++) {
      pace(() => (sent.push(performance.now()), aborted()), true);
      await vi.advanceTimersByTimeAsync(10);
    }
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent.slice(0, 5)).toEqual([0, 10, 20, 30, 40]);
    // Counted from the abort, 10 ms after it left, it would be 1010: the first may still have been on its way.
    expect(sent[5]).toBe(1200);
  });

  it('counts from the answer less the time the service says it spent: a busy service does not stretch the window', async () => {
    const pace = createPace();
    const sent: number[] = [];
    // Answered 300 ms after leaving, 290 of them spent by the service: it arrived within 11 ms.
    const busy = () => new Promise((resolve) => setTimeout(resolve, 300, 290));
    for (let i = 0; i < 6; i++) {
      pace(() => (sent.push(performance.now()), busy()));
      await vi.advanceTimersByTimeAsync(200);
    }
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent.slice(0, 5)).toEqual([0, 200, 400, 600, 800]);
    // Counted from the answer alone it would be 1200, the first aborted at 200 by the second.
    expect(sent[5]).toBe(1011);
  });

  it('never counts a request as arrived before it left, whatever time the service claims', async () => {
    const pace = createPace();
    const sent: number[] = [];
    const claims = () => new Promise((resolve) => setTimeout(resolve, 50, 1e9));
    for (let i = 0; i < 6; i++) {
      pace(() => (sent.push(performance.now()), claims()), true);
      await vi.advanceTimersByTimeAsync(100);
    }
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent[5]! - sent[0]!).toBe(1000);
    expect(peak(sent)).toBe(5);
  });
});
