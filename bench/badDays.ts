/**
 * Bad days: a search's latency while one address floods the recommendations endpoint
 * for a popular item, and while authenticated uploads send their bodies a byte every few
 * seconds, beside the same searches on a quiet service. Only to loopback, for a fixed time.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadEnvironment } from '../server/testing/serviceLoad.ts';
import type { CorpusVariants } from './corpusVariants.ts';
import { indexRange } from './serviceBench.ts';
import { startService } from './serviceProcess.ts';
import { count, ms, percentile, table } from './stats.ts';

/** Term-only or faceted searches of one condition, milliseconds. */
export interface Latency {
  /** Searches answered 200, whose times these are. */
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  /** Searches answered otherwise, or failed. */
  errors: number;
}

/** What the flood of recommendation requests got. */
export interface FloodFigures {
  perSecond: number;
  sent: number;
  ok: number;
  /** 429: over the per-address rate limit. */
  limited: number;
  /** 503: the read lane full. */
  refused: number;
  /** Other answers and failed requests. */
  other: number;
}

export interface UploadFigures {
  /** Uploads kept open at once. */
  concurrent: number;
  byteIntervalMs: number;
  /** Uploads opened in all (a closed one is opened again). */
  opened: number;
  /** Uploads the service closed (408 once `requestTimeoutMs` passed). */
  closed: number;
}

export interface BadDayRow {
  condition: string;
  termOnly: Latency;
  faceted: Latency;
  flood?: FloodFigures;
  uploads?: UploadFigures;
}

export interface BadDaysResults {
  documents: number;
  /** Recommendation transactions that viewed the popular item. */
  transactions: number;
  seconds: number;
  words: number;
  /** The per-address limit (`rateLimit`) of every counted route, recommendations included. */
  rateLimit: { max: number; windowMs: number };
  /** The service's own time (`processing_time_ms`) for the popular item's recommendations, median. */
  recommendationMs: number;
  rows: BadDayRow[];
}

/** A search's p95 on a bad day, at most this many times the quiet one's. */
export const TARGET_RATIO = 2;
const RATE_LIMIT = { max: 10, windowMs: 1000 };
const FLOOD_PER_SECOND = 50;
const SLOW_UPLOADS = 20;
/** Each condition's turn in a round. */
const ROUND_SECONDS = 1;
const BYTE_INTERVAL_MS = 2000;
/** The benchmark's own searches, each from the next of these in turn, so the per-address limit counts them apart. */
const SEARCH_ADDRESSES = Array.from({ length: 100 }, (_, i) => `127.0.1.${i + 1}`);
const FLOOD_ADDRESS = '127.0.0.2';
const UPLOAD_ADDRESS = '127.0.0.3';
const CONFIGURATION = 'viewed';
const DATASET = 'views';
const EVENTS_PER_BATCH = 5000;
const DEMO_AUTH = `Basic ${Buffer.from('demo:demo-secret').toString('base64')}`;

export async function measureBadDays(options: {
  repo: string;
  corpus: CorpusVariants;
  documents: number;
  transactions: number;
  words: readonly string[];
  seconds: number;
  log: (line: string) => void;
}): Promise<BadDaysResults> {
  const { repo, corpus, documents, transactions, words, seconds, log } = options;
  const folder = mkdtempSync(join(tmpdir(), 'site-search-bad-days-'));
  const configFile = join(folder, 'config.json');
  writeFileSync(configFile, JSON.stringify({ rateLimit: RATE_LIMIT, recommendations: { [CONFIGURATION]: { dataset: DATASET } } }));
  // The load environment's room for many connections from one address, but the rate limit of the config file.
  const environment = loadEnvironment();
  delete environment.SITE_SEARCH_RATE_LIMIT;
  const service = await startService(join(folder, 'data'), repo, ['--config', configFile], environment);
  const agents = SEARCH_ADDRESSES.map((localAddress) => new Agent({ keepAlive: true, localAddress }));
  try {
    log(`bad days: indexing ${count(documents)} documents`);
    await indexRange(service, corpus, 0, documents, log);
    const popular = corpus.at(0).id!;
    log(`bad days: ${count(transactions)} recommendation transactions with one popular item`);
    await sendTransactions(service.baseUrl, corpus, documents, popular, transactions);
    const recommendations = new URL(`/v1/recommendations/demo?configurationKey=${CONFIGURATION}&ItemId=${popular}`, service.baseUrl);
    const recommendationMs = await recommendationTime(recommendations, agents);

    let next = 0;
    let word = 0;
    const searches = (seconds: number, into: Samples) =>
      measureSearches(
        service.baseUrl,
        words,
        seconds,
        () => agents[next++ % agents.length]!,
        () => word++,
        into,
      );
    // The first searches after indexing are slower than the rest: not a condition's.
    await searches(Math.min(seconds, 3), emptySamples());
    const quiet = emptySamples();
    const flooded = emptySamples();
    const slow = emptySamples();
    const flood: FloodFigures = { perSecond: FLOOD_PER_SECOND, sent: 0, ok: 0, limited: 0, refused: 0, other: 0 };
    const uploads: UploadFigures = { concurrent: SLOW_UPLOADS, byteIntervalMs: BYTE_INTERVAL_MS, opened: 0, closed: 0 };
    log(`bad days: ${seconds} rounds of a quiet second, a second of ${FLOOD_PER_SECOND} recommendation requests and one of ${SLOW_UPLOADS} slow uploads`);
    // Conditions take turns a second at a time, so the other work on this machine weighs on each alike.
    for (let round = 0; round < seconds; round++) {
      await searches(ROUND_SECONDS, quiet);
      const flooding = startFlood(recommendations, flood);
      await searches(ROUND_SECONDS, flooded);
      await flooding.stop();
      const uploading = await startSlowUploads(service.baseUrl, uploads);
      await searches(ROUND_SECONDS, slow);
      uploading.stop();
    }
    for (const [condition, samples] of [
      ['quiet', quiet],
      ['flooded', flooded],
      ['slow uploads', slow],
    ] as const) {
      const failures = [...samples.failures].map(([failure, times]) => `${times} × ${failure}`).join(', ');
      if (failures !== '') log(`bad days: searches not answered 200 (${condition}): ${failures}`);
    }
    const rows: BadDayRow[] = [
      { condition: 'quiet', ...latencies(quiet) },
      { condition: 'recommendations flooded', ...latencies(flooded), flood },
      { condition: 'slow uploads', ...latencies(slow), uploads },
    ];
    return { documents, transactions, seconds, words: words.length, rateLimit: RATE_LIMIT, recommendationMs, rows };
  } finally {
    for (const agent of agents) agent.destroy();
    await service.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Each transaction views the popular item and one or two others of the index. */
async function sendTransactions(baseUrl: string, corpus: CorpusVariants, documents: number, popular: string, transactions: number): Promise<void> {
  const time = new Date().toISOString();
  let events: Array<{ transaction: string; item: string; time: string }> = [];
  const send = async () => {
    const response = await fetch(`${baseUrl}/v2/indices/demo/recommendations-datasets/${DATASET}/events:batch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: DEMO_AUTH },
      body: JSON.stringify({ events }),
    });
    if (response.status !== 200) throw new Error(`recommendation events answered ${response.status}: ${await response.text()}`);
    events = [];
  };
  for (let t = 0; t < transactions; t++) {
    const transaction = `t${t}`;
    events.push({ transaction, item: popular, time });
    // Spread over the index, with a few items viewed with it far more often than the rest.
    const others = t % 3 === 0 ? [1 + (t % 7), 1 + ((t * 7919) % (documents - 1))] : [1 + ((t * 104_729) % (documents - 1))];
    for (const other of others) events.push({ transaction, item: corpus.at(other).id!, time });
    if (events.length >= EVENTS_PER_BATCH) await send();
  }
  if (events.length > 0) await send();
}

interface Samples {
  termOnly: number[];
  faceted: number[];
  termOnlyErrors: number;
  facetedErrors: number;
  /** Searches not answered 200, by status or error message, for the log. */
  failures: Map<string, number>;
}

const emptySamples = (): Samples => ({ termOnly: [], faceted: [], termOnlyErrors: 0, facetedErrors: 0, failures: new Map() });

function latency(times: readonly number[], errors: number): Latency {
  return { requests: times.length, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), errors };
}

function latencies(samples: Samples): { termOnly: Latency; faceted: Latency } {
  return { termOnly: latency(samples.termOnly, samples.termOnlyErrors), faceted: latency(samples.faceted, samples.facetedErrors) };
}

/** One search at a time for `seconds`, a term-only one then a faceted one (as the widget sends) for each next word. */
async function measureSearches(
  baseUrl: string,
  words: readonly string[],
  seconds: number,
  agent: () => Agent,
  nextWord: () => number,
  into: Samples,
): Promise<void> {
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const word = encodeURIComponent(words[nextWord() % words.length]!);
    for (const faceted of [false, true]) {
      const t0 = performance.now();
      const path = `/v1/search/demo?term=${word}${faceted ? '&facet=custom_fields.area' : '&postfixWildcard=false'}`;
      const { status, failure } = await get(agent(), new URL(path, baseUrl)).then(
        ({ status }) => ({ status, failure: String(status) }),
        (error: Error) => ({ status: 0, failure: error.message }),
      );
      const elapsed = performance.now() - t0;
      if (status === 200) (faceted ? into.faceted : into.termOnly).push(elapsed);
      else {
        into.failures.set(failure, (into.failures.get(failure) ?? 0) + 1);
        if (faceted) into.facetedErrors++;
        else into.termOnlyErrors++;
      }
    }
  }
}

/** The service's own time for the popular item's recommendations, median of a few asked one at a time. */
async function recommendationTime(url: URL, agents: readonly Agent[]): Promise<number> {
  const times: number[] = [];
  for (const agent of agents.slice(0, 20)) {
    const { status, body } = await get(agent, url);
    if (status !== 200) throw new Error(`the popular item's recommendations answered ${status}`);
    const answer = JSON.parse(body) as { total_hits: number; processing_time_ms: number };
    if (answer.total_hits === 0) throw new Error("the popular item's recommendations found nothing");
    times.push(answer.processing_time_ms);
  }
  return percentile(times, 50);
}

/** A GET through `agent` (so from its address): the answer's status and body. */
function get(agent: Agent, url: URL): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { agent }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.once('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.once('error', reject);
    });
    sent.setTimeout(10_000, () => sent.destroy(new Error('timed out')));
    sent.once('error', reject);
    sent.end();
  });
}

/**
 * `figures.perSecond` requests a second for `url` from one address, each sent on time
 * whatever the earlier ones answered; counted into `figures`.
 */
function startFlood(url: URL, figures: FloodFigures): { stop(): Promise<void> } {
  const agent = new Agent({ keepAlive: true, localAddress: FLOOD_ADDRESS, maxSockets: 40 });
  const pending = new Set<Promise<void>>();
  const started = performance.now();
  let sent = 0;
  const send = () => {
    sent++;
    figures.sent++;
    const answered = get(agent, url).then(
      ({ status }) => void (status === 200 ? figures.ok++ : status === 429 ? figures.limited++ : status === 503 ? figures.refused++ : figures.other++),
      () => void figures.other++,
    );
    pending.add(answered);
    void answered.finally(() => pending.delete(answered));
  };
  // A late timer sends the requests it owes at once, so the rate holds on a busy machine.
  const timer = setInterval(() => {
    const due = Math.floor(((performance.now() - started) * figures.perSecond) / 1000) + 1;
    while (sent < due) send();
  }, 1000 / figures.perSecond);
  return {
    stop: async () => {
      clearInterval(timer);
      await Promise.all(pending);
      agent.destroy();
    },
  };
}

/**
 * `figures.concurrent` authenticated document uploads from one address, each sending its
 * headers and then its body a byte every `figures.byteIntervalMs`, so none is complete
 * while the benchmark runs; one the service closes is opened again. Counted into `figures`.
 */
async function startSlowUploads(baseUrl: string, figures: UploadFigures): Promise<{ stop(): void }> {
  const { hostname, port } = new URL(baseUrl);
  const { concurrent, byteIntervalMs } = figures;
  const open = new Set<{ socket: Socket; timer: NodeJS.Timeout }>();
  let running = true;
  const body = JSON.stringify({ url: 'https://example.com/slow', title: 'An upload sent a byte at a time', main_content: 'slow '.repeat(60) });
  const upload = async (n: number): Promise<void> => {
    const socket = connect({ host: hostname, port: Number(port), localAddress: UPLOAD_ADDRESS });
    socket.on('error', () => undefined);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    figures.opened++;
    socket.write(
      `PUT /v2/indices/demo/documents/slow-${n} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: ${DEMO_AUTH}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
    );
    // The first byte at once: a turn of the benchmark may be shorter than the interval.
    let sent = 1;
    socket.write(body.slice(0, 1));
    const entry = { socket, timer: setInterval(() => socket.write(body.slice(sent, ++sent)), byteIntervalMs) };
    open.add(entry);
    socket.resume();
    socket.once('close', () => {
      clearInterval(entry.timer);
      open.delete(entry);
      if (!running) return;
      figures.closed++;
      void upload(n).catch(() => undefined);
    });
  };
  await Promise.all(Array.from({ length: concurrent }, (_, n) => upload(n)));
  return {
    stop: () => {
      running = false;
      for (const { socket, timer } of open) {
        clearInterval(timer);
        socket.destroy();
      }
    },
  };
}

/** `theirs` over `quiet`, e.g. `1.3×`. */
function times(theirs: number, quiet: number): string {
  return Number.isFinite(theirs) && Number.isFinite(quiet) && quiet > 0 ? `${(theirs / quiet).toFixed(1)}×` : '–';
}

/** The worst p95 of a bad day's row over the quiet one's. */
export function worstRatio(row: BadDayRow, quiet: BadDayRow): number {
  return Math.max(row.termOnly.p95 / quiet.termOnly.p95, row.faceted.p95 / quiet.faceted.p95);
}

function meanwhile(row: BadDayRow): string {
  if (row.flood !== undefined) {
    const f = row.flood;
    return `${count(f.perSecond)} recommendation requests/s from one address: ${count(f.sent)} sent, ${count(f.ok)} × 200, ${count(f.limited)} × 429, ${count(f.refused)} × 503${f.other > 0 ? `, ${count(f.other)} other` : ''}`;
  }
  if (row.uploads !== undefined) {
    const u = row.uploads;
    return `${u.concurrent} uploads open, a byte every ${u.byteIntervalMs / 1000} s; ${count(u.closed)} closed by the service`;
  }
  return 'nothing else';
}

export function badDaysTable(results: BadDaysResults): string {
  const quiet = results.rows[0];
  const rows = results.rows.map((row) => {
    const ratios = quiet === undefined || row === quiet ? '–' : `${times(row.termOnly.p95, quiet.termOnly.p95)} / ${times(row.faceted.p95, quiet.faceted.p95)}`;
    const worst = quiet === undefined || row === quiet ? Number.NaN : worstRatio(row, quiet);
    const target = Number.isNaN(worst) ? '–' : worst <= TARGET_RATIO ? `met (≤ ${TARGET_RATIO}×)` : `**missed** (≤ ${TARGET_RATIO}×)`;
    return [
      row.condition,
      meanwhile(row),
      ms(row.termOnly.p50),
      ms(row.termOnly.p95),
      ms(row.termOnly.p99),
      ms(row.faceted.p50),
      ms(row.faceted.p95),
      ms(row.faceted.p99),
      count(row.termOnly.requests + row.faceted.requests),
      count(row.termOnly.errors + row.faceted.errors),
      ratios,
      target,
    ];
  });
  return table(
    [
      'condition',
      'meanwhile',
      'term-only p50 ms',
      'p95 ms',
      'p99 ms',
      'faceted p50 ms',
      'p95 ms',
      'p99 ms',
      'searches',
      'not 200',
      'p95 vs quiet (term-only / faceted)',
      'target',
    ],
    rows,
    2,
  );
}

/** The "## Bad days" section of BENCHMARKS.md: how it was measured, then the table. */
export function badDaysSection(results: BadDaysResults, date: string): string {
  const { max, windowMs } = results.rateLimit;
  const note = `*This section comes from \`npm run bench:bad-days -- --write\` on ${date}.*`;
  const method = `${count(results.documents)} documents of the demo corpus (its pages and variants of them) in one
SQLite service process (\`site-search-server\`, compiled), with ${count(results.transactions)} recommendation
transactions that each viewed one popular item and one or two others; the service answers that item's
recommendations in ${count(results.recommendationMs)} ms (its \`processing_time_ms\`, median). The benchmark sends one
search at a time, a term-only search and then the faceted search the widget sends (\`facet=custom_fields.area\`)
for each of ${results.words} words of the corpus's titles in turn, for ${results.seconds} s in each condition; the
conditions take turns a second at a time. The per-address rate limit (\`rateLimit\`: ${max} requests in
${windowMs} ms, each kind of route counted apart) is on; the searches come from 100 loopback addresses in turn, so
it counts them apart from the other traffic, and the per-address connection cap is raised for them. *Quiet*:
nothing else. *Recommendations flooded*: one other address asks \`GET /v1/recommendations\` for the popular item
${FLOOD_PER_SECOND} times a second, each request on time whatever the earlier ones answered. *Slow uploads*:
${SLOW_UPLOADS} authenticated document uploads from another address send their headers and the first byte of
their body (anew at each turn), then a byte every ${BYTE_INTERVAL_MS / 1000} s. The target: a search's p95 on a bad day at most ${TARGET_RATIO}× the quiet
one's, for term-only and faceted searches alike. Measured on this machine's 2 cores.`;
  return `## Bad days\n\n${note}\n\n${method}\n\n${badDaysTable(results)}\n`;
}
