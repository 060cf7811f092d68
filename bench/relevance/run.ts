/**
 * `npm run bench:relevance`: the judged queries on the demo corpus against the reference
 * service (with what the widget sends) and the other engines, as markdown tables.
 *
 *   --engines ours,minisearch,lunr,flexsearch,orama,pagefind   (default: all)
 *   --set tune|holdout|all    which queries the tables count (default: all)
 *   --verbose                 each query ours does not answer first: its class, the target's rank, ours' top 3
 *   --json FILE               every query's outcome on every engine
 *
 * Installs the other engines (pinned) into a throwaway folder on first use; the service
 * runs for the run only, on a data folder removed at the end. Reports; never fails on a figure.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { spliceRelevance } from './spliceReport.ts';
import { buildCorpus } from '../../demo/corpus/build.ts';
import { relevanceClassTable, relevanceSetsTable, relevanceTable } from '../report.ts';
import { ENGINES } from './engines/index.ts';
import { measureRelevance } from './measure.ts';
import { select } from './metrics.ts';
import { QUERIES } from './queries.ts';
import type { QuerySet } from './types.ts';

const began = performance.now();
const log = (line: string) => console.error(`relevance [${((performance.now() - began) / 1000).toFixed(1)} s]: ${line}`);

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
}

async function main(): Promise<void> {
  const keys = option('--engines')?.split(',').map((k) => k.trim().toLowerCase()) ?? ENGINES.map((e) => e.key);
  const unknown = keys.filter((k) => !ENGINES.some((e) => e.key === k));
  const set = (option('--set') ?? 'all') as QuerySet | 'all';
  if (unknown.length > 0 || !['tune', 'holdout', 'all'].includes(set)) {
    console.error(`usage: npm run bench:relevance -- [--engines ${ENGINES.map((e) => e.key).join(',')}] [--set tune|holdout|all] [--verbose] [--json FILE] [--write]`);
    process.exit(2);
  }
  const docs = buildCorpus({ thumbBase: 'http://127.0.0.1' });
  log(`${docs.length.toLocaleString('en')} documents, ${QUERIES.length} queries`);
  const results = await measureRelevance({
    docs,
    queries: QUERIES,
    engines: ENGINES.filter((e) => keys.includes(e.key)),
    repo: process.cwd(),
    install: true,
    log,
  });

  console.log(`\n## Relevance, ${set === 'all' ? 'all queries' : `the ${set} set`}\n\n${relevanceTable(results, set)}`);
  console.log(`\n## Per class\n\n${relevanceClassTable(results, set)}`);
  if (results.engines.some((e) => e.name === 'ours' && e.missing === undefined)) {
    console.log(`\n## Ours, tune and holdout\n\n${relevanceSetsTable(results)}`);
  }

  if (process.argv.includes('--verbose')) {
    const titles = new Map(docs.map((d) => [d.url, d.title ?? '']));
    const ours = results.engines.find((e) => e.name === 'ours');
    const misses = select(ours?.outcomes ?? [], set).filter((o) => o.rank !== 1);
    console.log(`\n## Ours below first place (${misses.length})\n`);
    for (const o of misses) {
      const top = o.urls.slice(0, 3).map((url) => titles.get(url) ?? url);
      console.log(`- \`${o.q}\` (${o.class}): target ${o.rank === null ? 'not in the top 10' : `at ${o.rank}`}; top 3: ${top.length ? top.join(' | ') : 'no results'}`);
    }
  }

  if (process.argv.includes('--write')) {
    if (set !== 'all' || keys.length !== ENGINES.length) throw new Error('--write takes the whole set on every engine: leave out --set and --engines');
    writeFileSync('BENCHMARKS.md', spliceRelevance(readFileSync('BENCHMARKS.md', 'utf8'), results, new Date().toISOString().slice(0, 10)));
    log('wrote the relevance section of BENCHMARKS.md');
  }

  const json = option('--json');
  if (json !== undefined) {
    writeFileSync(json, `${JSON.stringify(results.engines.map(({ name, missing, outcomes }) => ({ name, missing, outcomes })), null, 2)}\n`);
    log(`wrote ${json}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
