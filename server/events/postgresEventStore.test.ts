// What the PostgreSQL event store adds to the conformance suite's: several service processes share it.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StatsEvent } from '../../src/client/types.ts';
import type { IndexStores } from '../indices/engineFactory.ts';
import { indexSchema, postgresEngines } from '../indices/postgresFactory.ts';
import { connectPool } from '../storage/postgresPool.ts';
import { testDatabase } from '../testing/postgresDatabase.ts';
import { DAY_MS, DEFAULT_CLICK_RANKING } from './clickRanking.ts';
import { CLICK_WEIGHTS_MAX_AGE_MS } from './clickWeightsCache.ts';

// The stores' clock and every event's time: nothing here depends on the machine's clock.
const NOW = Date.parse('2026-05-01T12:00:00Z');
const clock = () => NOW;
let nodes: IndexStores[];
let url: string;

/** Two service processes' stores of one index, as two factories on one database open them. */
beforeAll(async () => {
  url = await testDatabase('events');
  nodes = [];
  for (let i = 0; i < 2; i++) {
    const factory = await postgresEngines(url)({ dataDir: `/nonexistent/node${i}` });
    nodes.push(await factory.open({ publicKey: 'demo', clickRanking: DEFAULT_CLICK_RANKING, clock }));
  }
});

/** The statements the stores' pools send while `work` runs (the store's reads go through its pool). */
async function statements(work: () => Promise<unknown>): Promise<number> {
  const query = vi.spyOn(pg.Pool.prototype, 'query');
  try {
    await work();
    return query.mock.calls.length;
  } finally {
    query.mockRestore();
  }
}

/** Two indices' stores opened by one factory (`dataDir` names it), for `work`; closed after. */
async function twoIndices(dataDir: string, keys: [string, string], work: (stores: [IndexStores, IndexStores]) => Promise<void>): Promise<void> {
  const factory = await postgresEngines(url)({ dataDir });
  const stores = (await Promise.all(keys.map((publicKey) => factory.open({ publicKey, clickRanking: DEFAULT_CLICK_RANKING, clock })))) as [
    IndexStores,
    IndexStores,
  ];
  try {
    await work(stores);
  } finally {
    await Promise.all(stores.map((each) => Promise.all([each.events.close(), each.engine.close()])));
    await factory.close();
  }
}

/** A keyword's searches and clicks from enough clients (each in an address group of its own), searched through one node and clicked through the other. */
async function clicked(keyword: string, docid: string, from: number): Promise<void> {
  for (let i = 0; i < DEFAULT_CLICK_RANKING.minAddresses; i++) {
    const address = `203.0.${from + i}.1`;
    const session = `${keyword}-${docid}-${i}`;
    await nodes[i % 2]!.events.addStats([{ action: 'search', session, keyword, numberOfResults: 3 }], 'stats', NOW - 60_000, address);
    await nodes[(i + 1) % 2]!.events.addStats([{ action: 'click', session, keyword, docid, position: 1 }], 'stats', NOW, address);
  }
}

afterAll(async () => {
  for (const node of nodes) await Promise.all([node.events.close(), node.engine.close()]);
});

describe('events on PostgreSQL', () => {
  it('count clicks taken by either node for the searches of both, each client once', async () => {
    const search = (session: string): StatsEvent => ({ action: 'search', session, keyword: 'kettle', numberOfResults: 3 });
    const click = (session: string): StatsEvent => ({ action: 'click', session, keyword: 'kettle', docid: 'steel', position: 1 });
    const addresses = Array.from({ length: DEFAULT_CLICK_RANKING.minAddresses }, (_, i) => `203.0.${i + 1}.1`);
    for (const [i, address] of addresses.entries()) {
      // The search on one node, the click on the other: the click still follows its search.
      await nodes[i % 2]!.events.addStats([search(`s${i}`)], 'stats', NOW - 60_000, address);
      await nodes[(i + 1) % 2]!.events.addStats([click(`s${i}`)], 'stats', NOW, address);
    }
    // The same client through the other node counts once.
    await nodes[1]!.events.addStats([search('s0b')], 'stats', NOW - 60_000, addresses[0]);
    await nodes[0]!.events.addStats([click('s0b')], 'stats', NOW, addresses[0]);
    const [a, b] = await Promise.all(nodes.map((node) => node.events.clickBoosts('kettle', NOW)));
    expect(a?.get('steel')).toBeGreaterThan(1);
    expect(b).toEqual(a);
    const report = await nodes[0]!.events.report({ fromDay: Math.floor(NOW / 86_400_000), toDay: Math.floor(NOW / 86_400_000) }, null, 10);
    const visits = addresses.length + 1;
    expect(report.totals).toMatchObject({ searches: visits, clicks: visits, clickedSearches: visits });
  });

  it('count a batch of events as it counts them one by one', async () => {
    // Additions of one batch are summed before they are written: the same keys many times over.
    await twoIndices('/nonexistent/batches', ['batched', 'single'], async ([batched, single]) => {
      // One client's searches and clicks in three sessions, in one batch.
      const events = (client: number): StatsEvent[] =>
        Array.from({ length: 6 }, (_, i): StatsEvent[] => {
          const session = `b${i % 3}-${client}`;
          const tag = i % 2 === 0 ? undefined : 'docs';
          return [
            ...(i < 3 ? [{ action: 'search' as const, session, keyword: i === 0 ? 'Tea Pot' : 'tea pot', numberOfResults: 4, ...(tag && { tag }) }] : []),
            { action: 'search', session, keyword: 'kettle', numberOfResults: i === 5 ? 0 : 2 },
            { action: 'click', session, keyword: 'tea pot', docid: `pot-${i % 2}`, position: 1 + (i % 3), ...(tag && { tag }) },
          ];
        }).flat();
      // Today: searched keywords count the last 30 days'.
      const now = NOW;
      const day = Math.floor(now / 86_400_000);
      const clients = DEFAULT_CLICK_RANKING.minAddresses;
      for (let client = 0; client < clients; client++) {
        // The first client a day before: a learned keyword needs searches on two days.
        const [received, address] = [now - (client === 0 ? 86_400_000 : 60_000) + client * 1_000, `198.${client}.100.7`];
        await batched.events.addStats(events(client), 'stats', received, address);
        for (const event of events(client)) await single.events.addStats([event], 'stats', received, address);
      }
      const read = async (stores: IndexStores) => ({
        report: await stores.events.report({ fromDay: day - 1, toDay: day }, null, 10),
        docs: await stores.events.report({ fromDay: day - 1, toDay: day }, 'docs', 10),
        boosts: await stores.events.clickBoosts('tea pot', now),
        searched: await stores.events.searchedKeywords(['tea'], 5, now),
      });
      const [a, b] = await Promise.all([read(batched), read(single)]);
      expect(a.report.totals.searches).toBe(9 * clients);
      expect(a.boosts.size).toBeGreaterThan(0);
      expect(a.searched).toEqual(['tea pot']);
      // Weights summed in another order differ in their last bits.
      expect([...a.boosts.keys()]).toEqual([...b.boosts.keys()]);
      for (const [docid, boost] of a.boosts) expect(boost).toBeCloseTo(b.boosts.get(docid)!, 9);
      expect({ ...a, boosts: null }).toEqual({ ...b, boosts: null });
    });
  });

  it('queue the searches a node records itself, visible to the other once flushed', async () => {
    nodes[0]!.events.queueStats({ action: 'search', session: 'q', keyword: 'queued', numberOfResults: 1 }, 'search');
    await nodes[0]!.events.flush();
    expect((await nodes[1]!.events.storedEvents(0, 100, 'q')).map((e) => e.keyword)).toEqual(['queued']);
  });

  it('count searched keywords afresh from the events when a store kept them the old way', async () => {
    const searches = Array.from({ length: 5 }, (_, i): StatsEvent => ({ action: 'search', session: `m${i}`, keyword: 'Grid layout', numberOfResults: 2 }));
    await nodes[0]!.events.addStats(searches.slice(0, 1), 'stats', NOW - DAY_MS);
    await nodes[0]!.events.addStats(searches);
    // The day before the window that ends at the stores' clock.
    await nodes[0]!.events.addStats([{ ...searches[0]!, session: 'before' }], 'stats', NOW - 30 * DAY_MS);
    // The tables as they were before addresses were counted.
    const pool = connectPool(url, indexSchema('demo'), 1);
    try {
      await pool.query(`DROP TABLE keyword_sessions, keyword_addresses, searched_keywords;
        CREATE TABLE keyword_sessions (words TEXT NOT NULL, session TEXT NOT NULL, PRIMARY KEY (words, session));
        CREATE TABLE searched_keywords (words TEXT PRIMARY KEY, keyword TEXT NOT NULL, sessions INTEGER NOT NULL);
        DELETE FROM stats_meta WHERE key = 'searched_keywords_version';
        DELETE FROM event_migrations WHERE name = '0003-searched-keywords';`);
    } finally {
      await pool.end();
    }
    const factory = await postgresEngines(url)({ dataDir: '/nonexistent/node2' });
    // The machine's clock is months past NOW: counted by it, the window would hold none of these.
    const reopened = await factory.open({ publicKey: 'demo', clickRanking: DEFAULT_CLICK_RANKING, clock });
    const day = Math.floor(NOW / DAY_MS);
    const counted = connectPool(url, indexSchema('demo'), 1);
    try {
      expect(await reopened.events.searchedKeywords(['grid'], 5)).toEqual(['grid layout']);
      const rows = async (sql: string) => (await counted.query(sql)).rows;
      expect(await rows("SELECT words, session, day FROM keyword_sessions WHERE words = 'grid layout' ORDER BY session")).toEqual(
        searches.map(({ session }) => ({ words: 'grid layout', session, day })),
      );
      expect(await rows("SELECT words, keyword, sessions, first_day, last_day FROM searched_keywords WHERE words = 'grid layout'")).toEqual([
        { words: 'grid layout', keyword: 'grid layout', sessions: 5, first_day: day - 1, last_day: day },
      ]);
    } finally {
      await counted.end();
      await Promise.all([reopened.events.close(), reopened.engine.close()]);
      await factory.close();
    }
  });

  it('keep the searched keywords a schema counted the current way before they were a migration', async () => {
    const searches = Array.from({ length: 5 }, (_, i): StatsEvent => ({ action: 'search', session: `k${i}`, keyword: 'Flex wrap', numberOfResults: 2 }));
    await nodes[0]!.events.addStats(searches);
    const pool = connectPool(url, indexSchema('demo'), 1);
    try {
      // Counts no event holds: kept as they are by a schema the service counted as it does now.
      await pool.query(`UPDATE searched_keywords SET sessions = 50 WHERE words = 'flex wrap'`);
      await pool.query(`DELETE FROM event_migrations WHERE name = '0003-searched-keywords'`);
      await pool.query(`INSERT INTO stats_meta (key, value) VALUES ('searched_keywords_version', 2)`);
      const factory = await postgresEngines(url)({ dataDir: '/nonexistent/node3' });
      const reopened = await factory.open({ publicKey: 'demo', clickRanking: DEFAULT_CLICK_RANKING, clock });
      await Promise.all([reopened.events.close(), reopened.engine.close()]);
      await factory.close();
      expect((await pool.query(`SELECT sessions FROM searched_keywords WHERE words = 'flex wrap'`)).rows).toEqual([{ sessions: 50 }]);
      expect((await pool.query(`SELECT count(*)::int AS n FROM stats_meta WHERE key = 'searched_keywords_version'`)).rows).toEqual([{ n: 0 }]);
    } finally {
      await pool.end();
    }
  });

  it("read a keyword's click boosts in one statement, and not again within the max age", async () => {
    await clicked('teapot', 'brown', 20);
    // The cache's clock stands still: the second read is within the max age, however slow the machine.
    const frozen = vi.spyOn(performance, 'now').mockReturnValue(performance.now());
    try {
      let boosts: Map<string, number> | undefined;
      expect(await statements(async () => (boosts = await nodes[0]!.events.clickBoosts('Teapot', NOW)))).toBe(1);
      expect(boosts?.has('brown')).toBe(true);
      expect(await statements(() => nodes[0]!.events.clickBoosts('teapot', NOW))).toBe(0);
      // No one searched it: still one statement, and nothing raised.
      expect(await statements(async () => (boosts = await nodes[0]!.events.clickBoosts('never searched', NOW)))).toBe(1);
      expect(boosts?.size).toBe(0);
    } finally {
      frozen.mockRestore();
    }
  });

  it('count a batch of searches alone, each table in one statement, as it counts them one by one', async () => {
    // The searches the service records come in batches of searches alone, written table by table.
    await twoIndices('/nonexistent/searches', ['searches-batched', 'searches-single'], async ([batched, single]) => {
      const searches = (client: number): StatsEvent[] => [
        { action: 'search', session: `s${client}`, keyword: 'Tea Pot', numberOfResults: 3, eventId: `e${client}` },
        // Sent twice in one batch: stored and counted once.
        { action: 'search', session: `s${client}`, keyword: 'Tea Pot', numberOfResults: 3, eventId: `e${client}` },
        // The same session and keyword again: a session counts once.
        { action: 'search', session: `s${client}`, keyword: 'tea  pot', numberOfResults: 5 },
        { action: 'search', session: `t${client}`, keyword: 'tea pot', numberOfResults: 2, tag: 'docs' },
        { action: 'search', session: `t${client}`, keyword: 'kettle', numberOfResults: 0 },
      ];
      const now = NOW;
      // Each statement with values is bound once on its connection.
      const writes = vi.spyOn(pg.Connection.prototype, 'bind');
      for (let client = 0; client < 6; client++) {
        // Two clients to an address: addresses count fewer than sessions. The first a day before: two days searched.
        const [received, address] = [now - (client === 0 ? 86_400_000 : 60_000) + client * 1_000, `198.51.100.${client >> 1}`];
        writes.mockClear();
        await batched.events.addStats(searches(client), 'stats', received, address);
        const perBatch = writes.mock.calls.length;
        writes.mockClear();
        const one: StatsEvent = { action: 'search', session: `u${client}`, keyword: 'tea pot', numberOfResults: 1 };
        await batched.events.addStats([one], 'stats', received + 1, address);
        // As many statements for five searches as for one.
        expect(perBatch).toBe(writes.mock.calls.length);
        await single.events.addStats([one], 'stats', received + 1, address);
        for (const event of searches(client)) await single.events.addStats([event], 'stats', received, address);
      }
      writes.mockRestore();
      const tables = async (publicKey: string) => {
        const pool = connectPool(url, indexSchema(publicKey), 1);
        try {
          const read = async (sql: string) => (await pool.query(sql)).rows;
          return {
            events: await read('SELECT count(*)::int AS n FROM stats_events'),
            searched: await read('SELECT words, keyword, sessions, addresses, suggested, last_day - first_day AS days FROM searched_keywords ORDER BY words'),
            sessions: await read('SELECT words, session, day FROM keyword_sessions ORDER BY words, session'),
            addresses: await read('SELECT words, address, day FROM keyword_addresses ORDER BY words, address'),
            daily: await read('SELECT day, tag, keyword, searches, no_hits FROM daily_keywords ORDER BY day, tag, keyword'),
          };
        } finally {
          await pool.end();
        }
      };
      const [a, b] = await Promise.all([tables('searches-batched'), tables('searches-single')]);
      expect(a.events).toEqual([{ n: 30 }]);
      expect(a.searched).toEqual([{ words: 'tea pot', keyword: 'tea pot', sessions: 18, addresses: 3, suggested: true, days: 1 }]);
      expect(a).toEqual(b);
    });
  });

  it('count a click taken by the other node once the max age has passed, and one taken by this node at once', async () => {
    expect((await nodes[0]!.events.clickBoosts('saucepan', NOW)).size).toBe(0);
    expect((await nodes[1]!.events.clickBoosts('saucepan', NOW)).size).toBe(0);
    // The third client's click, which raises the document, goes through node 1.
    await clicked('saucepan', 'copper', 30);
    expect((await nodes[1]!.events.clickBoosts('saucepan', NOW)).has('copper')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, CLICK_WEIGHTS_MAX_AGE_MS + 50));
    expect((await nodes[0]!.events.clickBoosts('saucepan', NOW)).has('copper')).toBe(true);
  });
});
