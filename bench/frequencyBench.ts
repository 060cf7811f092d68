/**
 * Search cost by word frequency: searches of words held by a rare few documents, 1-2%,
 * 10%, 25% and 50% of them, one word and two, one at a time (p50, p95) and at 16
 * connections (searches/s), on SQLite with one and two reader threads and on PostgreSQL.
 * A search's cost should grow with its page and its pool, not with its matches: these
 * rows show when it does not (`npm run bench:frequency`, and `npm run bench`). The setups
 * run side by side and every row is measured in several rounds taken in turn, so a figure
 * is a median over the run rather than one window's luck. Each run is compared with the
 * figures the last one wrote, and a row more than 25% slower gets a warning line.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCorpus } from '../demo/corpus/build.ts';
import { indexDocuments } from '../demo/indexDocuments.ts';
import { createDatabase, postgresBin, startCluster } from '../server/testing/postgresCluster.ts';
import { loadEnvironment } from '../server/testing/serviceLoad.ts';
import { corpusVariants } from './corpusVariants.ts';
import { crawlSite, lengthSummary, PYTHON_DOCS_MISSING, pythonDocsFolder, serveSite, siteDocuments } from './relevance/pythonSite.ts';
import { indexRange } from './serviceBench.ts';
import { searchLoad } from './searchLoad.ts';
import { startService, type ServiceProcess } from './serviceProcess.ts';
import { median, percentile } from './stats.ts';

/** The bands, by share of the documents holding the word. */
export const BANDS: ReadonlyArray<{ name: string; from: number; to: number }> = [
  { name: 'rare', from: 0, to: 0.002 },
  { name: '1-2%', from: 0.01, to: 0.02 },
  { name: '10%', from: 0.08, to: 0.12 },
  { name: '25%', from: 0.2, to: 0.3 },
  { name: '50%', from: 0.4, to: 0.6 },
];

/** Words searched per band and kind: enough to even out one word's luck, few enough for a run of minutes. */
export const WORDS_PER_BAND = 6;

export interface FrequencyQuery {
  band: string;
  /** `1 word` or `2 words`. */
  kind: string;
  terms: string[];
}

/**
 * The queries of every band: words of four letters or more (title or content), the
 * words of a band taken evenly from its range; two-word queries join a band's word to
 * the next one of the same band.
 */
export function frequencyQueries(documents: ReadonlyArray<{ title?: string | null; main_content?: string | null }>): FrequencyQuery[] {
  const holders = new Map<string, number>();
  for (const document of documents) {
    for (const word of new Set(`${document.title ?? ''} ${document.main_content ?? ''}`.toLowerCase().split(/[^a-z]+/))) {
      if (word.length >= 4) holders.set(word, (holders.get(word) ?? 0) + 1);
    }
  }
  const queries: FrequencyQuery[] = [];
  for (const band of BANDS) {
    const words = [...holders]
      .filter(([, n]) => n >= 2 && n / documents.length >= band.from && n / documents.length <= band.to)
      .sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1))
      .map(([word]) => word);
    const picked = evenly(words, WORDS_PER_BAND + 1);
    if (picked.length > 0) queries.push({ band: band.name, kind: '1 word', terms: picked.slice(0, WORDS_PER_BAND) });
    if (picked.length > 1) queries.push({ band: band.name, kind: '2 words', terms: picked.slice(0, -1).map((word, i) => `${word} ${picked[i + 1]}`) });
  }
  return queries;
}

/** `count` items spread evenly over `items`, in order. */
function evenly<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  return Array.from({ length: count }, (_, i) => items[Math.floor((i * (items.length - 1)) / (count - 1))]!);
}

export interface FrequencyRow {
  setup: string;
  band: string;
  kind: string;
  /** Matches of the band's queries, median. */
  matches: number;
  /** Of every timed search of the row, all rounds together. */
  p50: number;
  p95: number;
  /** Searches answered per second at LOAD_CONNECTIONS connections: the median of the rounds' windows. */
  throughput: number;
  /** The rounds' own p50s, lowest and highest: how far one round strays from the others. */
  p50Spread?: readonly [number, number];
  /** The rounds' own searches/s, lowest and highest. */
  throughputSpread?: readonly [number, number];
}

/** The connections of the throughput column. */
export const LOAD_CONNECTIONS = 16;

/** Each of `terms` searched `repeats` times one at a time: the times, and each term's matches. */
export async function timeQueries(baseUrl: string, terms: readonly string[], repeats: number): Promise<{ times: number[]; matches: number[] }> {
  const times: number[] = [];
  const matches: number[] = [];
  for (let repeat = 0; repeat < repeats; repeat++) {
    for (const term of terms) {
      const url = `${baseUrl}/v1/search/demo?${new URLSearchParams({ term, postfixWildcard: 'false', collectAnalytics: 'false' })}`;
      // The last row's load may still be draining: the service sheds (503) until it is done.
      for (let wait = 0; wait < 50 && (await fetch(url)).status === 503; wait++) await new Promise((resolve) => setTimeout(resolve, 200));
      const t0 = performance.now();
      const response = await fetch(url);
      const body = (await response.json()) as { total_hits?: number };
      if (!response.ok) throw new Error(`"${term}" answered ${response.status}`);
      times.push(performance.now() - t0);
      if (repeat === 0) matches.push(body.total_hits ?? 0);
    }
  }
  return { times, matches };
}

/** What one row gathered over the rounds. */
export interface RowSamples {
  /** Each round's one-at-a-time times. */
  rounds: number[][];
  /** Each round's searches/s under load. */
  throughputs: number[];
  matches: number[];
}

/** A row's figures from its rounds: p50 and p95 of all its times, the median window's searches/s, and the rounds' spread. */
export function rowFigures(samples: RowSamples): Pick<FrequencyRow, 'matches' | 'p50' | 'p95' | 'throughput' | 'p50Spread' | 'throughputSpread'> {
  const all = samples.rounds.flat();
  const roundP50s = samples.rounds.map((times) => percentile(times, 50));
  return {
    matches: percentile(samples.matches, 50),
    p50: percentile(all, 50),
    p95: percentile(all, 95),
    throughput: median(samples.throughputs),
    p50Spread: [Math.min(...roundP50s), Math.max(...roundP50s)],
    throughputSpread: [Math.min(...samples.throughputs), Math.max(...samples.throughputs)],
  };
}

const HEADER =
  '| setup | words held by | query | matches | p50 ms | p50 of a round, min–max | p95 ms | searches/s at 16 connections | searches/s of a round, min–max |';
const HEADER_BEFORE = '| setup | words held by | query | matches | p50 ms | p95 ms | searches/s at 16 connections |';

const spread = (range: readonly [number, number] | undefined, digits: number) =>
  range === undefined ? '–' : `${range[0].toFixed(digits)}–${range[1].toFixed(digits)}`;

export function frequencyTable(rows: readonly FrequencyRow[]): string {
  const lines = [HEADER, '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |'];
  for (const r of rows) {
    lines.push(
      `| ${r.setup} | ${r.band} | ${r.kind} | ${Math.round(r.matches)} | ${r.p50.toFixed(2)} | ${spread(r.p50Spread, 2)} | ${r.p95.toFixed(2)} | ${Math.round(r.throughput)} | ${spread(r.throughputSpread, 0)} |`,
    );
  }
  return lines.join('\n');
}

/** The rows of a table `frequencyTable` wrote (in BENCHMARKS.md), or of the table before it had the spread columns, or none. */
export function readFrequencyTable(text: string): FrequencyRow[] {
  const withSpread = text.indexOf(HEADER);
  const start = withSpread >= 0 ? withSpread : text.indexOf(HEADER_BEFORE);
  if (start < 0) return [];
  const rows: FrequencyRow[] = [];
  const range = (cell: string | undefined): [number, number] | undefined => {
    const m = /^([\d.]+)–([\d.]+)$/.exec(cell ?? '');
    return m === null ? undefined : [Number(m[1]), Number(m[2])];
  };
  for (const line of text.slice(start).split('\n').slice(2)) {
    const cells = line.split('|').map((cell) => cell.trim());
    if (!line.startsWith('|') || cells.length < (withSpread >= 0 ? 11 : 9)) break;
    if (withSpread >= 0) {
      const [, setup, band, kind, matches, p50, p50Spread, p95, throughput, throughputSpread] = cells;
      const p50Range = range(p50Spread);
      const throughputRange = range(throughputSpread);
      rows.push({
        setup: setup!,
        band: band!,
        kind: kind!,
        matches: Number(matches),
        p50: Number(p50),
        p95: Number(p95),
        throughput: Number(throughput),
        ...(p50Range !== undefined && { p50Spread: p50Range }),
        ...(throughputRange !== undefined && { throughputSpread: throughputRange }),
      });
    } else {
      const [, setup, band, kind, matches, p50, p95, throughput] = cells;
      rows.push({ setup: setup!, band: band!, kind: kind!, matches: Number(matches), p50: Number(p50), p95: Number(p95), throughput: Number(throughput) });
    }
  }
  return rows;
}

/** How much worse than the last written figures a row may get before a warning. */
export const WORSE_BY = 0.25;

/**
 * A warning line for each row more than WORSE_BY slower (p50, p95) or lower in
 * throughput than the same row before. The figures compared are the medians of rounds
 * (p50 and p95 of all rounds' times, the median round's searches/s), which a single
 * slow round does not move; the line gives the new rounds' spread beside them.
 */
export function worseRows(previous: readonly FrequencyRow[], current: readonly FrequencyRow[]): string[] {
  const lines: string[] = [];
  for (const row of current) {
    const before = previous.find((p) => p.setup === row.setup && p.band === row.band && p.kind === row.kind);
    if (before === undefined) continue;
    const worse: string[] = [];
    const rounds = (range: readonly [number, number] | undefined, digits: number, unit: string) =>
      range === undefined ? '' : ` (rounds ${spread(range, digits)}${unit})`;
    if (row.p50 > before.p50 * (1 + WORSE_BY)) worse.push(`p50 ${before.p50.toFixed(2)} -> ${row.p50.toFixed(2)} ms${rounds(row.p50Spread, 2, ' ms')}`);
    if (row.p95 > before.p95 * (1 + WORSE_BY)) worse.push(`p95 ${before.p95.toFixed(2)} -> ${row.p95.toFixed(2)} ms`);
    if (row.throughput < before.throughput / (1 + WORSE_BY))
      worse.push(`${Math.round(before.throughput)} -> ${Math.round(row.throughput)} searches/s${rounds(row.throughputSpread, 0, '/s')}`);
    if (worse.length > 0)
      lines.push(`WARNING: ${row.setup}, ${row.band}, ${row.kind}: more than 25% worse than the last written figures (${worse.join(', ')})`);
  }
  return lines;
}

export const FREQUENCY_HEADING = 'Search cost by word frequency';
/**
 * Timed rounds. Each round takes every row once, the setups of a row back to back (in a
 * turning order), so the machine's drift over the run falls on every row and setup alike;
 * one untimed round before them warms each service up.
 */
export const ROUNDS = 8;
/**
 * The quick run's rounds (`npm run bench -- --quick`): the demo corpus's rows in about a
 * quarter of the time, each figure then from fewer samples.
 */
export const QUICK_ROUNDS = 2;
/** Each band's words searched this many times one at a time in a round. */
const REPEATS = 2;
/** Seconds of load per row and round, and in the warm-up round. */
const LOAD_SECONDS = 1;
const WARM_UP_LOAD_SECONDS = 0.5;

/** The corpora besides the demo's, each on SQLite with the default two reader threads. */
export interface FrequencyCorpora {
  /** The long-page corpus (the Python documentation, crawled), when installed. */
  longPages: boolean;
  /** Documents of the generated large corpus (corpusVariants.ts); 0 for none. */
  largeDocuments: number;
}

export const DEFAULT_CORPORA: FrequencyCorpora = { longPages: true, largeDocuments: 100_000 };

/** The setup names of the other corpora's rows: the demo corpus's SQLite setup, and the corpus. */
export const LONG_PAGES_SETUP = 'SQLite, 2 threads, long pages';
export const largeSetup = (documents: number) => `SQLite, 2 threads, ${documents.toLocaleString('en')} documents`;
/** largeSetup's names, read back: the count as written. */
const LARGE_SETUP = /^SQLite, 2 threads, ([\d,]+) documents$/;
/** The demo corpus's row the other corpora are held against. */
export const DEMO_SETUP = 'SQLite, 2 threads';

/** Services on one corpus, and the queries of its own bands. */
interface CorpusRun {
  queries: FrequencyQuery[];
  services: Array<{ setup: string; service: ServiceProcess }>;
}

/** The section's rows, measured; `log` tells the progress. */
export async function measureFrequency(
  repo: string,
  log: (line: string) => void,
  corpora: FrequencyCorpora = DEFAULT_CORPORA,
  rounds: number = ROUNDS,
): Promise<FrequencyRow[]> {
  const documents = buildCorpus({ thumbBase: 'http://127.0.0.1' });
  const folder = mkdtempSync(join(tmpdir(), 'site-search-frequency-'));
  const index = (service: ServiceProcess) => indexDocuments({ baseUrl: service.baseUrl, siteKey: 'demo', secret: 'demo-secret', documents, log: () => {} });
  const runs: CorpusRun[] = [];
  const all = () => runs.flatMap((run) => run.services);
  let cluster: Awaited<ReturnType<typeof startCluster>> | null = null;
  try {
    const demo: CorpusRun = { queries: frequencyQueries(documents), services: [] };
    runs.push(demo);
    // Indexed once, then a copy of the folder for each thread count: both services run for the whole run.
    const sqliteData = join(folder, 'sqlite-1');
    const indexing = await startService(sqliteData, repo);
    try {
      await index(indexing);
    } finally {
      await indexing.stop();
    }
    cpSync(sqliteData, join(folder, 'sqlite-2'), { recursive: true });
    for (const threads of [1, 2]) {
      const service = await startService(join(folder, `sqlite-${threads}`), repo, ['--search-threads', String(threads)]);
      demo.services.push({ setup: `SQLite, ${threads} thread${threads === 1 ? '' : 's'}`, service });
    }
    if (postgresBin() === null) log('PostgreSQL: not installed, not measured');
    else {
      cluster = await startCluster();
      const url = await createDatabase(cluster.socketUrl, 'frequency');
      const service = await startService(join(folder, 'postgres'), repo, ['--database-url', url]);
      demo.services.push({ setup: 'PostgreSQL', service });
      await index(service);
    }
    log(`demo corpus: ${demo.services.length} setups indexed`);
    if (corpora.longPages) {
      const long = await longPagesRun(join(folder, 'long-pages'), repo, log);
      if (long !== null) runs.push(long);
    }
    if (corpora.largeDocuments > 0) runs.push(await largeRun(join(folder, 'large'), repo, corpora.largeDocuments, log));
    log(`${all().length} setups ready; a warm-up round, then ${rounds} rounds`);
    const samples = new Map<string, RowSamples>();
    const key = (setup: string, query: FrequencyQuery) => `${setup}\u0000${query.band}\u0000${query.kind}`;
    for (let round = 0; round <= rounds; round++) {
      for (const { queries, services } of runs) {
        for (const query of queries) {
          for (let s = 0; s < services.length; s++) {
            const { setup, service } = services[(s + round) % services.length]!;
            const timed = await timeQueries(service.baseUrl, query.terms, round === 0 ? 1 : REPEATS);
            const load = await searchLoad(service.baseUrl, query.terms, LOAD_CONNECTIONS, round === 0 ? WARM_UP_LOAD_SECONDS : LOAD_SECONDS, false);
            if (round === 0) continue;
            const row = samples.get(key(setup, query)) ?? { rounds: [], throughputs: [], matches: timed.matches };
            row.rounds.push(timed.times);
            row.throughputs.push(load.throughput);
            samples.set(key(setup, query), row);
          }
        }
      }
      log(round === 0 ? 'warm-up round done' : `round ${round} of ${rounds} done`);
    }
    const rows: FrequencyRow[] = [];
    for (const { queries, services } of runs) {
      for (const { setup } of services) {
        for (const query of queries) {
          const row = { setup, band: query.band, kind: query.kind, ...rowFigures(samples.get(key(setup, query))!) };
          rows.push(row);
          log(
            `${setup}, ${query.band}, ${query.kind}: p50 ${row.p50.toFixed(2)} ms (rounds ${spread(row.p50Spread, 2)}), ${Math.round(row.throughput)}/s (rounds ${spread(row.throughputSpread, 0)})`,
          );
        }
      }
    }
    return rows;
  } finally {
    for (const { service } of all()) await service.stop();
    cluster?.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * The long-page corpus: the Python documentation crawled by the service (as the relevance
 * bench has it), its bands counted on the pages as the crawler reads them; null when it
 * is not installed.
 */
async function longPagesRun(dataDir: string, repo: string, log: (line: string) => void): Promise<CorpusRun | null> {
  const folder = pythonDocsFolder();
  if (folder === null) {
    log(PYTHON_DOCS_MISSING);
    return null;
  }
  const site = await serveSite(folder);
  try {
    const pages = siteDocuments(site);
    log(`long pages: ${lengthSummary(pages)}; crawling`);
    // The site is the bench's own, on loopback: allowed, and no rate to keep to.
    const environment = { ...loadEnvironment(), SITE_SEARCH_CRAWL_ALLOW_PRIVATE: new URL(site.origin).host, SITE_SEARCH_CRAWL_HOST_RATE: '0' };
    const began = performance.now();
    const service = await startService(dataDir, repo, ['--search-threads', '2'], environment);
    const crawled = await crawlSite({ baseUrl: service.baseUrl, siteKey: 'demo', secret: 'demo-secret', site, log: (line) => log(`long pages: ${line}`) });
    log(`long pages: ${crawled.indexed} pages crawled and indexed in ${((performance.now() - began) / 1000).toFixed(0)} s`);
    return { queries: frequencyQueries(pages), services: [{ setup: LONG_PAGES_SETUP, service }] };
  } finally {
    await site.close();
  }
}

/**
 * The generated large corpus (the demo documents and their variants), indexed through the
 * batch endpoint with a progress line each 10,000. Its bands are counted on the demo
 * documents it is made of: a variant changes a tenth of its words, so a word's share
 * moves little, and the matches column shows where each band's words landed.
 */
async function largeRun(dataDir: string, repo: string, size: number, log: (line: string) => void): Promise<CorpusRun> {
  const base = buildCorpus({ thumbBase: 'http://127.0.0.1' });
  const service = await startService(dataDir, repo, ['--search-threads', '2']);
  const step = await indexRange(service, corpusVariants(base, size), 0, size, (line) => log(`${size.toLocaleString('en')} documents: ${line}`));
  log(`${size.toLocaleString('en')} documents indexed in ${step.seconds.toFixed(0)} s (${Math.round(step.perSecond)}/s)`);
  return { queries: frequencyQueries(base), services: [{ setup: largeSetup(size), service }] };
}

/**
 * The corpora the rows measured, as the section's first sentence names them: the demo
 * corpus, and the long-page and generated ones only when their rows are there (a
 * `--demo-only` run has none).
 */
export function corporaMeasured(rows: readonly FrequencyRow[]): string {
  const setups = [...new Set(rows.map((r) => r.setup))];
  const others = [
    ...(setups.includes(LONG_PAGES_SETUP) ? ['the long-page corpus (the Python documentation, crawled)'] : []),
    ...setups.flatMap((setup) => {
      const large = LARGE_SETUP.exec(setup);
      return large === null ? [] : [`a generated corpus of ${large[1]} documents (the demo's and variants of them)`];
    }),
  ];
  return others.length === 0 ? 'the demo corpus alone' : `the demo corpus, and on SQLite with 2 threads ${others.join(' and ')}`;
}

/** The section of BENCHMARKS.md, and the warning lines against the figures it held before. */
export function frequencySection(
  rows: readonly FrequencyRow[],
  previousReport: string,
  date: string,
  load: { before: number; after: number } | null = null,
  rounds: number = ROUNDS,
): { section: string; warnings: string[] } {
  const warnings = worseRows(readFrequencyTable(previousReport), rows);
  // The machine's load average (1 minute) beside the figures: on a shared machine it moves them most.
  const loaded = load === null ? '' : ` The load average was ${load.before.toFixed(1)} at the start and ${load.after.toFixed(1)} at the end.`;
  const section = `## ${FREQUENCY_HEADING}

Measured ${date} by \`npm run bench:frequency\` (and \`npm run bench\`): ${corporaMeasured(rows)};
words of four letters or more held by the share of a corpus's documents the row names (\`postfixWildcard=false\`). After a
warm-up round, ${rounds} rounds each take every row once, the setups of a row back to back, so the machine's
drift falls on all alike: a band's words ${REPEATS} times each one at a time, then ${LOAD_SECONDS} s of them at
${LOAD_CONNECTIONS} connections. p50 and p95 are of all rounds' times, searches/s the median round's; the
min–max columns show how far a single round strays. A search's cost should grow with its page and its pool,
not with its matches.${loaded}

${frequencyTable(rows)}
${againstDemo(rows)}`;
  return { section, warnings };
}

/**
 * The other corpora's rows held against the demo corpus's of the same band and query
 * (SQLite, 2 threads): p50 and p95 over the demo's, and the worst p95; empty without them.
 */
export function againstDemo(rows: readonly FrequencyRow[]): string {
  const lines: string[] = [];
  for (const setup of [...new Set(rows.map((r) => r.setup))].filter((s) => s.startsWith(`${DEMO_SETUP}, `))) {
    const pairs = rows
      .filter((r) => r.setup === setup)
      .flatMap((r) => {
        const demo = rows.find((d) => d.setup === DEMO_SETUP && d.band === r.band && d.kind === r.kind);
        return demo === undefined ? [] : [{ row: r, p50: r.p50 / demo.p50, p95: r.p95 / demo.p95 }];
      });
    if (pairs.length === 0) continue;
    const worst = pairs.reduce((a, b) => (b.p95 > a.p95 ? b : a));
    const each = pairs.map((p) => `${p.row.band} ${p.row.kind} ${p.p50.toFixed(2)}× / ${p.p95.toFixed(2)}×`).join(', ');
    lines.push(
      `- ${setup.slice(DEMO_SETUP.length + 2)} over the demo corpus (p50 / p95): ${each}; the worst p95 **${worst.p95.toFixed(2)}×** (${worst.row.band}, ${worst.row.kind}).`,
    );
  }
  return lines.length === 0 ? '' : `\n${lines.join('\n')}\n`;
}
