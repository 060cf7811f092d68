// In the conformance suite (server/testing/testEngine.ts): the event store of the tests' engine.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecommendationEvent, StatsEvent } from '../../src/client/types.ts';
import { openTestIndex, type TestIndex } from '../testing/testEngine.ts';
import { DEFAULT_CLICK_RANKING } from './clickRanking.ts';
import { RELATED_TRANSACTIONS_MAX, type EventStore } from './eventStore.ts';

const NOW = Date.parse('2026-05-01T12:00:00Z');
const MINUTE = 60_000;

describe('click counting for ranking', () => {
  let index: TestIndex;
  let store: EventStore;

  beforeEach(async () => {
    index = await openTestIndex();
    store = index.events;
  });
  afterEach(async () => {
    await index.remove();
  });

  const search = (session: string, keyword = 'kettle'): StatsEvent => ({ action: 'search', session, keyword, numberOfResults: 60 });
  const click = (session: string, docid = 'steel', keyword = 'kettle'): StatsEvent => ({ action: 'click', session, keyword, docid, position: 60 });
  /** A visitor from `address` searches in `session`, then clicks. */
  const visit = async (address: string, session: string, searchedAt = NOW - MINUTE) => {
    await store.addStats([search(session)], 'stats', searchedAt, address);
    await store.addStats([click(session)], 'stats', NOW, address);
  };

  /** An address in address group `i` (IPv4 /24) of its own. */
  const inGroup = (i: number, host = 1) => `203.0.${i}.${host}`;
  const { minAddresses } = DEFAULT_CLICK_RANKING;

  it('raises a document only once clicks came from enough address groups', async () => {
    for (let i = 1; i < minAddresses; i++) await visit(inGroup(i), `v${i}`);
    expect((await store.clickBoosts('kettle', NOW)).has('steel')).toBe(false);
    await visit(inGroup(minAddresses), `v${minAddresses}`);
    expect((await store.clickBoosts('Kettle ', NOW)).get('steel')).toBeGreaterThan(1);
  });

  it('counts the addresses of one IPv4 /24 as one group, however many of them click', async () => {
    // Three addresses, then a whole /24's worth: one search and one click each.
    for (let host = 1; host <= 200; host++) await visit(inGroup(1, host), `h${host}`);
    for (let i = 2; i < minAddresses; i++) await visit(inGroup(i), `v${i}`);
    expect((await store.clickBoosts('kettle', NOW)).has('steel')).toBe(false);
    await visit(inGroup(minAddresses), `v${minAddresses}`);
    expect((await store.clickBoosts('kettle', NOW)).has('steel')).toBe(true);
  });

  it('counts an address once a day for a keyword and document, however many sessions it invents', async () => {
    const addresses = Array.from({ length: minAddresses }, (_, i) => inGroup(i + 1));
    for (const address of addresses) await visit(address, `${address}-0`);
    const honest = (await store.clickBoosts('kettle', NOW)).get('steel');
    expect(honest).toBeGreaterThan(1);
    for (const address of addresses.slice(0, 3)) {
      for (let i = 1; i <= 50; i++) await store.addStats([click(`${address}-${i}`)], 'stats', NOW, address);
    }
    // The 150 extra clicks add no weight; only the 150 searches they came with were counted.
    expect((await store.clickBoosts('kettle', NOW)).get('steel')).toBe(honest);
    // A session counts once too, whichever address it comes from.
    await store.addStats([click(`${addresses[0]!}-0`)], 'stats', NOW, '198.51.100.9');
    expect((await store.clickBoosts('kettle', NOW)).get('steel')).toBe(honest);
  });

  it('treats the addresses of one IPv6 /48 network, every /64 of it, as one group', async () => {
    for (let i = 1; i <= 5; i++) await visit(`2001:db8:1:${i}::${i}`, `s${i}`);
    for (let i = 1; i <= minAddresses - 3; i++) await visit(inGroup(i), `v${i}`);
    expect((await store.clickBoosts('kettle', NOW)).has('steel')).toBe(false);
    await visit('2001:db8:2:1::1', 't1');
    await visit('::ffff:198.51.100.5', 't2');
    expect((await store.clickBoosts('kettle', NOW)).has('steel')).toBe(true);
  });

  it('needs clicks from more groups on a keyword searched more', async () => {
    const searches = Array.from({ length: 1500 }, (_, i) => ({ event: search(`crowd-${i}`), received: NOW - 2 * MINUTE, address: `198.51.${i % 200}.7` }));
    await store.loadStats(searches);
    for (let i = 1; i <= 14; i++) await visit(inGroup(i), `v${i}`);
    // 1,514 searches: 16 groups are needed, not the minAddresses of a rare keyword.
    expect((await store.clickBoosts('kettle', NOW)).has('steel')).toBe(false);
    for (let i = 15; i <= 16; i++) await visit(inGroup(i), `v${i}`);
    expect((await store.clickBoosts('kettle', NOW)).has('steel')).toBe(true);
  });

  it('ignores a click its session did not search for, or searched for too long before', async () => {
    await store.addStats([search('a', 'teapot'), click('a')], 'stats', NOW, inGroup(1));
    await store.addStats([click('b')], 'stats', NOW, inGroup(2));
    await visit(inGroup(3), 'c', NOW - 31 * MINUTE);
    await visit(inGroup(4), 'd', NOW + MINUTE);
    // With the three below, just enough groups.
    for (let i = 5; i <= minAddresses + 1; i++) await visit(inGroup(i), `v${i}`);
    expect((await store.clickBoosts('kettle', NOW)).has('steel')).toBe(false);
    // The same three clicks, each after its own search: now they count.
    for (const [address, session] of [
      [inGroup(1), 'a'],
      [inGroup(2), 'b'],
      [inGroup(3), 'c'],
    ] as const) {
      await store.addStats([search(session)], 'stats', NOW + MINUTE, address);
      await store.addStats([click(session)], 'stats', NOW + 2 * MINUTE, address);
    }
    expect((await store.clickBoosts('kettle', NOW + 2 * MINUTE)).has('steel')).toBe(true);
  });

  it('counts the same after its weights are counted again for another half-life and back', async () => {
    for (let i = 1; i <= minAddresses; i++) await visit(inGroup(i), `s${i}`);
    const boosts = await store.clickBoosts('kettle', NOW);
    expect(boosts.has('steel')).toBe(true);
    index = await index.reopen({ ...DEFAULT_CLICK_RANKING, halfLifeDays: 7 });
    const faster = await index.events.clickBoosts('kettle', NOW + 7 * 86_400_000);
    index = await index.reopen(DEFAULT_CLICK_RANKING);
    store = index.events;
    expect(await store.clickBoosts('kettle', NOW)).toEqual(boosts);
    // A week later with a half-life of a week, the clicks weigh what they do after two weeks with the default.
    expect(faster.get('steel')).toBeCloseTo((await store.clickBoosts('kettle', NOW + 14 * 86_400_000)).get('steel') ?? 1, 3);
  });
});

describe('items viewed together', () => {
  let index: TestIndex;

  beforeEach(async () => {
    index = await openTestIndex();
  });
  afterEach(async () => {
    vi.useRealTimers();
    await index.remove();
  });

  /** Transactions `prefix-0`... each holding `items`. */
  const transactions = (prefix: string, count: number, items: readonly string[]): RecommendationEvent[] =>
    Array.from({ length: count }, (_, i) => items.map((item) => ({ transaction: `${prefix}-${i}`, item, time: '2026-05-01T12:00:00Z' }))).flat();

  it("counts over an item's most recently received transactions only, however popular it is", async () => {
    // Only the clock the store stamps received events with moves; timers stay real.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    await index.events.addRecommendationEvents('views', transactions('old', 5, ['kettle', 'teapot']));
    vi.setSystemTime(NOW + MINUTE);
    await index.events.addRecommendationEvents('views', transactions('new', RELATED_TRANSACTIONS_MAX, ['kettle', 'cup']));
    expect(await index.events.related('views', 'kettle', 10)).toEqual({
      transactions: RELATED_TRANSACTIONS_MAX,
      items: [{ item: 'cup', transactions: RELATED_TRANSACTIONS_MAX }],
    });
    expect(await index.events.related('views', 'teapot', 10)).toEqual({ transactions: 5, items: [{ item: 'kettle', transactions: 5 }] });
  });
});

describe("users' profiles for personal results", () => {
  let index: TestIndex;
  const keeping = { halfLifeDays: 30, profileDays: 90 };
  const DAY = 86_400_000;

  beforeEach(async () => {
    index = await openTestIndex();
  });
  afterEach(async () => {
    await index.remove();
  });

  it("keeps each feature's decayed share of a user's clicks, apart from other users'", async () => {
    const store = index.events;
    await store.addUserClick('ada', ['c:1xcss', 'f:level=basic'], NOW - 30 * DAY, keeping);
    await store.addUserClick('ada', ['c:1xcss'], NOW, keeping);
    await store.addUserClick('ada', ['c:1xhtml'], NOW, keeping);
    await store.addUserClick('bob', ['c:1xjs'], NOW, keeping);
    const ada = await store.userProfile('ada', NOW, keeping);
    // The month-old click weighs half: css 1.5 of 2.5 clicks, html 1, level 0.5.
    expect(ada?.get('c:1xcss')).toBeCloseTo(0.6, 6);
    expect(ada?.get('c:1xhtml')).toBeCloseTo(0.4, 6);
    expect(ada?.get('f:level=basic')).toBeCloseTo(0.2, 6);
    expect(ada?.has('c:1xjs')).toBe(false);
    expect([...((await store.userProfile('bob', NOW, keeping)) ?? [])]).toEqual([['c:1xjs', 1]]);
    expect(await store.userProfile('carol', NOW, keeping)).toBeNull();
  });

  it('counts clicks that arrive out of order as if in order', async () => {
    const store = index.events;
    await store.addUserClick('ada', ['c:1xcss'], NOW, keeping);
    await store.addUserClick('ada', ['c:1xhtml'], NOW - 30 * DAY, keeping);
    expect((await store.userProfile('ada', NOW, keeping))?.get('c:1xhtml')).toBeCloseTo(1 / 3, 6);
  });

  it('forgets a user on request, and a profile idle for longer than kept', async () => {
    const store = index.events;
    await store.addUserClick('ada', ['c:1xcss'], NOW, keeping);
    await store.addUserClick('bob', ['c:1xcss'], NOW, keeping);
    expect(await store.forgetUser('ada')).toBe(true);
    expect(await store.forgetUser('ada')).toBe(false);
    expect(await store.userProfile('ada', NOW, keeping)).toBeNull();
    expect(await store.userProfile('bob', NOW + 90 * DAY, keeping)).not.toBeNull();
    expect(await store.userProfile('bob', NOW + 91 * DAY, keeping)).toBeNull();
    // A later click of anyone deletes the idle profile for good.
    await store.addUserClick('carol', ['c:1xjs'], NOW + 91 * DAY, keeping);
    expect(await store.userProfile('bob', NOW + 89 * DAY, keeping)).toBeNull();
  });
});
