import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StatsEvent } from '../../src/client/types.ts';
import { EventStores } from './eventStores.ts';
import type { EventStore } from './eventStore.ts';
import { DEFAULT_CLICK_RANKING } from './clickRanking.ts';

const NOW = Date.parse('2026-05-01T12:00:00Z');
const MINUTE = 60_000;

describe('click counting for ranking', () => {
  let dir: string;
  let stores: EventStores;
  let store: EventStore;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'site-search-events-'));
    stores = new EventStores(dir, ['demo'], DEFAULT_CLICK_RANKING);
    store = stores.get('demo');
  });
  afterEach(() => {
    stores.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const search = (session: string, keyword = 'kettle'): StatsEvent => ({ action: 'search', session, keyword, numberOfResults: 60 });
  const click = (session: string, docid = 'steel', keyword = 'kettle'): StatsEvent => ({ action: 'click', session, keyword, docid, position: 60 });
  /** A visitor from `address` searches in `session`, then clicks. */
  const visit = (address: string, session: string, searchedAt = NOW - MINUTE) => {
    store.addStats([search(session)], 'stats', searchedAt, address);
    store.addStats([click(session)], 'stats', NOW, address);
  };

  it('raises a document only once clicks came from several addresses', () => {
    visit('203.0.113.1', 'a');
    visit('203.0.113.2', 'b');
    expect(store.clickBoosts('kettle', NOW).has('steel')).toBe(false);
    visit('203.0.113.3', 'c');
    expect(store.clickBoosts('Kettle ', NOW).get('steel')).toBeGreaterThan(1);
  });

  it('counts an address once a day for a keyword and document, however many sessions it invents', () => {
    for (const address of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) visit(address, `${address}-0`);
    const honest = store.clickBoosts('kettle', NOW).get('steel');
    for (const address of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
      for (let i = 1; i <= 50; i++) store.addStats([click(`${address}-${i}`)], 'stats', NOW, address);
    }
    // The 150 extra clicks add no weight; only the 150 searches they came with were counted.
    expect(store.clickBoosts('kettle', NOW).get('steel')).toBe(honest);
    // A session counts once too, whichever address it comes from.
    store.addStats([click('203.0.113.1-0')], 'stats', NOW, '203.0.113.9');
    expect(store.clickBoosts('kettle', NOW).get('steel')).toBe(honest);
  });

  it('treats the addresses of one IPv6 /64 network as one client', () => {
    for (let i = 1; i <= 5; i++) visit(`2001:db8:1:2::${i}`, `s${i}`);
    expect(store.clickBoosts('kettle', NOW).has('steel')).toBe(false);
    visit('2001:db8:1:3::1', 't1');
    visit('::ffff:203.0.113.5', 't2');
    expect(store.clickBoosts('kettle', NOW).has('steel')).toBe(true);
  });

  it('ignores a click its session did not search for, or searched for too long before', () => {
    store.addStats([search('a', 'teapot'), click('a')], 'stats', NOW, '203.0.113.1');
    store.addStats([click('b')], 'stats', NOW, '203.0.113.2');
    visit('203.0.113.3', 'c', NOW - 31 * MINUTE);
    visit('203.0.113.4', 'd', NOW + MINUTE);
    expect(store.clickBoosts('kettle', NOW).has('steel')).toBe(false);
    // The same three clicks, each after its own search: now they count.
    for (const [address, session] of [
      ['203.0.113.1', 'a'],
      ['203.0.113.2', 'b'],
      ['203.0.113.3', 'c'],
    ] as const) {
      store.addStats([search(session)], 'stats', NOW + MINUTE, address);
      store.addStats([click(session)], 'stats', NOW + 2 * MINUTE, address);
    }
    expect(store.clickBoosts('kettle', NOW + 2 * MINUTE).has('steel')).toBe(true);
  });

  it('keeps senders as keyed hashes, never their addresses, and counts the same after a rebuild', () => {
    for (const [i, address] of ['203.0.113.71', '203.0.113.72', '203.0.113.73'].entries()) visit(address, `s${i}`);
    const boosts = store.clickBoosts('kettle', NOW);
    stores.close();
    const folder = join(dir, 'events');
    for (const file of readdirSync(folder)) expect(readFileSync(join(folder, file)).includes('203.0.113.7')).toBe(false);
    // Another half-life makes the store rebuild its rollups from the stored events.
    stores = new EventStores(dir, ['demo'], { ...DEFAULT_CLICK_RANKING, halfLifeDays: 7 });
    stores.close();
    stores = new EventStores(dir, ['demo'], DEFAULT_CLICK_RANKING);
    store = stores.get('demo');
    expect(store.clickBoosts('kettle', NOW)).toEqual(boosts);
  });
});
