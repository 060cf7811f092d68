// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Tracker } from '../tracker/createTracker.ts';
import type { More } from './loadMore.ts';

const loadMore = vi.fn<() => Promise<More>>();
vi.mock('./loadMore.ts', () => ({ loadMore }));
const { createTracker } = await import('./lazyTracker.ts');

const options = { siteKey: 'k', baseUrl: 'https://api.test' };

/** A real tracker's stand-in that notes every call, and the `more` that makes it. */
function fakeMore() {
  const calls: string[] = [];
  const note =
    (name: string) =>
    (...args: unknown[]) =>
      calls.push(`${name}(${args.map((a) => JSON.stringify(a)).join(',')})`);
  const tracker: Tracker = {
    shown: note('shown'),
    settle: note('settle'),
    cancel: note('cancel'),
    click: note('click'),
    setConsent: note('setConsent'),
    dispose: note('dispose'),
  };
  const more = { createTracker: vi.fn(() => tracker), mountRecommendations: vi.fn() } as unknown as More;
  return { calls, more };
}

beforeEach(() => {
  loadMore.mockReset();
  localStorage.clear();
});
afterEach(() => localStorage.clear());

describe('the script tag’s tracker', () => {
  it('loads nothing until it has something to report, then makes the waiting calls in order', async () => {
    const { calls, more } = fakeMore();
    loadMore.mockResolvedValue(more);
    const tracker = createTracker(options);
    tracker.cancel();
    tracker.setConsent(true);
    expect(loadMore).not.toHaveBeenCalled();
    tracker.shown('grid', 12, 'key', false);
    tracker.settle();
    expect(loadMore).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(calls).toHaveLength(4));
    expect(more.createTracker).toHaveBeenCalledWith(options);
    expect(calls).toEqual(['cancel()', 'setConsent(true)', 'shown("grid",12,"key",false)', 'settle()']);
    // Once here, calls go straight to it.
    tracker.click('grid', 'doc-1', 3);
    expect(calls.at(-1)).toBe('click("grid","doc-1",3)');
    expect(loadMore).toHaveBeenCalledTimes(1);
  });

  it('a click loads it too', () => {
    loadMore.mockReturnValue(new Promise(() => {}));
    createTracker(options).click('grid', 'doc-1', 1);
    expect(loadMore).toHaveBeenCalledTimes(1);
  });

  it('loads at once when a past page left events unsent', () => {
    loadMore.mockReturnValue(new Promise(() => {}));
    localStorage.setItem('ss-queue:https://api.test/v1/stats/k', '[]');
    createTracker(options);
    expect(loadMore).toHaveBeenCalledTimes(1);
  });

  it('disposed before it came, it is never made', async () => {
    const { more } = fakeMore();
    let arrive!: (m: More) => void;
    loadMore.mockReturnValue(new Promise((resolve) => (arrive = resolve)));
    const tracker = createTracker(options);
    tracker.shown('grid', 1, 'key', true);
    tracker.dispose();
    arrive(more);
    await Promise.resolve();
    await Promise.resolve();
    expect(more.createTracker).not.toHaveBeenCalled();
  });

  it('when it cannot be loaded, reports nothing and tries no more', async () => {
    loadMore.mockRejectedValue(new Error('offline'));
    const tracker = createTracker(options);
    tracker.shown('grid', 1, 'key', true);
    await vi.waitFor(() => expect(loadMore).toHaveBeenCalledTimes(1));
    tracker.click('grid', 'doc-1', 1);
    expect(loadMore).toHaveBeenCalledTimes(1);
  });
});
