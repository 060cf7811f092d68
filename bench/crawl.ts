/**
 * `npm run bench:crawl [-- --pages 10000 --engine both --write]`: the crawl step of the
 * suite alone (crawlBench.ts), on SQLite, PostgreSQL (a throw-away cluster) or both one
 * after the other; prints their tables, and with --write puts them into BENCHMARKS.md.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { commandLine } from '../server/config/commandLine.ts';
import { createDatabase, startCluster, type PostgresCluster } from '../server/testing/postgresCluster.ts';
import { crawlDetailTable, crawlSection, crawlTable, measureCrawl, type CrawlRun } from './crawlBench.ts';
import { spliceSection } from './sectionSplice.ts';

const USAGE = `Usage: npm run bench:crawl -- [--pages 10000] [--engine sqlite|postgres|both] [--timeout SECONDS] [--write]

The service crawls a generated documentation site served on loopback, from its start page,
while a thread searches; prints pages found of pages reachable, fetches per page, disallowed
URLs fetched, pages a second, the navigation's share of the indexed text, PDF and DOCX found
by their text, and search p95 while crawling against idle.

Options:
  --pages N       canonical pages of the site, 100 to 100,000 (default 10000)
  --engine WHICH  sqlite, postgres or both (default sqlite): the service's storage; postgres runs
                  it on a throw-away PostgreSQL cluster, a new database for each run; both runs
                  SQLite first, then PostgreSQL, and --write puts both into the section
  --timeout S     cancel the crawl after S seconds (default 60 + 0.05 a page)
  --write         put the figures into BENCHMARKS.md's "Crawl" section
  -h, --help      print this help
`;

const settings = commandLine({ name: 'bench:crawl', invocation: 'npm run bench:crawl --', usage: USAGE }, (args) => {
  const { values } = parseArgs({
    args,
    options: {
      pages: { type: 'string', default: '10000' },
      engine: { type: 'string', default: 'sqlite' },
      timeout: { type: 'string' },
      write: { type: 'boolean', default: false },
    },
  });
  if (!['sqlite', 'postgres', 'both'].includes(values.engine)) throw new Error(`--engine must be sqlite, postgres or both (got '${values.engine}')`);
  const engine = values.engine as 'sqlite' | 'postgres' | 'both';
  const pages = Number(values.pages);
  if (!Number.isInteger(pages) || pages < 100 || pages > 100_000) throw new Error('--pages must be an integer from 100 to 100000');
  const timeout = values.timeout === undefined ? undefined : Number(values.timeout);
  if (timeout !== undefined && !(Number.isInteger(timeout) && timeout >= 10 && timeout <= 7200))
    throw new Error('--timeout must be an integer from 10 to 7200');
  return { pages, timeout, engine, write: values.write };
});

const log = (line: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const runs: CrawlRun[] = [];
let cluster: PostgresCluster | null = null;
try {
  for (const engine of settings.engine === 'both'
    ? (['SQLite', 'PostgreSQL'] as const)
    : settings.engine === 'postgres'
      ? (['PostgreSQL'] as const)
      : (['SQLite'] as const)) {
    let databaseUrl: string | undefined;
    if (engine === 'PostgreSQL') {
      cluster ??= await startCluster();
      // Through the cluster's socket, as a service on the database's host connects.
      databaseUrl = await createDatabase(cluster.socketUrl, `crawl_${runs.length + 1}`);
    }
    log(`crawl: on ${engine}`);
    const results = await measureCrawl({
      repo: process.cwd(),
      pages: settings.pages,
      ...(settings.timeout !== undefined && { timeoutSeconds: settings.timeout }),
      ...(databaseUrl !== undefined && { databaseUrl }),
      log,
    });
    runs.push({ engine, results });
    console.log(`\n## On ${engine}\n\n${crawlTable(results)}\n\n${crawlDetailTable(results)}`);
    console.log(`\nLoad average (1 min): ${results.load[0].toFixed(1)} at the start, ${results.load[1].toFixed(1)} at the end`);
    if (results.missing.length > 0) console.log(`\nFirst pages not found: ${results.missing.join(', ')}`);
  }
} finally {
  cluster?.stop();
}
if (settings.write) {
  const command = `npm run bench:crawl -- --pages ${settings.pages}${settings.engine === 'sqlite' ? '' : ` --engine ${settings.engine}`} --write`;
  const section = crawlSection(runs, new Date().toISOString().slice(0, 10), command);
  writeFileSync('BENCHMARKS.md', spliceSection(readFileSync('BENCHMARKS.md', 'utf8'), 'Crawl', section));
  log('wrote the "Crawl" section of BENCHMARKS.md');
}
