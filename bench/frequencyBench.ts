/**
 * Search cost by word frequency: searches of words held by a rare few documents, 1-2%,
 * 10%, 25% and 50% of them, one word and two, one at a time (p50, p95) and at 16
 * connections (searches/s), on SQLite with one and two reader threads and on PostgreSQL.
 * A search's cost should grow with its page and its pool, not with its matches: these
 * rows show when it does not (`npm run bench:frequency`, and `npm run bench`). Each run is compared with the figures the last one wrote,
 * and a row more than 25% slower gets a warning line.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCorpus } from '../demo/corpus/build.ts';
import { indexDocuments } from '../demo/indexDocuments.ts';
import { createDatabase, postgresBin, startCluster } from '../server/testing/postgresCluster.ts';
import { searchLoad } from './searchLoad.ts';
import { startService, type ServiceProcess } from './serviceProcess.ts';
import { percentile } from './stats.ts';

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
  p50: number;
  p95: number;
  /** Searches answered per second at LOAD_CONNECTIONS connections. */
  throughput: number;
}

/** The connections of the throughput column. */
export const LOAD_CONNECTIONS = 16;

/** One-at-a-time times of a band's queries, each run `rounds` times after one warm-up round. */
export async function timeQueries(baseUrl: string, terms: readonly string[], rounds: number): Promise<{ p50: number; p95: number; matches: number }> {
  const times: number[] = [];
  const matches: number[] = [];
  for (let round = 0; round <= rounds; round++) {
    for (const term of terms) {
      const url = `${baseUrl}/v1/search/demo?${new URLSearchParams({ term, postfixWildcard: 'false', collectAnalytics: 'false' })}`;
      // The last row's load may still be draining: the service sheds (503) until it is done.
      for (let wait = 0; wait < 50 && (await fetch(url)).status === 503; wait++) await new Promise((resolve) => setTimeout(resolve, 200));
      const t0 = performance.now();
      const response = await fetch(url);
      const body = (await response.json()) as { total_hits?: number };
      if (!response.ok) throw new Error(`"${term}" answered ${response.status}`);
      if (round > 0) times.push(performance.now() - t0);
      else matches.push(body.total_hits ?? 0);
    }
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), matches: percentile(matches, 50) };
}

const HEADER = '| setup | words held by | query | matches | p50 ms | p95 ms | searches/s at 16 connections |';

export function frequencyTable(rows: readonly FrequencyRow[]): string {
  const lines = [HEADER, '| --- | --- | --- | ---: | ---: | ---: | ---: |'];
  for (const r of rows) {
    lines.push(`| ${r.setup} | ${r.band} | ${r.kind} | ${Math.round(r.matches)} | ${r.p50.toFixed(2)} | ${r.p95.toFixed(2)} | ${Math.round(r.throughput)} |`);
  }
  return lines.join('\n');
}

/** The rows of a table `frequencyTable` wrote (in BENCHMARKS.md), or none. */
export function readFrequencyTable(text: string): FrequencyRow[] {
  const start = text.indexOf(HEADER);
  if (start < 0) return [];
  const rows: FrequencyRow[] = [];
  for (const line of text.slice(start).split('\n').slice(2)) {
    const cells = line.split('|').map((cell) => cell.trim());
    if (!line.startsWith('|') || cells.length < 9) break;
    const [, setup, band, kind, matches, p50, p95, throughput] = cells;
    rows.push({ setup: setup!, band: band!, kind: kind!, matches: Number(matches), p50: Number(p50), p95: Number(p95), throughput: Number(throughput) });
  }
  return rows;
}

/** How much worse than the last written figures a row may get before a warning. */
export const WORSE_BY = 0.25;

/** A warning line for each row more than WORSE_BY slower (p50, p95) or lower in throughput than the same row before. */
export function worseRows(previous: readonly FrequencyRow[], current: readonly FrequencyRow[]): string[] {
  const lines: string[] = [];
  for (const row of current) {
    const before = previous.find((p) => p.setup === row.setup && p.band === row.band && p.kind === row.kind);
    if (before === undefined) continue;
    const worse: string[] = [];
    if (row.p50 > before.p50 * (1 + WORSE_BY)) worse.push(`p50 ${before.p50.toFixed(2)} -> ${row.p50.toFixed(2)} ms`);
    if (row.p95 > before.p95 * (1 + WORSE_BY)) worse.push(`p95 ${before.p95.toFixed(2)} -> ${row.p95.toFixed(2)} ms`);
    if (row.throughput < before.throughput / (1 + WORSE_BY)) worse.push(`${Math.round(before.throughput)} -> ${Math.round(row.throughput)} searches/s`);
    if (worse.length > 0)
      lines.push(`WARNING: ${row.setup}, ${row.band}, ${row.kind}: more than 25% worse than the last written figures (${worse.join(', ')})`);
  }
  return lines;
}

export const FREQUENCY_HEADING = 'Search cost by word frequency';
/** Timed rounds of a band's words, one at a time, and seconds of load per row. */
const ROUNDS = 4;
const LOAD_SECONDS = 2;

/** The section's rows, measured; `log` tells the progress. */
export async function measureFrequency(repo: string, log: (line: string) => void): Promise<FrequencyRow[]> {
  const documents = buildCorpus({ thumbBase: 'http://127.0.0.1' });
  const queries = frequencyQueries(documents);
  const folder = mkdtempSync(join(tmpdir(), 'site-search-frequency-'));
  const rows: FrequencyRow[] = [];
  const measure = async (setup: string, service: ServiceProcess) => {
    for (const query of queries) {
      const times = await timeQueries(service.baseUrl, query.terms, ROUNDS);
      const load = await searchLoad(service.baseUrl, query.terms, LOAD_CONNECTIONS, LOAD_SECONDS, false);
      rows.push({ setup, band: query.band, kind: query.kind, ...times, throughput: load.throughput });
      log(`${setup}, ${query.band}, ${query.kind}: p50 ${times.p50.toFixed(2)} ms, ${Math.round(load.throughput)}/s`);
    }
  };
  const index = (service: ServiceProcess) => indexDocuments({ baseUrl: service.baseUrl, siteKey: 'demo', secret: 'demo-secret', documents, log: () => {} });
  try {
    const sqliteData = join(folder, 'sqlite');
    for (const threads of [1, 2]) {
      const service = await startService(sqliteData, repo, ['--search-threads', String(threads)]);
      try {
        if (threads === 1) await index(service);
        await measure(`SQLite, ${threads} thread${threads === 1 ? '' : 's'}`, service);
      } finally {
        await service.stop();
      }
    }
    if (postgresBin() === null) {
      log('PostgreSQL: not installed, not measured');
    } else {
      const cluster = await startCluster();
      try {
        const url = await createDatabase(cluster.socketUrl, 'frequency');
        const service = await startService(join(folder, 'postgres'), repo, ['--database-url', url]);
        try {
          await index(service);
          await measure('PostgreSQL', service);
        } finally {
          await service.stop();
        }
      } finally {
        cluster.stop();
      }
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  return rows;
}

/** The section of BENCHMARKS.md, and the warning lines against the figures it held before. */
export function frequencySection(rows: readonly FrequencyRow[], previousReport: string, date: string): { section: string; warnings: string[] } {
  const warnings = worseRows(readFrequencyTable(previousReport), rows);
  const section = `## ${FREQUENCY_HEADING}

Measured ${date} by \`npm run bench:frequency\` (and \`npm run bench\`): the demo corpus, words of four
letters or more held by the share of its documents the row names, ${ROUNDS} rounds of each band's
words one at a time (\`postfixWildcard=false\`), then ${LOAD_SECONDS} s of them at ${LOAD_CONNECTIONS}
connections. A search's cost should grow with its page and its pool, not with its matches.

${frequencyTable(rows)}
`;
  return { section, warnings };
}
