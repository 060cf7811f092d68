/**
 * Several nodes: search latency and throughput of one and two service processes on one
 * PostgreSQL database beside one process on SQLite, at the same number of documents, and
 * how long a write acknowledged by one node takes to be searchable through the other.
 * PostgreSQL runs as a throw-away cluster on this machine, so on two cores the database,
 * the service processes and the load generator share the same CPUs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createDatabase, startCluster } from '../server/testing/postgresCluster.ts';
import type { CorpusVariants } from './corpusVariants.ts';
import { COMMON_WORDS } from './searchLatency.ts';
import { searchLoad, type LoadRow } from './searchLoad.ts';
import { indexRange } from './serviceBench.ts';
import { startService, type ServiceProcess } from './serviceProcess.ts';
import { scaleMethod } from './method.ts';
import { spliceSection } from './sectionSplice.ts';
import { count, median, ms, percentile, table } from './stats.ts';

/** How long a service is left alone after an import before it is timed. */
const SETTLE_MS = 3_000;
/**
 * PostgreSQL's buffers as docs/reference-service.md advises for these indices (their
 * tables and indexes exceed the default 128 MB at 100,000 documents), as the SQLite
 * engine caches 64 MB and maps 256 MB of its file; every other setting is the default.
 */
const SHARED_BUFFERS = '1GB';

export interface ScaleRow {
  setup: string;
  /** Documents indexed per second through the batch endpoint (first node only). */
  indexing: number | null;
  /** Term-only searches one at a time, milliseconds. */
  p50: number;
  p95: number;
  /** 64 connections of faceted searches, spread evenly over the nodes. */
  load: LoadRow;
}

/** Term-only searches a second on the SQLite service with a number of reader threads. */
export interface ThreadsRow {
  /** `--search-threads`. */
  threads: number;
  load: LoadRow;
}

/** One search at a time, by kind of query, on each engine at one size of the index. */
export interface KindRow {
  documents: number;
  kind: string;
  sqlite: { p50: number; p95: number };
  postgres: { p50: number; p95: number };
}

export interface ScaleResults {
  documents: number;
  seconds: number;
  /** PostgreSQL's shared_buffers; absent in older result files, which ran at the default. */
  sharedBuffers?: string;
  /** How the services reach PostgreSQL; absent in older result files, which connected over loopback TCP. */
  connection?: 'unix socket';
  rows: ScaleRow[];
  /** By kind of query, at the demo corpus's size and at `documents`. */
  kinds?: KindRow[];
  /** One reader thread, then the default (one per core). */
  threads?: ThreadsRow[];
  /** Milliseconds from a write's 202 on one node to the document found by a search on the other. */
  visibility: number[];
}

const CONNECTIONS = 64;
/** Kinds of query timed one at a time on both engines: the parameters for a word. */
const KINDS: ReadonlyArray<[string, (word: string) => Record<string, string>]> = [
  ['term only', (word) => ({ term: word, postfixWildcard: 'false' })],
  ['prefix (4 letters, as typed)', (word) => ({ term: word.slice(0, 4) })],
  ['fuzzy', (word) => ({ term: word, fuzzy: 'true' })],
  [
    'faceted',
    (word) => ({
      term: word,
      facet: 'custom_fields.area',
      rangeFacets: JSON.stringify([{ field: 'custom_fields.first_year', ranges: [{ to: 2015 }, { from: 2015 }] }]),
    }),
  ],
  ['very common words', (word) => ({ term: word, postfixWildcard: 'false' })],
];
/** Connections of term-only searches that compare reader thread counts. */
const THREAD_CONNECTIONS = 32;
const VISIBILITY_SAMPLES = 20;

export async function measureScale(options: {
  repo: string;
  corpus: CorpusVariants;
  documents: number;
  words: readonly string[];
  /** The corpus's most common words, searched as a kind of their own. */
  commonWords: readonly string[];
  /** The demo corpus's size: the first documents of `corpus`, timed by kind before the rest is indexed. */
  demoDocuments: number;
  seconds: number;
  log: (line: string) => void;
}): Promise<ScaleResults> {
  const { repo, corpus, documents, words, commonWords, seconds, log } = options;
  const demoDocuments = Math.min(options.demoDocuments, documents);
  const kindWords = (kind: string) => (kind === 'very common words' ? commonWords : words);
  const folder = mkdtempSync(join(tmpdir(), 'site-search-scale-'));
  const rows: ScaleRow[] = [];
  const running: ServiceProcess[] = [];
  const start = async (name: string, args: string[] = []) => {
    const service = await startService(join(folder, name), repo, args);
    running.push(service);
    return service;
  };
  const cluster = await startCluster({ durable: true, sharedBuffers: SHARED_BUFFERS });
  try {
    // Both engines are loaded side by side, each import alone, and the kinds are timed
    // on both in turns, word by word: whatever else the machine does then weighs on both.
    log(`scale: SQLite and PostgreSQL, 1 process each, ${count(documents)} documents`);
    const sqlite = await start('sqlite');
    // The services connect as on the database's own host: through its Unix socket.
    const url = await createDatabase(cluster.socketUrl, 'scale');
    const first = await start('pg-a', ['--database-url', url]);
    const importSeconds = (service: ServiceProcess) => indexRange(service, corpus, 0, demoDocuments, log).then((run) => run.seconds);
    const demoSeconds = [await importSeconds(sqlite), await importSeconds(first)];
    // The imports' work in the background (statistics, vacuum, checkpoints) ends before
    // searches are timed one at a time, as at full size after the load.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const small = await measureKinds([sqlite, first], kindWords);
    const restSeconds = async (service: ServiceProcess) =>
      documents > demoDocuments ? (await indexRange(service, corpus, demoDocuments, documents, log)).seconds : 0;
    const perSecond = [documents / (demoSeconds[0]! + (await restSeconds(sqlite))), documents / (demoSeconds[1]! + (await restSeconds(first)))];
    await settled(url, log);
    const loads = [await loadOf([sqlite], words, seconds), await loadOf([first], words, seconds)];
    // At full size the kinds are timed after the loads, as a database settles after a bulk
    // import (statistics, vacuum) before it serves alone; the loads' own work in the
    // background (their events, checkpoints) ends first.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    await settled(url, log);
    const large = documents > demoDocuments ? await measureKinds([sqlite, first], kindWords) : small;
    await sqlite.stop();
    // One process's term-only searches one at a time are the kind's, timed on both engines
    // in turns: timed apart, each engine while the other's service was idle or just loaded,
    // PostgreSQL's p50 went from 1.14× to 1.60× SQLite's between runs of the same code.
    const termOnly = (times: KindTimes) => times.get(KINDS[0]![0])!;
    rows.push({ setup: 'SQLite, 1 process', indexing: perSecond[0]!, ...termOnly(large[0]!), load: loads[0]! });
    rows.push({ setup: 'PostgreSQL, 1 process', indexing: perSecond[1]!, ...termOnly(large[1]!), load: loads[1]! });

    const threads: ThreadsRow[] = [];
    for (const threadCount of [1, availableParallelism()]) {
      log(`scale: SQLite, ${threadCount} search thread(s), ${THREAD_CONNECTIONS} connections of term-only searches`);
      const service = await start('sqlite', ['--search-threads', String(threadCount)]);
      await searchLoad(service.baseUrl, words, THREAD_CONNECTIONS, 1, false);
      threads.push({ threads: threadCount, load: await searchLoad(service.baseUrl, words, THREAD_CONNECTIONS, seconds, false) });
      await service.stop();
    }

    log('scale: PostgreSQL, 2 processes');
    const second = await start('pg-b', ['--database-url', url]);
    rows.push(await measureNodes('PostgreSQL, 2 processes', null, [first, second], words, seconds));
    log('scale: a write on one node, searched on the other');
    const visibility = await measureVisibility(first, second);
    const kinds = [...kindRows(demoDocuments, small), ...(documents > demoDocuments ? kindRows(documents, large) : [])];
    return { documents, seconds, sharedBuffers: SHARED_BUFFERS, connection: 'unix socket', rows, kinds, threads, visibility };
  } finally {
    await Promise.all(running.map((service) => service.stop()));
    cluster.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

/** How long the background work of an import may take before the benchmark gives up waiting. */
const SETTLED_MAX_MS = 180_000;

/**
 * Waits for PostgreSQL's work after an import to end before searches are timed, on either
 * engine (they share the cores): the vacuum the service starts after a large write (it
 * reads every page of the tables once, over a gigabyte at 100,000 documents), any
 * autovacuum, then a checkpoint, so none lands in the middle of the timed searches.
 */
async function settled(url: string, log: (line: string) => void): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = performance.now();
    const busy = async () =>
      (
        await client.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE pid <> pg_backend_pid() AND (backend_type = 'autovacuum worker' OR (state = 'active' AND query ILIKE 'vacuum%'))`,
        )
      ).rows[0]!.n > 0;
    while ((await busy()) && performance.now() - started < SETTLED_MAX_MS) await new Promise((resolve) => setTimeout(resolve, 250));
    await client.query('CHECKPOINT');
    log(`scale: PostgreSQL's vacuum and checkpoint done after ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await client.end();
  }
}

/**
 * Searches timed per kind and engine, after a warm-up pass over the kind's words: as many
 * passes over them as it takes. Timed once each, the 40 very common words gave a p95 of two
 * answers, and two runs of the same code differed by as much as PostgreSQL from SQLite;
 * at 120 (three passes) a run's p95 still went from 1.5× to 3.7× SQLite's and back, its
 * 6 slowest answers. 600 are three passes over the 200 words of the other kinds.
 */
const TIMED_SEARCHES = 600;

/** Timed passes over `words` for TIMED_SEARCHES searches at least. */
function timedPasses(words: number): number {
  return Math.ceil(TIMED_SEARCHES / Math.max(words, 1));
}

type KindTimes = Map<string, { p50: number; p95: number }>;

/**
 * Each kind of query one at a time, after a warm-up pass: p50 and p95 by kind, for each
 * service. The services answer each word in turn, which of them first alternating.
 */
async function measureKinds(services: readonly ServiceProcess[], wordsOf: (kind: string) => readonly string[]): Promise<KindTimes[]> {
  const found = services.map((): KindTimes => new Map());
  for (const [kind, parameters] of KINDS) {
    const times = services.map((): number[] => []);
    const words = wordsOf(kind);
    for (let pass = 0; pass <= timedPasses(words.length); pass++) {
      for (const [i, word] of words.entries()) {
        for (let turn = 0; turn < services.length; turn++) {
          const which = (turn + i + pass) % services.length;
          const t0 = performance.now();
          const response = await fetch(`${services[which]!.baseUrl}/v1/search/demo?${new URLSearchParams(parameters(word))}`);
          await response.arrayBuffer();
          if (!response.ok) throw new Error(`${kind}: "${word}" answered ${response.status}`);
          if (pass > 0) times[which]!.push(performance.now() - t0);
        }
      }
    }
    times.forEach((list, which) => found[which]!.set(kind, { p50: percentile(list, 50), p95: percentile(list, 95) }));
  }
  return found;
}

function kindRows(documents: number, [sqlite, postgres]: readonly KindTimes[]): KindRow[] {
  return KINDS.map(([kind]) => ({ documents, kind, sqlite: sqlite!.get(kind)!, postgres: postgres!.get(kind)! }));
}

/** Latency one search at a time on the first node, then the load spread over all of them. */
async function measureNodes(
  setup: string,
  indexing: number | null,
  nodes: readonly ServiceProcess[],
  words: readonly string[],
  seconds: number,
): Promise<ScaleRow> {
  const times: number[] = [];
  for (const pass of [0, 1]) {
    for (const word of words) {
      const t0 = performance.now();
      const response = await fetch(`${nodes[0]!.baseUrl}/v1/search/demo?term=${encodeURIComponent(word)}&postfixWildcard=false`);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${setup}: "${word}" answered ${response.status}`);
      if (pass === 1) times.push(performance.now() - t0);
    }
  }
  return { setup, indexing, p50: percentile(times, 50), p95: percentile(times, 95), load: await loadOf(nodes, words, seconds) };
}

/** CONNECTIONS of faceted searches for `seconds`, spread evenly over `nodes`, as one load. */
async function loadOf(nodes: readonly ServiceProcess[], words: readonly string[], seconds: number): Promise<LoadRow> {
  return combined(await Promise.all(nodes.map((node) => searchLoad(node.baseUrl, words, CONNECTIONS / nodes.length, seconds))));
}

/** Several nodes' loads as one: counts and throughputs add up; percentiles are the worst node's. */
function combined(loads: readonly LoadRow[]): LoadRow {
  const sum = (key: 'requests' | 'throughput' | 'refused' | 'errors') => loads.reduce((total, load) => total + load[key], 0);
  return {
    connections: loads.reduce((total, load) => total + load.connections, 0),
    requests: sum('requests'),
    throughput: sum('throughput'),
    p50: Math.max(...loads.map((load) => load.p50)),
    p99: Math.max(...loads.map((load) => load.p99)),
    refused: sum('refused'),
    errors: sum('errors'),
  };
}

async function measureVisibility(writer: ServiceProcess, reader: ServiceProcess): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < VISIBILITY_SAMPLES; i++) {
    const word = `visibilityprobe${i}x${Date.now().toString(36)}`;
    const response = await fetch(`${writer.baseUrl}/v2/indices/demo/documents/probe-${i}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from('demo:demo-secret').toString('base64')}` },
      body: JSON.stringify({ url: `https://example.com/probe/${i}`, title: `Probe ${word}`, main_content: word }),
    });
    if (response.status !== 202) throw new Error(`the probe write answered ${response.status}`);
    const acknowledged = performance.now();
    for (;;) {
      const found = (await (await fetch(`${reader.baseUrl}/v1/search/demo?term=${word}`)).json()) as { total_hits: number };
      if (found.total_hits > 0) break;
      if (performance.now() - acknowledged > 10_000) throw new Error('a write was not seen on the other node within 10 s');
    }
    samples.push(performance.now() - acknowledged);
  }
  return samples;
}

export function scaleTable(results: ScaleResults): string {
  const visibility = `A write acknowledged by one node was found by a search on the other after **${ms(median(results.visibility))} ms** (median of ${results.visibility.length}; the slowest ${ms(Math.max(...results.visibility))} ms; the target is under 1 s).`;
  const rows = results.rows.map((row) => [
    row.setup,
    row.indexing === null ? '–' : count(row.indexing),
    ms(row.p50),
    ms(row.p95),
    count(row.load.throughput),
    ms(row.load.p50),
    ms(row.load.p99),
    count(row.load.refused),
    count(row.load.errors),
  ]);
  const sqlite = results.rows[0];
  const pgRatio = (row: ScaleRow | undefined) =>
    row === undefined || sqlite === undefined
      ? ''
      : `\n\nOne search at a time, PostgreSQL's p50 is ${(row.p50 / sqlite.p50).toFixed(2)}× SQLite's and its p95 ${(row.p95 / sqlite.p95).toFixed(2)}× (the target is 1.5×).`;
  const threads = results.threads ?? [];
  const one = threads[0];
  const threadRows = threads.map((row) => [
    String(row.threads),
    count(row.load.throughput),
    one === undefined ? '' : `${(row.load.throughput / one.load.throughput).toFixed(2)}×`,
    ms(row.load.p50),
    ms(row.load.p99),
    count(row.load.refused),
    count(row.load.errors),
  ]);
  const threadTable =
    threads.length === 0
      ? ''
      : `\n\nSearches a second by reader threads (\`--search-threads\`), SQLite, ${THREAD_CONNECTIONS} connections of term-only searches:\n\n${table(['threads', 'searches/s', 'vs 1 thread', 'p50 ms', 'p99 ms', '503', 'errors'], threadRows)}\n\nThe 503s are the read lane's bound (\`overload.maxInFlight\`, 16) turning away what could not be taken at once. Here the event loop, both reader threads and the load generator share two cores. On 16 cores the default starts 16 threads: expect searches a second to grow with them until the event loop's own share of each request (HTTP, the JSON of the answer, the hand-off to a thread) fills its core, and raise \`overload.maxInFlight\` with the threads so the lane does not turn work away first.`;
  const kindTable =
    results.kinds === undefined || results.kinds.length === 0
      ? ''
      : `\n\nOne search at a time by kind of query (${TIMED_SEARCHES} of each kind on each engine, in passes over its words after a warm-up pass, ${timedPasses(COMMON_WORDS)} over the ${COMMON_WORDS} very common words; each word asked of SQLite and of PostgreSQL in turn, 1 process each, both running), at the demo corpus's size (${SETTLE_MS / 1000} s after its import) and at ${count(results.documents)} documents (${SETTLE_MS / 1000} s after the load above, then once PostgreSQL's vacuum and a checkpoint are done):\n\n${table(
          ['documents', 'kind', 'SQLite p50 ms', 'p95 ms', 'PostgreSQL p50 ms', 'p95 ms', 'ratio p50', 'ratio p95'],
          results.kinds.map((row) => [
            count(row.documents),
            row.kind,
            ms(row.sqlite.p50),
            ms(row.sqlite.p95),
            ms(row.postgres.p50),
            ms(row.postgres.p95),
            `${(row.postgres.p50 / row.sqlite.p50).toFixed(2)}×`,
            `${(row.postgres.p95 / row.sqlite.p95).toFixed(2)}×`,
          ]),
          2,
        )}`;
  return `${table(['setup', 'indexing docs/s', 'term-only p50 ms', 'p95 ms', `${CONNECTIONS} conns: searches/s`, 'p50 ms', 'p99 ms', '503', 'errors'], rows)}${pgRatio(results.rows[1])}${kindTable}\n\n${visibility}${threadTable}`;
}

/** BENCHMARKS.md with its "## Several nodes" section replaced by `results`; the rest as the last full run wrote it. */
export function spliceScale(report: string, results: ScaleResults, date: string): string {
  const note = `*This section comes from \`npm run bench:scale -- --write\` on ${date}; the other sections are from the full run above, and the next full run writes them all.*`;
  return spliceSection(report, 'Several nodes', `## Several nodes\n\n${note}\n\n${scaleMethod(results, scaleTable(results))}\n`);
}
