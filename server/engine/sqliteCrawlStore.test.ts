import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { SQLITE_CLAIM_SQL } from './sqliteCrawlStore.ts';
import { SqliteEngine } from './sqliteEngine.ts';
import { crawlStoreCases } from '../testing/crawlStoreCases.ts';

const folder = mkdtempSync(join(tmpdir(), 'site-search-crawl-store-'));
const opened: SqliteEngine[] = [];
let count = 0;

afterAll(async () => {
  await Promise.all(opened.map((engine) => engine.close()));
  rmSync(folder, { recursive: true, force: true });
});

crawlStoreCases(async () => {
  const engine = await SqliteEngine.open(join(folder, `index-${++count}.sqlite`));
  opened.push(engine);
  return engine.crawls;
});

describe('the claim', () => {
  it('reads the pending index in claim order, never sorting the queue', async () => {
    const file = join(folder, `index-${++count}.sqlite`);
    opened.push(await SqliteEngine.open(file));
    const db = new Database(file, { readonly: true });
    try {
      const plan = (db.prepare(`EXPLAIN QUERY PLAN ${SQLITE_CLAIM_SQL}`).all('c', 0, 16) as Array<{ detail: string }>).map((row) => row.detail);
      expect(plan).toEqual(['SEARCH crawl_urls USING INDEX crawl_urls_pending (crawl=?)']);
    } finally {
      db.close();
    }
  });
});
