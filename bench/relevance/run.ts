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
import { corpusLatencyTable, measurePython, pythonSection } from './pythonRun.ts';
import { spliceSection } from '../sectionSplice.ts';
import type { QuerySet, RelevanceResults } from './types.ts';

const began = performance.now();
const log = (line: string) => console.error(`relevance [${((performance.now() - began) / 1000).toFixed(1)} s]: ${line}`);

const USAGE = `Usage: npm run bench:relevance -- [options]

The judged queries on the demo corpus (or the Python documentation), against the reference
service and the other engines.

Options:
  --corpus NAME    demo or python (the Python 3.11 documentation of Debian's python3-doc,
                   crawled by the service; ours' latency on the demo corpus beside it) (default demo)
  --engines LIST   some of ${ENGINES.map((e) => e.key).join(',')} (default: all)
  --set SET        tune, holdout or all: which queries the tables count (default all)
  --verbose        each query not answered first by ours: its class, the target's rank, ours' top 3
                   (on the Python documentation, the tune set's only)
  --json FILE      write every query's outcome on every engine
  --write          put the figures into BENCHMARKS.md (all engines, all queries)
  -h, --help       print this help
`;

function options() {
  return commandLine({ name: 'bench:relevance', invocation: 'npm run bench:relevance --', usage: USAGE }, (args) => {
    const { values } = parseArgs({
      args,
      options: {
        corpus: { type: 'string', default: 'demo' },
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
    if (!['demo', 'python'].includes(values.corpus)) throw new Error(`--corpus must be demo or python (got '${values.corpus}')`);
    if (!['tune', 'holdout', 'all'].includes(values.set)) throw new Error(`--set must be tune, holdout or all (got '${values.set}')`);
    if (values.write && (values.set !== 'all' || keys.length !== ENGINES.length))
      throw new Error('--write takes the whole set on every engine: leave out --set and --engines');
    return { corpus: values.corpus, keys, set: values.set as QuerySet | 'all', verbose: values.verbose, json: values.json, write: values.write };
  });
}

/** The Python documentation: its tables, and with `--write` its own section of BENCHMARKS.md. */
async function python(keys: string[], set: QuerySet | 'all', write: boolean): Promise<RelevanceResults | null> {
  const run = await measurePython({ engines: ENGINES.filter((e) => keys.includes(e.key)), repo: process.cwd(), install: true, log });
  if (write) {
    const section = pythonSection(run, new Date().toISOString().slice(0, 10), 'npm run bench:relevance -- --corpus python --write');
    writeFileSync('BENCHMARKS.md', spliceSection(readFileSync('BENCHMARKS.md', 'utf8'), 'Relevance on the Python documentation', section));
    log('wrote the Python documentation section of BENCHMARKS.md');
  }
  if ('missing' in run) return null;
  const { results } = run;
  console.log(`\n## Python documentation: relevance, ${set === 'all' ? 'all queries' : `the ${set} set`}\n\n${relevanceTable(results, set)}`);
  if (set === 'all') console.log(`\n## Held out\n\n${relevanceTable(results, 'holdout')}`);
  console.log(`\n## Per class\n\n${relevanceClassTable(results, set)}`);
  if (run.demo !== null) console.log(`\n## Ours' latency beside the demo corpus\n\n${corpusLatencyTable(run)}`);
  return results;
}

async function main(): Promise<void> {
  const { corpus, keys, set, verbose, json, write } = options();
  let results: RelevanceResults;
  let titles: Map<string, string>;
  if (corpus === 'python') {
    const measured = await python(keys, set, write);
    if (measured === null) return;
    results = measured;
    titles = new Map();
  } else {
    const docs = buildCorpus({ thumbBase: 'http://127.0.0.1' });
    titles = new Map(docs.map((d) => [d.url ?? '', d.title ?? '']));
    log(`${docs.length.toLocaleString('en')} documents, ${QUERIES.length} queries`);
    results = await measureRelevance({
      docs,
      queries: QUERIES,
      engines: ENGINES.filter((e) => keys.includes(e.key)),
      repo: process.cwd(),
      install: true,
      log,
    });
    demo(results, set, write);
  }

  if (verbose) {
    const ours = results.engines.find((e) => e.name === 'ours');
    // The Python set's held-out third is never listed: no ranking change may be tuned on it.
    const listed = corpus === 'python' ? 'tune' : set;
    const misses = select(ours?.outcomes ?? [], listed).filter((o) => o.rank !== 1);
    console.log(`\n## Ours below first place${listed === 'all' ? '' : `, ${listed} set`} (${misses.length})\n`);
    for (const o of misses) {
      const top = o.urls.slice(0, 3).map((url) => titles.get(url) ?? url);
      console.log(
        `- \`${o.q}\` (${o.class}): target ${o.rank === null ? 'not in the top 10' : `at ${o.rank}`}; top 3: ${top.length ? top.join(' | ') : 'no results'}`,
      );
    }
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

/** The demo corpus's tables, and with `--write` its relevance section of BENCHMARKS.md. */
function demo(results: RelevanceResults, set: QuerySet | 'all', write: boolean): void {
  console.log(`\n## Relevance, ${set === 'all' ? 'all queries' : `the ${set} set`}\n\n${relevanceTable(results, set)}`);
  console.log(`\n## Per class\n\n${relevanceClassTable(results, set)}`);
  if (results.engines.some((e) => e.name === 'ours' && e.missing === undefined)) {
    console.log(`\n## Ours, tune and holdout\n\n${relevanceSetsTable(results)}`);
  }
  if (write) {
    writeFileSync('BENCHMARKS.md', spliceRelevance(readFileSync('BENCHMARKS.md', 'utf8'), results, new Date().toISOString().slice(0, 10)));
    log('wrote the relevance section of BENCHMARKS.md');
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
