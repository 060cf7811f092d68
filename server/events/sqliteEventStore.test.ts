// SQLite only, outside the conformance suite (server/testing/testEngine.ts): what the
// event store's files hold. The rules of what counts are in eventStore.test.ts and
// searchedKeywords.test.ts, which run on every engine.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StatsEvent } from '../../src/client/types.ts';
import { ClientHasher } from './clientAddress.ts';
import { DEFAULT_CLICK_RANKING } from './clickRanking.ts';
import { SqliteEventStore } from './sqliteEventStore.ts';

const NOW = Date.parse('2026-05-01T12:00:00Z');

let dir: string;
let store: SqliteEventStore;
const open = () => new SqliteEventStore(join(dir, 'demo.sqlite'), DEFAULT_CLICK_RANKING, new ClientHasher(join(dir, 'client-address.key')));

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'site-search-events-'));
  store = open();
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the SQLite event store', () => {
  it('keeps senders as keyed hashes, never their addresses', async () => {
    for (const [i, address] of ['203.0.113.71', '203.0.113.72', '203.0.113.73'].entries()) {
      await store.addStats([{ action: 'search', session: `s${i}`, keyword: 'kettle', numberOfResults: 3 }], 'stats', NOW - 60_000, address);
      await store.addStats([{ action: 'click', session: `s${i}`, keyword: 'kettle', docid: 'steel', position: 1 }], 'stats', NOW, address);
    }
    expect((await store.clickBoosts('kettle', NOW)).has('steel')).toBe(true);
    await store.close();
    for (const file of readdirSync(dir)) expect(readFileSync(join(dir, file)).includes('203.0.113.7')).toBe(false);
  });

  it('counts searched keywords from the stored events when the file had no counts yet', async () => {
    const searches = (keyword: string, sessions: number): StatsEvent[] =>
      Array.from({ length: sessions }, (_, i) => ({ action: 'search', session: `session-${i}`, keyword, numberOfResults: 5 }));
    await store.addStats(searches('grid layout', 5));
    await store.close();
    const db = new Database(join(dir, 'demo.sqlite'));
    db.exec('DROP TABLE searched_keywords; DROP TABLE keyword_sessions;');
    db.close();
    store = open();
    expect(await store.searchedKeywords(['grid'], 5)).toEqual(['grid layout']);
    await store.addStats(searches('grid layout', 6));
    await store.addStats(searches('grid gap', 5));
    expect(await store.searchedKeywords(['grid'], 5)).toEqual(['grid layout', 'grid gap']);
  });

  it('counts no sender for searches the search endpoint recorded before it kept them', async () => {
    await store.close();
    const db = new Database(join(dir, 'demo.sqlite'));
    const insert = db.prepare(
      `INSERT INTO stats_events (received, source, action, session, keyword, number_of_results, keyword_norm, client) VALUES (?, 'search', 'search', ?, 'kiwi', 3, 'kiwi', NULL)`,
    );
    for (let i = 0; i < 10; i++) insert.run(Date.now(), `invented-${i}`);
    db.exec('DROP TABLE searched_keywords; DROP TABLE keyword_sessions;');
    db.close();
    store = open();
    expect(await store.searchedKeywords(['kiw'], 5)).toEqual([]);
  });
});
