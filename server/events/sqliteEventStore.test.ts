// SQLite only, outside the conformance suite (server/testing/testEngine.ts): what the
// event store's files hold. The rules of what counts are in eventStore.test.ts and
// searchedKeywords.test.ts, which run on every engine.
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StatsEvent } from '../../src/client/types.ts';
import { ClientHasher } from './clientAddress.ts';
import { DAY_MS, DEFAULT_CLICK_RANKING } from './clickRanking.ts';
import { eventStoreDatabase } from '../testing/testInternals.ts';
import { SQLITE_EVENT_MIGRATIONS } from './migrations/sqliteMigrations.ts';
import { SqliteEventStore } from './sqliteEventStore.ts';

// The store's clock and every event's time: nothing here depends on the machine's clock.
const NOW = Date.parse('2026-05-01T12:00:00Z');

let dir: string;
let store: SqliteEventStore;
const open = () => SqliteEventStore.open(join(dir, 'demo.sqlite'), { clients: new ClientHasher(join(dir, 'client-address.key')), clock: () => NOW });

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'site-search-events-'));
  store = await open();
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Enough senders to raise a document, each in an address group (IPv4 /24) of its own. */
const VOTERS = Array.from({ length: DEFAULT_CLICK_RANKING.minAddresses }, (_, i) => `203.0.${113 + i}.71`);

describe('the SQLite event store', () => {
  it('keeps senders as keyed hashes, never their addresses', async () => {
    for (const [i, address] of VOTERS.entries()) {
      await store.addStats([{ action: 'search', session: `s${i}`, keyword: 'kettle', numberOfResults: 3 }], 'stats', NOW - 60_000, address);
      await store.addStats([{ action: 'click', session: `s${i}`, keyword: 'kettle', docid: 'steel', position: 1 }], 'stats', NOW, address);
    }
    expect((await store.clickBoosts('kettle', NOW)).has('steel')).toBe(true);
    await store.close();
    for (const file of readdirSync(dir)) for (const address of VOTERS) expect(readFileSync(join(dir, file)).includes(address)).toBe(false);
  });

  it("reads a keyword's click boosts in one statement, and not again within the max age", async () => {
    for (const [i, address] of VOTERS.entries()) {
      await store.addStats([{ action: 'search', session: `s${i}`, keyword: 'kettle', numberOfResults: 3 }], 'stats', NOW - 60_000, address);
      await store.addStats([{ action: 'click', session: `s${i}`, keyword: 'kettle', docid: 'steel', position: 1 }], 'stats', NOW, address);
    }
    const statement = Object.getPrototypeOf(eventStoreDatabase(store).prepare('SELECT 1')) as Record<'all' | 'get' | 'run', () => unknown>;
    const runs = (['all', 'get', 'run'] as const).map((method) => vi.spyOn(statement, method));
    // The cache's clock stands still: the second read is within the max age, however slow the machine.
    const clock = vi.spyOn(performance, 'now').mockReturnValue(performance.now());
    const sent = () => runs.reduce((n, spy) => n + spy.mock.calls.length, 0);
    try {
      expect((await store.clickBoosts('kettle', NOW)).has('steel')).toBe(true);
      expect(sent()).toBe(1);
      await store.clickBoosts('Kettle', NOW);
      expect(sent()).toBe(1);
    } finally {
      for (const spy of [...runs, clock]) spy.mockRestore();
    }
  });

  it('counts searched keywords from the stored events when the file had no counts yet', async () => {
    const searches = (keyword: string, sessions: number): StatsEvent[] =>
      Array.from({ length: sessions }, (_, i) => ({ action: 'search', session: `session-${i}`, keyword, numberOfResults: 5 }));
    // A learned keyword needs searches on two days.
    await store.addStats(searches('grid layout', 1), 'stats', NOW - DAY_MS);
    await store.addStats(searches('grid layout', 5));
    await store.close();
    const db = new Database(join(dir, 'demo.sqlite'));
    // As made before migrations were recorded.
    db.exec('DROP TABLE searched_keywords; DROP TABLE keyword_sessions; DROP TABLE event_migrations;');
    db.close();
    store = await open();
    expect(await store.searchedKeywords(['grid'], 5)).toEqual(['grid layout']);
    await store.addStats(searches('grid layout', 6));
    await store.addStats(searches('grid gap', 1), 'stats', NOW - DAY_MS);
    await store.addStats(searches('grid gap', 5));
    expect(await store.searchedKeywords(['grid'], 5)).toEqual(['grid layout', 'grid gap']);
  });

  it('brings a file from before migrations up to date on opening, its events and counts kept', async () => {
    const file = join(dir, 'old.sqlite');
    copyFileSync(join(import.meta.dirname, '../testing/fixtures/before-migrations/events.sqlite'), file);
    const old = await SqliteEventStore.open(file, { clock: () => NOW });
    try {
      expect(await old.counts()).toEqual({ statsEvents: 2, recommendationEvents: 2 });
      const day = Math.floor(Date.parse('2026-11-01T12:00:00Z') / DAY_MS);
      const report = await old.report({ fromDay: day, toDay: day }, null, 10);
      expect(report.topDocuments).toEqual([{ docid: 'kettle', clicks: 1 }]);
      expect(await old.related('shop', 'kettle', 5)).toEqual({ transactions: 1, items: [{ item: 'teapot', transactions: 1 }] });
      await old.addStats([{ action: 'search', session: 's2', keyword: 'teapot', numberOfResults: 1 }]);
      expect((await old.counts()).statsEvents).toBe(3);
    } finally {
      await old.close();
    }
    const db = new Database(file, { readonly: true });
    expect(db.prepare('SELECT name FROM event_migrations').pluck().all()).toEqual(SQLITE_EVENT_MIGRATIONS.map((m) => m.name));
    db.close();
  });

  it('gives a file from before click clients were counted the new click table, rebuilt from its events', async () => {
    const file = join(dir, 'older.sqlite');
    copyFileSync(join(import.meta.dirname, '../testing/fixtures/before-migrations/events.sqlite'), file);
    const db = new Database(file);
    db.exec(`DROP TABLE keyword_clicks; CREATE TABLE keyword_clicks (keyword TEXT NOT NULL, docid TEXT NOT NULL, lw REAL NOT NULL, PRIMARY KEY (keyword, docid)) WITHOUT ROWID;
      UPDATE stats_meta SET value = 2 WHERE key = 'version'`);
    db.close();
    await (await SqliteEventStore.open(file)).close();
    const reopened = new Database(file, { readonly: true });
    expect(reopened.prepare('SELECT keyword, docid, clients FROM keyword_clicks').all()).toEqual([{ keyword: 'kettle', docid: 'kettle', clients: 1 }]);
    expect(reopened.prepare(`SELECT value FROM stats_meta WHERE key = 'version'`).pluck().get()).toBe(4);
    reopened.close();
  });

  it('keeps the searched keywords a file counted the current way before they were a migration, and counts older ones afresh', async () => {
    const searches = (keyword: string, sessions: number): StatsEvent[] =>
      Array.from({ length: sessions }, (_, i) => ({ action: 'search', session: `kept-${i}`, keyword, numberOfResults: 5 }));
    await store.addStats(searches('flex wrap', 1), 'stats', NOW - DAY_MS);
    await store.addStats(searches('flex wrap', 5));
    await store.close();
    const before = (version: number) => {
      const db = new Database(join(dir, 'demo.sqlite'));
      // Counts no event holds: kept as they are, or counted again from the events.
      db.exec(`UPDATE searched_keywords SET sessions = 50, suggested = 1 WHERE words = 'flex wrap';
        DELETE FROM event_migrations WHERE name = '0003-searched-keywords';
        INSERT INTO stats_meta (key, value) VALUES ('searched_keywords_version', ${version})`);
      db.close();
    };
    const sessions = () => {
      const db = new Database(join(dir, 'demo.sqlite'), { readonly: true });
      const counted = db.prepare(`SELECT sessions FROM searched_keywords WHERE words = 'flex wrap'`).pluck().get();
      db.close();
      return counted;
    };
    before(2);
    await (await open()).close();
    expect(sessions()).toBe(50);
    before(1);
    store = await open();
    expect(sessions()).toBe(5);
    expect(await store.searchedKeywords(['flex'], 5)).toEqual(['flex wrap']);
  });

  it("counts a file's searched keywords afresh over the window that ends at the store's clock", async () => {
    const day = Math.floor(NOW / DAY_MS);
    const search = (session: string, keyword: string, daysAgo: number) =>
      store.addStats([{ action: 'search', session, keyword, numberOfResults: 3 }], 'stats', NOW - daysAgo * DAY_MS);
    // The window's first day (29 days ago), its last (today), and the day before it.
    await search('a', 'Flex wrap', 29);
    await search('a', 'flex wrap', 2);
    await search('b', 'flex wrap', 30);
    await search('c', 'flex wrap', 0);
    await search('d', 'grid', 40);
    await store.close();
    const db = new Database(join(dir, 'demo.sqlite'));
    db.exec(`DROP TABLE searched_keywords; DROP TABLE keyword_sessions; DROP TABLE keyword_addresses;
      DELETE FROM event_migrations WHERE name = '0003-searched-keywords'`);
    db.close();
    // The machine's clock is months past NOW: counted by it, the window would hold none of these.
    store = await open();
    await store.close();
    const counted = new Database(join(dir, 'demo.sqlite'), { readonly: true });
    try {
      expect(counted.prepare('SELECT words, session, day FROM keyword_sessions ORDER BY session').all()).toEqual([
        { words: 'flex wrap', session: 'a', day: day - 2 },
        { words: 'flex wrap', session: 'c', day },
      ]);
      expect(counted.prepare('SELECT words, address, day FROM keyword_addresses ORDER BY address').all()).toEqual([
        { words: 'flex wrap', address: 'sa', day: day - 2 },
        { words: 'flex wrap', address: 'sc', day },
      ]);
      expect(counted.prepare('SELECT words, keyword, sessions, addresses, first_day, last_day FROM searched_keywords').all()).toEqual([
        { words: 'flex wrap', keyword: 'flex wrap', sessions: 2, addresses: 2, first_day: day - 29, last_day: day },
      ]);
    } finally {
      counted.close();
      store = await open();
    }
  });

  it('counts no sender for searches the search endpoint recorded before it kept them', async () => {
    await store.close();
    const db = new Database(join(dir, 'demo.sqlite'));
    const insert = db.prepare(
      `INSERT INTO stats_events (received, source, action, session, keyword, number_of_results, keyword_norm, client) VALUES (?, 'search', 'search', ?, 'kiwi', 3, 'kiwi', NULL)`,
    );
    for (let i = 0; i < 10; i++) insert.run(NOW, `invented-${i}`);
    // As kept before the searched keywords were a migration: counted again from the events.
    db.exec(`DROP TABLE searched_keywords; DROP TABLE keyword_sessions; DELETE FROM event_migrations WHERE name = '0003-searched-keywords'`);
    db.close();
    store = await open();
    expect(await store.searchedKeywords(['kiw'], 5)).toEqual([]);
  });
  it('commits the searches it queued on its writer thread, not on the connection the event loop uses', async () => {
    const statement = Object.getPrototypeOf(eventStoreDatabase(store).prepare('SELECT 1')) as Record<'run', () => unknown>;
    const runs = vi.spyOn(statement, 'run');
    try {
      store.queueStats({ action: 'search', session: 'queued', keyword: 'kettle', numberOfResults: 2 }, 'search', VOTERS[0], NOW);
      await store.flush();
      expect(runs).not.toHaveBeenCalled();
    } finally {
      runs.mockRestore();
    }
    expect(await store.storedEvents(0, 10)).toEqual([
      { source: 'search', action: 'search', session: 'queued', keyword: 'kettle', numberOfResults: 2, received: new Date(NOW).toISOString() },
    ]);
  });

  it('stores a search queued right before closing', async () => {
    store.queueStats({ action: 'search', session: 'last', keyword: 'kettle', numberOfResults: 2 }, 'search', VOTERS[0], NOW);
    await store.close();
    store = await open();
    expect(await store.storedEvents(0, 10)).toEqual([
      { source: 'search', action: 'search', session: 'last', keyword: 'kettle', numberOfResults: 2, received: new Date(NOW).toISOString() },
    ]);
  });

  it('counts the searches queued after a change of the suggestion rule by the new rule', async () => {
    // A learned keyword needs searches on two days: one stored the day before, one queued today.
    await store.addStats([{ action: 'search', session: 'yesterday', keyword: 'kettle', numberOfResults: 2 }], 'stats', NOW - DAY_MS, VOTERS[0]);
    store.queueStats({ action: 'search', session: 'warm', keyword: 'teapot', numberOfResults: 2 }, 'search', VOTERS[1], NOW);
    await store.flush();
    await store.setSuggestedRule({ minSessions: 1, minAddresses: 1 });
    store.queueStats({ action: 'search', session: 'today', keyword: 'kettle', numberOfResults: 2 }, 'search', VOTERS[1], NOW);
    await store.flush();
    expect(await store.searchedKeywords(['kett'], 5)).toEqual(['kettle']);
  });
});
