import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
