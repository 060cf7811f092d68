import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
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
