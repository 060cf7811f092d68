// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StatsEvent } from '../client/types.ts';
import { createTracker, type Tracker } from './createTracker.ts';

let tracker: Tracker | undefined;
let fetched: StatsEvent[];
let beaconed: StatsEvent[];
let up: boolean;

beforeEach(() => {
  vi.useFakeTimers();
  fetched = [];
  beaconed = [];
  up = true;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      fetched.push(JSON.parse(String(init.body)) as StatsEvent);
      if (!up) throw new TypeError('Failed to fetch');
      return new Response('{}');
    }),
  );
  vi.stubGlobal(
    'navigator',
    Object.assign(Object.create(navigator) as Navigator, {
      sendBeacon: (_url: string, body: string) => (beaconed.push(JSON.parse(body) as StatsEvent), true),
    }),
  );
});

afterEach(() => {
  tracker?.dispose();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
});

describe('createTracker', () => {
  it("sends the signed-in user's token unchanged with searches and clicks, and never one the service would refuse", async () => {
    tracker = createTracker({ siteKey: 'k', baseUrl: 'https://api.test', userToken: 'user-42' });
    tracker.shown('grid', 3, 'grid', true);
    tracker.click('grid', 'd1', 1);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetched.map((e) => [e.action, 'userToken' in e ? e.userToken : undefined])).toEqual([
      ['search', 'user-42'],
      ['click', 'user-42'],
    ]);
    tracker.dispose();
    tracker = createTracker({ siteKey: 'k', baseUrl: 'https://api.test', userToken: 'u'.repeat(129) });
    tracker.click('grid', 'd2', 2);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetched.at(-1)).not.toHaveProperty('userToken');
  });

  it('counts a search in each index of a widget of several, and again in none right after', async () => {
    const fetch = vi.mocked(globalThis.fetch);
    const blog = createTracker({ siteKey: 'blog', baseUrl: 'https://api.test' });
    tracker = createTracker({ siteKey: 'docs', baseUrl: 'https://api.test' });
    for (const t of [tracker, blog, tracker, blog]) t.shown('grid', 3, 'grid', true);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual(['https://api.test/v1/stats/docs', 'https://api.test/v1/stats/blog']);
    expect(fetched.map((e) => [e.action, e.keyword])).toEqual([
      ['search', 'grid'],
      ['search', 'grid'],
    ]);
    blog.dispose();
  });

  it('sends to the regional host when there is one', async () => {
    const fetch = vi.mocked(globalThis.fetch);
    tracker = createTracker({ siteKey: 'my key', baseUrl: 'https://api.test/', regionalUrl: 'https://eu.test' });
    tracker.click('grid', 'd1', 1);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch.mock.calls[0]![0]).toBe('https://eu.test/v1/stats/my%20key');
  });

  it('settles a shown search when the page is left, and beacons what still waits', async () => {
    tracker = createTracker({ siteKey: 'demo', baseUrl: 'https://api.test' });
    up = false;
    tracker.click('grid', 'd1', 4);
    await vi.advanceTimersByTimeAsync(0);
    tracker.shown('flex', 3, 'flex', false);
    dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetched.map((e) => e.action)).toEqual(['click', 'search']);
    // The failed click goes by beacon; the search's own fetch is still on its way.
    expect(beaconed).toMatchObject([{ action: 'click', docid: 'd1', position: 4 }]);
    expect(beaconed[0]!.eventId).toBe(fetched[0]!.eventId);
    // Once the search failed too, it follows; each event is handed over once per page.
    dispatchEvent(new Event('pagehide'));
    dispatchEvent(new Event('pagehide'));
    expect(beaconed.map((e) => e.action)).toEqual(['click', 'search']);
  });

  it('never counts a search shown before consent, even when consent comes during its pause', async () => {
    tracker = createTracker({ siteKey: 'demo', baseUrl: 'https://api.test', requireConsent: true, respectGpc: false });
    tracker.shown('flex', 3, 'flex', false);
    tracker.setConsent(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetched).toEqual([]);
    tracker.shown('grid', 5, 'grid', true);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetched.map((e) => e.keyword)).toEqual(['grid']);
  });

  it('resends what waits when the page comes back from the back-forward cache', async () => {
    tracker = createTracker({ siteKey: 'demo', baseUrl: 'https://api.test' });
    up = false;
    tracker.click('grid', 'd1', 1);
    await vi.advanceTimersByTimeAsync(0);
    up = true;
    dispatchEvent(new Event('pageshow'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetched.map((e) => e.eventId)).toEqual([fetched[0]!.eventId, fetched[0]!.eventId]);
    expect(localStorage.getItem('ss-queue:https://api.test/v1/stats/demo')).toBeNull();
  });
});
