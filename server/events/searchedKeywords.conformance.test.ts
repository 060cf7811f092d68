// In the conformance suite (server/testing/testEngine.ts): the event store of the tests' engine.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StatsEvent } from '../../src/client/types.ts';
import { openTestIndex, type TestIndex } from '../testing/testEngine.ts';
import type { EventStore } from './eventStore.ts';
import { DAY_MS } from './clickRanking.ts';
import { DEFAULT_SUGGESTED_KEYWORD_RULE } from './searchedKeywords.ts';

const { minSessions, minAddresses } = DEFAULT_SUGGESTED_KEYWORD_RULE;

// The store's clock and every search's time: nothing here depends on the machine's clock.
const NOW = Date.parse('2026-05-01T12:00:00Z');

let index: TestIndex;
let store: EventStore;

beforeEach(async () => {
  index = await openTestIndex(undefined, undefined, () => NOW);
  store = index.events;
});

afterEach(async () => {
  await index.remove();
});

/** Searches of `keyword` by `sessions` sessions; without an address each session stands for one (events stored by code in the process). */
function searches(keyword: string, sessions: number, numberOfResults = 5, prefix = 'session'): StatsEvent[] {
  return Array.from({ length: sessions }, (_, i) => ({ action: 'search', session: `${prefix}-${i}`, keyword, numberOfResults }));
}

/**
 * Stores searches as addStats does, the first of them a day before the rest: a learned
 * keyword needs searches on two days (see suggestedSql).
 */
async function addSearches(events: StatsEvent[], source: 'stats' | 'search' = 'stats', received = NOW, address?: string): Promise<void> {
  await store.addStats(events.slice(0, 1), source, received - DAY_MS, address);
  await store.addStats(events.slice(1), source, received, address);
}

describe('searched keywords', () => {
  it('are offered once enough sessions searched them', async () => {
    await addSearches(searches('Array filter', minSessions - 1));
    expect(await store.searchedKeywords(['arr'], 5)).toEqual([]);
    await store.addStats([{ action: 'search', session: 'one-more', keyword: 'array  filter ', numberOfResults: 3 }]);
    expect(await store.searchedKeywords(['arr'], 5)).toEqual(['array filter']);
  });

  it('need enough addresses: sessions made up on one address count as one', async () => {
    // 40 sessions from one address, then from a second: two addresses, however many sessions.
    await addSearches(searches('mango lime', 40, 5, 'one'), 'stats', NOW, '198.51.100.7');
    await addSearches(searches('mango lime', 40, 5, 'two'), 'stats', NOW, '2001:db8:1:2::7');
    // Another machine in the same IPv6 /48 is the same address.
    await addSearches(searches('mango lime', 3, 5, 'near'), 'stats', NOW, '2001:db8:1:ffff::9');
    expect(await store.searchedKeywords(['mango'], 5)).toEqual([]);
    await addSearches(searches('mango lime', 1, 5, 'three'), 'stats', NOW, '203.0.113.9');
    expect(minAddresses).toBe(3);
    // Three addresses for 84 sessions: a keyword of many sessions needs one address per SESSIONS_PER_ADDRESS of them.
    expect(await store.searchedKeywords(['mango'], 5)).toEqual([]);
    for (let i = 1; i <= 5; i++) await store.addStats(searches('mango lime', 1, 5, `more-${i}`), 'stats', NOW, `203.0.${i}.9`);
    expect(await store.searchedKeywords(['mango'], 5)).toEqual([]);
    await store.addStats(searches('mango lime', 1, 5, 'ninth'), 'stats', NOW, '203.0.6.9');
    expect(await store.searchedKeywords(['mango'], 5)).toEqual(['mango lime']);
  });

  it('need searches on two days: a burst of one day, from however many addresses, teaches nothing yet', async () => {
    // The store counts by its own clock's window: yesterday, an hour before midnight.
    const now = Math.floor(NOW / DAY_MS) * DAY_MS - 3_600_000;
    for (let i = 0; i < 2 * minSessions; i++) await store.addStats(searches('text page sigma', 1, 5, `burst-${i}`), 'stats', now, `198.51.${i}.7`);
    expect(await store.searchedKeywords(['text'], 5, now)).toEqual([]);
    // An hour later is the next UTC day.
    await store.addStats(searches('text page sigma', 1, 5, 'next-day'), 'stats', now + 3_600_000, '198.51.100.7');
    expect(await store.searchedKeywords(['text'], 5, now + 3_600_000)).toEqual(['text page sigma']);
  });

  it('count the searches of the last 30 days only', async () => {
    const now = NOW;
    await addSearches(searches('old news', minSessions), 'stats', now - 31 * DAY_MS);
    expect(await store.searchedKeywords(['old'], 5)).toEqual([]);
    await addSearches(searches('late news', minSessions - 1), 'stats', now - 28 * DAY_MS);
    await addSearches(searches('late news', 1, 5, 'fresh'), 'stats', now);
    expect(await store.searchedKeywords(['late'], 5, now)).toEqual(['late news']);
    // Three days on, the 28-day-old searches have left the window.
    expect(await store.searchedKeywords(['late'], 5, now + 3 * DAY_MS)).toEqual([]);
  });

  it('are not promoted by one session searching again and again', async () => {
    await store.addStats(Array.from({ length: 20 }, (): StatsEvent => ({ action: 'search', session: 'eager', keyword: 'array flat', numberOfResults: 4 })));
    expect(await store.searchedKeywords(['array'], 5)).toEqual([]);
  });

  it('count only searches that found something, and no clicks', async () => {
    await addSearches(searches('array zebra', 5, 0));
    await store.addStats(
      Array.from({ length: 5 }, (_, i): StatsEvent => ({ action: 'click', session: `s${i}`, keyword: 'array click', docid: 'd', position: 1 })),
    );
    expect(await store.searchedKeywords(['array'], 5)).toEqual([]);
  });

  it('start with the typed words, folded, the most searched first', async () => {
    await addSearches(searches('Résumé tips', 7));
    await addSearches(searches('resume', 5));
    await addSearches(searches('resolution', 6));
    expect(await store.searchedKeywords(['resu'], 5)).toEqual(['résumé tips', 'resume']);
    expect(await store.searchedKeywords(['res'], 2)).toEqual(['résumé tips', 'resolution']);
    expect(await store.searchedKeywords(['tips'], 5)).toEqual([]);
    expect(await store.searchedKeywords(['resume', 'ti'], 5)).toEqual(['résumé tips']);
    // One or two letters: among the keywords most searched.
    expect(await store.searchedKeywords(['r'], 5)).toEqual(['résumé tips', 'resolution', 'resume']);
    expect(await store.searchedKeywords(['re'], 1)).toEqual(['résumé tips']);
    expect(await store.searchedKeywords(['x'], 5)).toEqual([]);
  });

  it('written as one identifier are found from words typed apart', async () => {
    await addSearches(searches('setTimeout', 5));
    expect(await store.searchedKeywords(['set', 'time'], 5)).toEqual(['settimeout']);
  });
});
