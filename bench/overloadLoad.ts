/**
 * Whether the service stays responsive under load: `/health` and term-only searches
 * are timed, one at a time from their own thread, while 64 connections send faceted
 * searches and a stream of 1,000-document batches is indexed. Only to loopback, for a
 * fixed time.
 */
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import type { IndexDocument } from '../src/client/types.ts';
import { facetedSearches } from './searchLoad.ts';
import { percentile } from './stats.ts';

export interface ProbeRow {
  /** `/health` or `term-only search`. */
  kind: string;
  requests: number;
  p50: number;
  p99: number;
  /** Answers 503 (the service shedding load); their times are left out of the percentiles. */
  refused: number;
  /** Answers other than 200 and 503, and failed requests. */
  errors: number;
}

export interface OverloadResult {
  probes: ProbeRow[];
  /** The faceted load: answered searches per second, and the share answered 503. */
  faceted: { connections: number; perSecond: number; refusedShare: number; errors: number };
  /** The batch stream: batches applied, and the median time of one. */
  batches: { applied: number; medianSeconds: number; refused: number };
}

const FACETED_CONNECTIONS = 64;
const BATCH_SIZE = 1000;
/** Clients that warm the service up at once: more than it has reader threads on most machines. */
const WARM_UP_CLIENTS = 4;
const AUTH = `Basic ${Buffer.from('demo:demo-secret').toString('base64')}`;

/**
 * The probes run in a worker thread so the load generator's own event loop (64
 * connections of autocannon) does not delay them: their times are the service's.
 */
const PROBE_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { baseUrl, words, seconds, gapMs } = workerData;
async function probe(kind, path) {
  const times = []; let refused = 0; let errors = 0;
  const end = performance.now() + seconds * 1000;
  for (let n = 0; performance.now() < end; n++) {
    const t0 = performance.now();
    try {
      const response = await fetch(baseUrl + path(n));
      await response.arrayBuffer();
      if (response.status === 200) times.push(performance.now() - t0);
      else if (response.status === 503) refused++;
      else errors++;
    } catch { errors++; }
    await new Promise((r) => setTimeout(r, gapMs));
  }
  return { kind, times, refused, errors };
}
// The thread's first fetch loads the HTTP client (about half a second): that is the
// probe's own start, not the service's answer, so it is not timed.
fetch(baseUrl + '/health').then((response) => response.arrayBuffer()).catch(() => {}).then(() => Promise.all([
  probe('/health', () => '/health'),
  probe('term-only search', (n) => '/v1/search/demo?postfixWildcard=false&term=' + encodeURIComponent(words[n % words.length])),
])).then((rows) => parentPort.postMessage(rows));
`;

export async function measureOverload(
  baseUrl: string,
  words: readonly string[],
  seconds: number,
  /**
   * Without the batch stream, or without the faceted load, to tell what the writes cost
   * the probes from what the searches do.
   */
  { batchStream = true, facetedLoad = true }: { batchStream?: boolean; facetedLoad?: boolean } = {},
): Promise<OverloadResult> {
  // What the engine loads on first use (the fuzzy vocabulary, the page cache) is loaded
  // before the clock starts, as in a service that has been running: by several clients at
  // once, so that every reader thread has searched, not only the first free one.
  await Promise.all(
    Array.from({ length: WARM_UP_CLIENTS }, async () => {
      for (const word of words.slice(0, 20)) {
        for (const query of [`term=${encodeURIComponent(word)}&facet=custom_fields.area`, `postfixWildcard=false&term=${encodeURIComponent(word)}`]) {
          await (await fetch(`${baseUrl}/v1/search/demo?${query}`)).arrayBuffer();
        }
      }
    }),
  );
  const stop = performance.now() + seconds * 1000;
  const probes = new Promise<Array<{ kind: string; times: number[]; refused: number; errors: number }>>((resolve, reject) => {
    const worker = new Worker(PROBE_SOURCE, { eval: true, workerData: { baseUrl, words, seconds, gapMs: 20 } });
    worker.once('message', resolve);
    worker.once('error', reject);
  });

  const statuses = { ok: 0, refused: 0, other: 0 };
  const load = autocannon({
    url: baseUrl,
    // autocannon needs a connection: without the load, one that sends a request a second.
    connections: facetedLoad ? FACETED_CONNECTIONS : 1,
    ...(!facetedLoad && { overallRate: 1 }),
    duration: seconds,
    timeout: 10,
    requests: facetedSearches(words),
  });
  load.on('response', (_client, status) => {
    if (status === 200) statuses.ok++;
    else if (status === 503) statuses.refused++;
    else statuses.other++;
  });

  const batchTimes: number[] = [];
  let batchRefused = 0;
  const stream = (async () => {
    // Small pages (a corpus page is over 1 KB, and a body stops at 1 MB), replaced in turn
    // among five batches' worth of ids, so the index keeps its size.
    for (let i = 0; batchStream && performance.now() < stop; i++) {
      const body = JSON.stringify({ documents: streamBatch(words, i) });
      const t0 = performance.now();
      const response = await fetch(`${baseUrl}/v2/indices/demo/documents:batch`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: AUTH },
        body,
      });
      await response.arrayBuffer();
      if (response.status === 202) batchTimes.push(performance.now() - t0);
      else if (response.status === 503) {
        batchRefused++;
        await new Promise((r) => setTimeout(r, 1000 * Number(response.headers.get('retry-after') ?? '1')));
      } else throw new Error(`a batch answered ${response.status}`);
    }
  })();

  const [probeRows, result] = await Promise.all([probes, load, stream]).then(([p, r]) => [p, r] as const);
  const answered = statuses.ok + statuses.refused + statuses.other;
  return {
    probes: probeRows.map((row) => ({
      kind: row.kind,
      requests: row.times.length + row.refused + row.errors,
      p50: percentile(row.times, 50),
      p99: percentile(row.times, 99),
      refused: row.refused,
      errors: row.errors,
    })),
    faceted: {
      connections: facetedLoad ? FACETED_CONNECTIONS : 0,
      perSecond: statuses.ok / result.duration,
      refusedShare: answered === 0 ? 0 : statuses.refused / answered,
      errors: result.errors + result.timeouts + statuses.other,
    },
    batches: { applied: batchTimes.length, medianSeconds: percentile(batchTimes, 50) / 1000, refused: batchRefused },
  };
}

/** The `round`th batch of the stream: 1,000 documents of about 400 bytes. */
function streamBatch(words: readonly string[], round: number): IndexDocument[] {
  return Array.from({ length: BATCH_SIZE }, (_, i) => {
    const n = round * BATCH_SIZE + i;
    const word = (k: number) => words[(n * 7 + k * 13) % words.length]!;
    return {
      id: `stream-${(round % 5) * BATCH_SIZE + i}`,
      url: `https://stream.example/${round % 5}/${i}.html`,
      title: `${word(0)} ${word(1)} ${n}`,
      main_content: Array.from({ length: 40 }, (_, k) => word(k + 2)).join(' '),
      custom_fields: { area: word(3) },
    };
  });
}

/** The result as a markdown table. */
export function overloadTable(result: OverloadResult): string {
  const lines = [
    '| probe | requests | p50 ms | p99 ms | 503 | errors |',
    '|---|---:|---:|---:|---:|---:|',
    ...result.probes.map((r) => `| ${r.kind} | ${r.requests} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.refused} | ${r.errors} |`),
  ];
  const { faceted, batches } = result;
  lines.push(
    '',
    `Meanwhile: ${faceted.connections} connections of faceted searches, ${faceted.perSecond.toFixed(0)} answered a second, ` +
      `${(faceted.refusedShare * 100).toFixed(0)}% answered 503, ${faceted.errors} errors; ` +
      `${batches.applied} batches of ${BATCH_SIZE} documents applied, ${batches.medianSeconds.toFixed(2)} s each (median), ${batches.refused} answered 503.`,
  );
  return lines.join('\n');
}
