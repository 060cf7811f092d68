import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StatsEvent } from '../../src/client/types.ts';
import { ClientHasher } from './clientAddress.ts';
import { DEFAULT_CLICK_RANKING, type ClickRanking } from './clickRanking.ts';
import { SqliteEventStore } from './sqliteEventStore.ts';

const NOW = Date.parse('2026-05-01T12:00:00Z');
const MINUTE = 60_000;

describe('click counting for ranking', () => {
  let dir: string;
  let store: SqliteEventStore;
  const open = (ranking: ClickRanking = DEFAULT_CLICK_RANKING) =>
    new SqliteEventStore(join(dir, 'demo.sqlite'), ranking, new ClientHasher(join(dir, 'client-address.key')));

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'site-search-events-'));
    store = open();
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const search = (session: string, keyword = 'kettle'): StatsEvent => ({ action: 'search', session, keyword, numberOfResults: 60 });
  const click = (session: string, docid = 'steel', keyword = 'kettle'): StatsEvent => ({ action: 'click', session, keyword, docid, position: 60 });
  /** A visitor from `address` searches in `session`, then clicks. */
  const visit = async (address: string, session: string, searchedAt = NOW - MINUTE) => {
    await store.addStats([search(session)], 'stats', searchedAt, address);
    await store.addStats([click(session)], 'stats', NOW, address);
  };

  it('raises a document only once clicks came from several addresses', async () => {
    await visit('203.0.113.1', 'a');
    await visit('203.0.113.2', 'b');
    expect((await store.clickBoosts('kettle', NOW)).has('steel')).toBe(false);
    await visit('203.0.113.3', 'c');
    expect((await store.clickBoosts('Kettle ', NOW)).get('steel')).toBeGreaterThan(1);
  });

  it('counts an address once a day for a keyword and document, however many sessions it invents', async () => {
    for (const address of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) await visit(address, `${address}-0`);
    const honest = (await store.clickBoosts('kettle', NOW)).get('steel');
    for (const address of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
      for (let i = 1; i <= 50; i++) await store.addStats([click(`${address}-${i}`)], 'stats', NOW, address);
    }
    // The 150 extra clicks add no weight; only the 150 searches they came with were counted.
    expect((await store.clickBoosts('kettle', NOW)).get('steel')).toBe(honest);
    // A session counts once too, whichever address it comes from.
    await store.addStats([click('203.0.113.1-0')], 'stats', NOW, '203.0.113.9');
    expect((await store.clickBoosts('kettle', NOW)).get('steel')).toBe(honest);
  });

  it('treats the addresses of one IPv6 /64 network as one client', async () => {
    for (let i = 1; i <= 5; i++) await visit(`2001:db8:1:2::${i}`, `s${i}`);
    expect((await store.clickBoosts('kettle', NOW)).has('steel')).toBe(false);
    await visit('2001:db8:1:3::1', 't1');
    await visit('::ffff:203.0.113.5', 't2');
    expect((await store.clickBoosts('kettle', NOW)).has('steel')).toBe(true);
  });

  it('ignores a click its session did not search for, or searched for too long before', async () => {
    await store.addStats([search('a', 'teapot'), click('a')], 'stats', NOW, '203.0.113.1');
    await store.addStats([click('b')], 'stats', NOW, '203.0.113.2');
    await visit('203.0.113.3', 'c', NOW - 31 * MINUTE);
    await visit('203.0.113.4', 'd', NOW + MINUTE);
    expect((await store.clickBoosts('kettle', NOW)).has('steel')).toBe(false);
    // The same three clicks, each after its own search: now they count.
    for (const [address, session] of [
      ['203.0.113.1', 'a'],
      ['203.0.113.2', 'b'],
      ['203.0.113.3', 'c'],
    ] as const) {
      await store.addStats([search(session)], 'stats', NOW + MINUTE, address);
      await store.addStats([click(session)], 'stats', NOW + 2 * MINUTE, address);
    }
    expect((await store.clickBoosts('kettle', NOW + 2 * MINUTE)).has('steel')).toBe(true);
  });

  it('keeps senders as keyed hashes, never their addresses, and counts the same after a rebuild', async () => {
    for (const [i, address] of ['203.0.113.71', '203.0.113.72', '203.0.113.73'].entries()) await visit(address, `s${i}`);
    const boosts = await store.clickBoosts('kettle', NOW);
    await store.close();
    for (const file of readdirSync(dir)) expect(readFileSync(join(dir, file)).includes('203.0.113.7')).toBe(false);
    // Another half-life makes the store rebuild its rollups from the stored events.
    store = open({ ...DEFAULT_CLICK_RANKING, halfLifeDays: 7 });
    await store.close();
    store = open();
    expect(await store.clickBoosts('kettle', NOW)).toEqual(boosts);
  });
});
