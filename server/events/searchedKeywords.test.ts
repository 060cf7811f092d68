// In the conformance suite (server/testing/testEngine.ts): the event store of the tests' engine.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StatsEvent } from '../../src/client/types.ts';
import { openTestIndex, type TestIndex } from '../testing/testEngine.ts';
import type { EventStore } from './eventStore.ts';
import { SEARCHED_MIN_SESSIONS } from './searchedKeywords.ts';

let index: TestIndex;
let store: EventStore;

beforeEach(async () => {
  index = await openTestIndex();
  store = index.events;
});

afterEach(async () => {
  await index.remove();
});

function searches(keyword: string, sessions: number, numberOfResults = 5): StatsEvent[] {
  return Array.from({ length: sessions }, (_, i) => ({ action: 'search', session: `session-${i}`, keyword, numberOfResults }));
}

describe('searched keywords', () => {
  it('are offered once several sessions searched them', async () => {
    await store.addStats(searches('Array filter', SEARCHED_MIN_SESSIONS - 1));
    expect(await store.searchedKeywords(['arr'], 5)).toEqual([]);
    await store.addStats([{ action: 'search', session: 'one-more', keyword: 'array  filter ', numberOfResults: 3 }]);
    expect(await store.searchedKeywords(['arr'], 5)).toEqual(['array filter']);
  });

  it('are not promoted by one session searching again and again', async () => {
    await store.addStats(Array.from({ length: 20 }, (): StatsEvent => ({ action: 'search', session: 'eager', keyword: 'array flat', numberOfResults: 4 })));
    expect(await store.searchedKeywords(['array'], 5)).toEqual([]);
  });

  it('count only searches that found something, and no clicks', async () => {
    await store.addStats(searches('array zebra', 5, 0));
    await store.addStats(
      Array.from({ length: 5 }, (_, i): StatsEvent => ({ action: 'click', session: `s${i}`, keyword: 'array click', docid: 'd', position: 1 })),
    );
    expect(await store.searchedKeywords(['array'], 5)).toEqual([]);
  });

  it('start with the typed words, folded, the most searched first', async () => {
    await store.addStats(searches('Résumé tips', 5));
    await store.addStats(searches('resume', 3));
    await store.addStats(searches('resolution', 4));
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
    await store.addStats(searches('setTimeout', 3));
    expect(await store.searchedKeywords(['set', 'time'], 5)).toEqual(['settimeout']);
  });
});
