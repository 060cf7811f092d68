/**
 * Search latency of the reference service over loopback HTTP, by kind of query, on the
 * demo corpus. Queries are words of the corpus's own titles, so every one finds
 * something; each kind runs the same words.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app.ts';
import { buildCorpus } from '../demo/corpus/build.ts';
import { indexDocuments } from '../demo/indexDocuments.ts';
import { percentile } from './stats.ts';

export interface LatencyRow {
  kind: string;
  median: number;
  p95: number;
  p99: number;
  /** The service's own `processing_time_ms`, median. */
  processing: number;
}

export interface LatencyResult {
  documents: number;
  indexingPerSecond: number;
  rows: LatencyRow[];
}

/** Query kinds: a name and the parameters added to `term`. */
const KINDS: Array<[string, Record<string, string>]> = [
  ['term only', { postfixWildcard: 'false' }],
  ['prefix (as you type)', {}],
  ['fuzzy', { fuzzy: 'true' }],
  ['filtered', { filter: JSON.stringify({ 'custom_fields.status': 'standard' }), customField: 'area=api' }],
  ['faceted', { facet: 'custom_fields.area', rangeFacets: JSON.stringify([{ field: 'custom_fields.first_year', ranges: [{ to: 2015 }, { from: 2015 }] }]) }],
];

function queryWords(titles: string[], count: number): string[] {
  const words = new Set<string>();
  for (const title of titles) {
    for (const word of title.toLowerCase().split(/[^a-z]+/)) if (word.length >= 4) words.add(word);
    if (words.size >= count) break;
  }
  return [...words];
}

export async function measureSearchLatency(options: { queries: number; log: (line: string) => void }): Promise<LatencyResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'site-search-bench-'));
  // No rate limit: the bench sends queries back to back from one address.
  const app = await buildApp({ dataDir, logger: false, rateLimit: false });
  try {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const documents = buildCorpus({ thumbBase: 'http://127.0.0.1' });
    const started = performance.now();
    await indexDocuments({ baseUrl: address, siteKey: 'demo', secret: 'demo-secret', documents, log: () => {} });
    const indexingPerSecond = documents.length / ((performance.now() - started) / 1000);
    options.log(`indexed ${documents.length} documents at ${Math.round(indexingPerSecond)}/s`);

    const words = queryWords(documents.map((d) => d.title ?? ''), options.queries);
    const rows: LatencyRow[] = [];
    for (const [kind, extra] of KINDS) {
      const times: number[] = [];
      const processing: number[] = [];
      // One warm-up pass fills SQLite's page cache, as a running service's would be.
      for (const pass of [0, 1]) {
        for (const word of words) {
          const query = new URLSearchParams({ term: word, ...extra });
          const t0 = performance.now();
          const response = await fetch(`${address}/v1/search/demo?${query}`);
          const body = (await response.json()) as { processing_time_ms: number };
          const elapsed = performance.now() - t0;
          if (!response.ok) throw new Error(`${kind} "${word}" answered ${response.status}`);
          if (pass === 1) {
            times.push(elapsed);
            processing.push(body.processing_time_ms);
          }
        }
      }
      rows.push({ kind, median: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), processing: percentile(processing, 50) });
      options.log(`${kind}: ${times.length} queries`);
    }
    return { documents: documents.length, indexingPerSecond, rows };
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
