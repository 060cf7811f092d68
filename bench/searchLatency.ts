/**
 * Search latency of the reference service over loopback HTTP, by kind of query.
 * Queries are words of the corpus's own titles, so every one finds something; each
 * kind runs the same words, one after another, after a warm-up on the first of them.
 */
import { percentile } from './stats.ts';

export interface LatencyRow {
  kind: string;
  median: number;
  p95: number;
  p99: number;
  /** The service's own `processing_time_ms`, median. */
  processing: number;
}

/** Queries of each kind run before the timed ones. */
const WARM_UP = 40;

/** Query kinds: a name and the parameters added to `term` (for `/v1/search` unless `endpoint` says otherwise). */
export const QUERY_KINDS: Array<[string, Record<string, string>]> = [
  ['term only', { postfixWildcard: 'false' }],
  ['prefix (as you type)', {}],
  ['fuzzy', { fuzzy: 'true' }],
  ['filtered', { filter: JSON.stringify({ 'custom_fields.status': 'standard' }), customField: 'area=api' }],
  ['faceted', { facet: 'custom_fields.area', rangeFacets: JSON.stringify([{ field: 'custom_fields.first_year', ranges: [{ to: 2015 }, { from: 2015 }] }]) }],
  // A prefix as typed, to the suggestion endpoint.
  ['suggestions', { endpoint: 'suggest', prefix: '4' }],
];

/** Distinct words of four letters or more from the titles, at most `count`. */
export function queryWords(titles: readonly string[], count: number): string[] {
  const words = new Set<string>();
  for (const title of titles) {
    for (const word of title.toLowerCase().split(/[^a-z]+/)) if (word.length >= 4 && words.size < count) words.add(word);
    if (words.size >= count) break;
  }
  return [...words];
}

/** How many of the corpus's most common words the benchmarks search as a kind of their own. */
export const COMMON_WORDS = 40;

/** The `count` words of three letters or more that most documents hold (title or content), most common first. */
export function commonWords(documents: ReadonlyArray<{ title?: string | null; main_content?: string | null }>, count: number): string[] {
  const holders = new Map<string, number>();
  for (const document of documents) {
    for (const word of new Set(`${document.title ?? ''} ${document.main_content ?? ''}`.toLowerCase().split(/[^a-z]+/))) {
      if (word.length >= 3) holders.set(word, (holders.get(word) ?? 0) + 1);
    }
  }
  return [...holders]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, count)
    .map(([word]) => word);
}

export async function measureSearchLatency(baseUrl: string, words: readonly string[], log: (line: string) => void): Promise<LatencyRow[]> {
  const rows: LatencyRow[] = [];
  for (const [kind, { endpoint = 'search', prefix, ...extra }] of QUERY_KINDS) {
    const times: number[] = [];
    const processing: number[] = [];
    // The warm-up fills SQLite's page cache, as a running service's would be.
    for (const pass of [0, 1]) {
      for (const word of pass === 0 ? words.slice(0, WARM_UP) : words) {
        const query = new URLSearchParams({ term: prefix === undefined ? word : word.slice(0, Number(prefix)), ...extra });
        const t0 = performance.now();
        const response = await fetch(`${baseUrl}/v1/${endpoint}/demo?${query}`);
        const body = (await response.json()) as { processing_time_ms?: number };
        const elapsed = performance.now() - t0;
        if (!response.ok) throw new Error(`${kind} "${word}" answered ${response.status}`);
        if (pass === 1) {
          times.push(elapsed);
          if (body.processing_time_ms !== undefined) processing.push(body.processing_time_ms);
        }
      }
    }
    rows.push({ kind, median: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), processing: percentile(processing, 50) });
    log(`latency ${kind}: ${times.length} queries, p95 ${percentile(times, 95).toFixed(1)} ms`);
  }
  return rows;
}
