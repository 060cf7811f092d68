/**
 * `npm run bench:relevance`: the judged queries on the demo corpus against the reference
 * service (with what the widget sends) and the other engines, as markdown tables
 * (`-- --help` lists the flags).
 * Installs the other engines (pinned) into a throwaway folder on first use; the service
 * runs for the run only, on a data folder removed at the end. Reports; never fails on a figure.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { commandLine } from '../../server/config/commandLine.ts';
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

const USAGE = `Usage: npm run bench:relevance -- [options]

The judged queries on the demo corpus, against the reference service and the other engines.

Options:
  --engines LIST   some of ${ENGINES.map((e) => e.key).join(',')} (default: all)
  --set SET        tune, holdout or all: which queries the tables count (default all)
  --verbose        each query not answered first by ours: its class, the target's rank, ours' top 3
  --json FILE      write every query's outcome on every engine
  --write          put the figures into BENCHMARKS.md (all engines, all queries)
  -h, --help       print this help
`;

function options() {
  return commandLine({ name: 'bench:relevance', invocation: 'npm run bench:relevance --', usage: USAGE }, (args) => {
    const { values } = parseArgs({
      args,
      options: {
        engines: { type: 'string' },
        set: { type: 'string', default: 'all' },
        verbose: { type: 'boolean', default: false },
        json: { type: 'string' },
        write: { type: 'boolean', default: false },
      },
    });
    const keys = values.engines?.split(',').map((k) => k.trim().toLowerCase()) ?? ENGINES.map((e) => e.key);
    const unknown = keys.filter((k) => !ENGINES.some((e) => e.key === k));
    if (unknown.length > 0) throw new Error(`unknown engine '${unknown[0]}'`);
    if (!['tune', 'holdout', 'all'].includes(values.set)) throw new Error(`--set must be tune, holdout or all (got '${values.set}')`);
    if (values.write && (values.set !== 'all' || keys.length !== ENGINES.length))
      throw new Error('--write takes the whole set on every engine: leave out --set and --engines');
    return { keys, set: values.set as QuerySet | 'all', verbose: values.verbose, json: values.json, write: values.write };
  });
}

async function main(): Promise<void> {
  const { keys, set, verbose, json, write } = options();
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

  if (verbose) {
    const titles = new Map(docs.map((d) => [d.url, d.title ?? '']));
    const ours = results.engines.find((e) => e.name === 'ours');
    const misses = select(ours?.outcomes ?? [], set).filter((o) => o.rank !== 1);
    console.log(`\n## Ours below first place (${misses.length})\n`);
    for (const o of misses) {
      const top = o.urls.slice(0, 3).map((url) => titles.get(url) ?? url);
      console.log(
        `- \`${o.q}\` (${o.class}): target ${o.rank === null ? 'not in the top 10' : `at ${o.rank}`}; top 3: ${top.length ? top.join(' | ') : 'no results'}`,
      );
    }
  }

  if (write) {
    writeFileSync('BENCHMARKS.md', spliceRelevance(readFileSync('BENCHMARKS.md', 'utf8'), results, new Date().toISOString().slice(0, 10)));
    log('wrote the relevance section of BENCHMARKS.md');
  }

  if (json !== undefined) {
    writeFileSync(
      json,
      `${JSON.stringify(
        results.engines.map(({ name, missing, outcomes }) => ({ name, missing, outcomes })),
        null,
        2,
      )}\n`,
    );
    log(`wrote ${json}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
