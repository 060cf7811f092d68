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
import { createDatabase, startCluster, type PostgresCluster } from '../../server/testing/postgresCluster.ts';
import { ENGINES, OURS_POSTGRES, oursOnPostgres, type EngineSpec } from './engines/index.ts';
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
  --engine WHICH   sqlite, postgres or both: the storage engine of ours; postgres runs the service on a
                   throw-away PostgreSQL cluster (or on --database-url), both puts the two in one
                   table and lists the queries whose top 10 differ between them (default sqlite)
  --database-url URL  a PostgreSQL server (a superuser's URL) to make the run's databases on,
                   instead of a throw-away cluster
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
        engine: { type: 'string', default: 'sqlite' },
        'database-url': { type: 'string' },
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
    if (!['sqlite', 'postgres', 'both'].includes(values.engine)) throw new Error(`--engine must be sqlite, postgres or both (got '${values.engine}')`);
    if (values.engine !== 'sqlite' && !keys.includes('ours')) throw new Error(`--engine ${values.engine} runs ours: add it to --engines`);
    if (values.write && (values.set !== 'all' || keys.length !== ENGINES.length))
      throw new Error('--write takes the whole set on every engine: leave out --set and --engines');
    const engine = values.engine as 'sqlite' | 'postgres' | 'both';
    return {
      corpus: values.corpus,
      keys,
      engine,
      databaseUrl: values['database-url'],
      set: values.set as QuerySet | 'all',
      verbose: values.verbose,
      json: values.json,
      write: values.write,
    };
  });
}

/**
 * The engines to run: ours on SQLite, on PostgreSQL (in its place), or both, beside the
 * others asked for. PostgreSQL is a throw-away cluster unless a server's URL is given.
 */
async function engineSpecs(
  keys: readonly string[],
  engine: 'sqlite' | 'postgres' | 'both',
  databaseUrl: string | undefined,
): Promise<{ specs: EngineSpec[]; stop: () => void }> {
  const asked = ENGINES.filter((e) => keys.includes(e.key));
  if (engine === 'sqlite') return { specs: asked, stop: () => {} };
  let cluster: PostgresCluster | null = null;
  if (databaseUrl === undefined) {
    cluster = await startCluster();
    log('PostgreSQL: a throw-away cluster started');
  }
  // Through the cluster's socket, as a service on the database's host connects (docs/reference-service.md).
  const postgres = oursOnPostgres(databaseUrl ?? cluster!.socketUrl, createDatabase);
  const specs = asked.flatMap((e) => (e.key !== 'ours' ? [e] : engine === 'both' ? [e, postgres] : [postgres]));
  return { specs, stop: () => cluster?.stop() };
}

/** With both storage engines: the queries whose top 10 differ, with the first target's rank on each. */
function engineDifferences(results: RelevanceResults, titles: ReadonlyMap<string, string>, listed: QuerySet | 'all'): void {
  const sqlite = results.engines.find((e) => e.name === 'ours' && e.missing === undefined);
  const postgres = results.engines.find((e) => e.name === OURS_POSTGRES && e.missing === undefined);
  if (sqlite === undefined || postgres === undefined) return;
  const differ = sqlite.outcomes.flatMap((a, i) => {
    const b = postgres.outcomes[i]!;
    return a.urls.join('\n') === b.urls.join('\n') ? [] : [{ a, b }];
  });
  const shown = select(
    differ.map(({ a }) => a),
    listed,
  );
  const ranked = differ.filter(({ a, b }) => a.rank !== b.rank).length;
  console.log(
    `\n## SQLite and PostgreSQL: ${differ.length} of ${sqlite.outcomes.length} queries with another top 10, ${ranked} with the first target at another rank${listed === 'all' ? '' : ` (listed: the ${listed} set's ${shown.length})`}\n`,
  );
  const name = (url: string) => titles.get(url) ?? url;
  for (const { a, b } of differ.filter(({ a }) => shown.includes(a))) {
    const at = (rank: number | null) => (rank === null ? '-' : String(rank));
    const first = a.urls.findIndex((url, i) => b.urls[i] !== url);
    console.log(
      `- \`${a.q}\` (${a.class}): target at ${at(a.rank)} on SQLite, ${at(b.rank)} on PostgreSQL; from place ${first + 1}: ${a.urls
        .slice(first, first + 3)
        .map(name)
        .join(' | ')} / ${b.urls
        .slice(first, first + 3)
        .map(name)
        .join(' | ')}`,
    );
  }
}

/** The Python documentation: its tables, and with `--write` its own section of BENCHMARKS.md. */
async function python(engines: readonly EngineSpec[], set: QuerySet | 'all', write: boolean): Promise<RelevanceResults | null> {
  const run = await measurePython({ engines, repo: process.cwd(), install: true, log });
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
  const { corpus, keys, engine, databaseUrl, set, verbose, json, write } = options();
  const { specs, stop } = await engineSpecs(keys, engine, databaseUrl);
  try {
    await report(corpus, specs, set, verbose, json, write);
  } finally {
    stop();
  }
}

async function report(
  corpus: string,
  engines: readonly EngineSpec[],
  set: QuerySet | 'all',
  verbose: boolean,
  json: string | undefined,
  write: boolean,
): Promise<void> {
  let results: RelevanceResults;
  let titles: Map<string, string>;
  if (corpus === 'python') {
    const measured = await python(engines, set, write);
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
      engines,
      repo: process.cwd(),
      install: true,
      log,
    });
    demo(results, set, write);
  }
  // The Python set's held-out third is never listed: no ranking change may be tuned on it.
  const listed = corpus === 'python' ? 'tune' : set;
  engineDifferences(results, titles, listed);

  if (verbose) {
    const ours = results.engines.find((e) => e.name === 'ours');
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
