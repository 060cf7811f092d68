import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { POSTGRES_CLAIM_SQL } from './postgresCrawlStore.ts';
import { PostgresEngine } from './postgresEngine.ts';
import { testDatabase } from '../testing/postgresDatabase.ts';
import { crawlStoreCases } from '../testing/crawlStoreCases.ts';

let url: string;
const opened: PostgresEngine[] = [];
let count = 0;

async function open(schema: string): Promise<PostgresEngine> {
  const engine = await PostgresEngine.open({ url, schema, poolSize: 4 });
  opened.push(engine);
  return engine;
}

beforeAll(async () => {
  url = await testDatabase('postgres crawl store');
});

afterAll(async () => {
  await Promise.all(opened.map((engine) => engine.close()));
});

crawlStoreCases(async () => (await open(`crawls_${++count}`)).crawls);

describe('several processes on one crawl', () => {
  it('never gives one URL to two claims made at once', async () => {
    const a = await open('shared_crawl');
    const b = await open('shared_crawl');
    await a.crawls.create('c', '{}', 0);
    const urls = Array.from({ length: 200 }, (_, i) => ({ url: `https://s/${i}`, depth: 0, foundFrom: null }));
    await a.crawls.enqueue('c', urls);
    const claimed: string[] = [];
    await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const store = i % 2 === 0 ? a.crawls : b.crawls;
        for (;;) {
          const batch = await store.claim('c', `w${i}`, 7, 0, 1000);
          if (batch.length === 0) return;
          claimed.push(...batch.map((e) => e.url));
        }
      }),
    );
    expect(claimed).toHaveLength(200);
    expect(new Set(claimed).size).toBe(200);
  });
});

describe('the claim', () => {
  it('reads the pending index in claim order, never sorting the queue', async () => {
    await open('claim_plan');
    const client = new pg.Client({ connectionString: url, options: '-c search_path=claim_plan' });
    await client.connect();
    try {
      // A crawl far along: most of its URLs done, the planner told so.
      await client.query(`INSERT INTO crawl_urls (crawl, url, depth, state)
        SELECT 'c', 'https://s/' || i, i % 7, CASE WHEN i <= 19000 THEN 'done' ELSE 'queued' END FROM generate_series(1, 20000) AS i`);
      await client.query('ANALYZE crawl_urls');
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${POSTGRES_CLAIM_SQL}`, ['c', 0, 16, 'w', 1]);
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(plan).toContain('Index Scan using crawl_urls_pending');
      expect(plan).not.toMatch(/Sort/);
    } finally {
      await client.end();
    }
  });
});
