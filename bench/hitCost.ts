/**
 * `tsx bench/hitCost.ts FILE [ROUNDS]`: a fixed batch of searches on the long-page corpus
 * (the Python documentation as the crawler reads it), in one process, on the SQLite
 * index FILE (written on first use): the tune queries of the Python set, ROUNDS times.
 * For instruction counts (callgrind) and CPU profiles, which are repeatable under load;
 * with ROUNDS 0 it opens and warms up only, to subtract.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readPage } from '../server/crawl/readPage.ts';
import { validateDocument } from '../server/documents/validateDocument.ts';
import { SqliteEngine } from '../server/engine/sqliteEngine.ts';
import type { PreparedDocument } from '../server/engine/engine.ts';
import { createSearchPipeline } from '../server/pipeline/searchPipeline.ts';
import { foldedWords } from '../server/text/words.ts';
import { searchQuery } from '../server/testing/searchQuery.ts';
import { PYTHON_QUERIES } from './relevance/pythonQueries.ts';
import { PYTHON_DOCS_FOLDER, sitePages } from './relevance/pythonSite.ts';

const [file = '/tmp/hitCost.sqlite', roundsText = '3'] = process.argv.slice(2);
const rounds = Number(roundsText);
const fresh = !existsSync(file);
const engine = await SqliteEngine.open(file);
if (fresh) {
  const documents: PreparedDocument[] = [];
  for (const page of sitePages(PYTHON_DOCS_FOLDER)) {
    const url = `http://127.0.0.1:8000${page}`;
    const reading = readPage(readFileSync(join(PYTHON_DOCS_FOLDER, page)).toString('utf8'), new URL(url));
    const checked = validateDocument({ url, title: reading.title || page, main_content: reading.mainContent }, page);
    if (!checked.ok) continue;
    documents.push({
      ...checked.document,
      page: { h1: reading.h1, h2: reading.h2, metaDescription: reading.metaDescription, headings: reading.headings, sections: reading.sections },
    });
  }
  for (let i = 0; i < documents.length; i += 50) await engine.write(documents.slice(i, i + 50));
  console.error(`${documents.length} pages written`);
}
const pipeline = createSearchPipeline(engine);
const queries = PYTHON_QUERIES.filter((q) => q.set === 'tune').map((q) => foldedWords(q.q));
// One warm-up round: statements prepared, caches filled.
let checksum = 0;
for (const words of queries) checksum += (await pipeline.search(searchQuery(words))).hits.length;
const began = performance.now();
const cpuBefore = process.cpuUsage();
for (let round = 0; round < rounds; round++) {
  for (const words of queries) checksum += (await pipeline.search(searchQuery(words))).hits.length;
}
const ms = performance.now() - began;
// The process's CPU time (user and system, every thread), which other processes on the machine disturb far less than the clock.
const cpu = process.cpuUsage(cpuBefore);
const cpuMs = (cpu.user + cpu.system) / 1000;
console.error(
  `${queries.length} queries × ${rounds} rounds: ${ms.toFixed(0)} ms (${(ms / Math.max(1, queries.length * rounds)).toFixed(2)} ms a search; CPU ${(cpuMs / Math.max(1, queries.length * rounds)).toFixed(2)} ms a search), ${checksum} hits`,
);
engine.close();
