import { describe, expect, it } from 'vitest';
import { scaleTable } from './scale.ts';
import { relevanceClassTable, relevanceSetsTable, relevanceTable, renderingTable, sizeTable, targetsTable, typingTable, type Results } from './report.ts';
import type { QueryClass, QueryOutcome, QuerySet, RelevanceResults } from './relevance/types.ts';

const size = (brotli: number) => ({ raw: brotli * 4, gzip: brotli + 100, brotli });

function results(overrides: Partial<Results> = {}): Results {
  return {
    quick: false,
    date: '2026-01-01',
    machine: 'test',
    ours: [{ name: 'ours', imports: 'all', js: size(14 * 1024), css: size(1024) }],
    scriptTag: size(15 * 1024),
    scriptTagLater: size(2 * 1024),
    anchors: [
      { name: 'anchor', imports: 'x', js: size(60 * 1024), css: null },
      { name: 'offline', imports: 'y', js: null, css: null, missing: 'not measured (offline)' },
    ],
    anchorsNote: '',
    sizes: [10_000, 100_000],
    typing: [
      {
        documents: 10_000,
        result: {
          queries: 50,
          keystrokes: 600,
          searchesPerQuery: 1.1,
          suggestionsPerQuery: 9,
          cancelledPerQuery: 2,
          cancelledShare: 0.2,
          peakPerSecond: { search: 5, suggest: 4 },
          widgetTimes: [],
          widgetMedian: 40,
          widgetP95: 80,
          repaintedMedian: 60,
          stalePaints: 0,
          latencies: [],
          median: 10,
          p95: 20,
          afterAnswerMedian: 5,
          afterAnswerP95: 9,
          pauseMedian: 130,
          pauseP95: 190,
          pausesOverDebounce: 0.01,
          unchanged: 0,
        },
      },
      {
        documents: 100_000,
        result: {
          queries: 50,
          keystrokes: 600,
          searchesPerQuery: 1.2,
          suggestionsPerQuery: 9,
          cancelledPerQuery: 3,
          cancelledShare: 0.25,
          peakPerSecond: { search: 6, suggest: 5 },
          widgetTimes: [],
          widgetMedian: 120,
          widgetP95: 210,
          repaintedMedian: 150,
          stalePaints: 1,
          latencies: [],
          median: 30,
          p95: 70,
          afterAnswerMedian: 20,
          afterAnswerP95: 50,
          pauseMedian: 131,
          pauseP95: 199,
          pausesOverDebounce: 0.05,
          unchanged: 2,
        },
      },
    ],
    latency: [
      {
        documents: 100_000,
        rows: [
          { kind: 'term only', median: 5, p95: 12, p99: 30, processing: 4 },
          { kind: 'fuzzy', median: 6, p95: 14, p99: 30, processing: 5 },
          { kind: 'suggestions', median: 2, p95: 11, p99: 12, processing: Number.NaN },
        ],
      },
    ],
    indexing: [],
    memory: [],
    restart: { documents: 100_000, result: { runs: [900], median: 900, listening: [800] } },
    load: null,
    rendering: null,
    relevance: null,
    ...overrides,
  };
}

describe('sizeTable', () => {
  it('puts each build beside ours, with the ratio, and says when one was not measured', () => {
    const text = sizeTable(results());
    expect(text).toContain('| ours | all | 14.00 | 1.00 | 60.00 | 15.20 | **15.00** | 1.0× |');
    expect(text).toContain('| anchor | x | 60.00 | – | 240.00 | 60.10 | **60.00** | 4.0× |');
    expect(text).toContain('| offline | y | – | – | – | – | – | not measured (offline) |');
  });
});

describe('targetsTable', () => {
  it('judges the typing and service targets at the largest corpus', () => {
    const text = targetsTable(results());
    expect(text).toContain('| script-tag build, first load, JS + CSS, brotli | 15.00 KiB | met (≤ 24 KiB) |');
    expect(text).toContain('| … with `site-search.more.js`, loaded when needed (facets, tracker) | 17.00 KiB |  |');
    expect(text).toContain('| stale paints (100,000 documents) | 1 | **missed** (= 0) |');
    expect(text).toContain('| search sent → results painted, p95 (100,000 documents) | 70.0 ms | **missed** (< 50 ms) |');
    expect(text).toContain(
      '| most requests in any second, per endpoint, cancelled ones counted (100,000 documents) | search 6, suggest 5 | **missed** (≤ 5) |',
    );
    expect(text).toContain('| widget time on top of the API, last key → results painted, median (100,000 documents) | 120.0 ms | **missed** (≤ 100 ms) |');
    expect(text).toContain('| service search p95, term only (100,000 documents) | 12.0 ms | met (< 20 ms) |');
    expect(text).toContain('| service search p95, fuzzy (100,000 documents) | 14.0 ms | met (< 20 ms) |');
    expect(text).toContain('| suggestions p95 (100,000 documents) | 11.0 ms | **missed** (< 10 ms) |');
    expect(text).toContain('| restart to first answer (100,000 documents) | 900.0 ms | met (< 1000 ms) |');
    expect(text).not.toContain('quick run');
  });

  it('splits the 300-hit render: into the DOM, then to the paint, and its main-thread CPU time', () => {
    const text = renderingTable({
      runs: 10,
      hits300: 200,
      hits300Dom: 100,
      hits300Paint: 60,
      hits300Cpu: 120,
      facet1000: 300,
      added: { task: 90, script: 40, layout: 10, style: 6 },
    });
    expect(text).toContain('| 300 hits with thumbnails and highlights: answer parsed → in the DOM | 100.0 |');
    expect(text).toContain('| … in the DOM → the next frame painted | 60.0 |');
    expect(text).toContain('| … main-thread CPU time, search → painted | 120.0 |');
  });

  it('judges the wait over the queries that changed the list, and the 300-hit render', () => {
    const rendering = {
      runs: 10,
      hits300: 862.6,
      hits300Dom: 284,
      hits300Paint: 250,
      hits300Cpu: 400,
      facet1000: 322,
      added: { task: 93, script: 39, layout: 10, style: 6 },
    };
    const text = targetsTable(results({ rendering }));
    expect(text).toContain('| … the same, over the queries whose final search changed the list (100,000 documents) | 150.0 ms | **missed** (≤ 100 ms) |');
    expect(text).toContain('| 300 hits with thumbnails and highlights, answer received → painted | 862.6 ms | **missed** (< 250 ms) |');
    expect(targetsTable(results({ rendering: { ...rendering, hits300: 240 } }))).toContain('| 240.0 ms | met (< 250 ms) |');
  });
  it('judges the probes under load, and does not call a mostly refused one met', () => {
    const overload = {
      documents: 100_000,
      seconds: 10,
      result: {
        probes: [
          { kind: '/health', requests: 200, p50: 10, p99: 40, refused: 0, errors: 0 },
          { kind: 'term-only search', requests: 200, p50: 5, p99: 15, refused: 190, errors: 0 },
        ],
        faceted: { connections: 64, perSecond: 50, refusedShare: 0.9, errors: 0 },
        batches: { applied: 2, medianSeconds: 0.4, refused: 9 },
      },
    };
    const text = targetsTable(results({ overload }));
    expect(text).toContain('| /health p99 under a faceted load and a batch stream (100,000 documents) | 40.0 ms | met (< 50 ms) |');
    expect(text).toContain(
      '| term-only search p99 under a faceted load and a batch stream (100,000 documents) | 15.0 ms, 190 of 200 refused (503) | **missed** (mostly refused) |',
    );
  });

  it('judges how soon a write on one node is searched on another, and tables each setup', () => {
    const load = { connections: 64, requests: 900, throughput: 90, p50: 200, p99: 900, refused: 5, errors: 0 };
    const scale = {
      documents: 100_000,
      seconds: 10,
      rows: [
        { setup: 'SQLite, 1 process', indexing: 1200, p50: 3, p95: 12, load },
        { setup: 'PostgreSQL, 2 processes', indexing: null, p50: 9, p95: 40, load: { ...load, throughput: 120 } },
      ],
      visibility: [5, 9, 1200],
    };
    expect(targetsTable(results({ scale }))).toContain('| a write on one node searchable on another, median (100,000 documents) | 9.00 ms | met (< 1000 ms) |');
    expect(targetsTable(results({ scale: { ...scale, visibility: [1500, 1600, 9] } }))).toContain('| 1500.0 ms | **missed** (< 1000 ms) |');
    const text = scaleTable(scale);
    expect(text).toContain('| PostgreSQL, 2 processes | – | 9.00 | 40.0 | 120 | 200.0 | 900.0 | 5 | 0 |');
    expect(text).toContain('after **9.00 ms** (median of 3; the slowest 1200.0 ms');
  });

  it('says when a quick run stopped short of the 100,000-document targets', () => {
    const text = targetsTable(results({ sizes: [10_000], typing: [], latency: [], restart: null }));
    expect(text).toContain('not measured (target < 50 ms)');
    expect(text).toContain('this quick run stops at 10,000 documents');
  });
});

describe('typingTable', () => {
  it('has one column per corpus size', () => {
    const text = typingTable(results().typing);
    expect(text.split('\n')[0]).toBe('| measure | 10,000 documents | 100,000 documents | target |');
    expect(text).toContain('| stale paints | 0 | 1 | 0 |');
    expect(text).toContain('| … share of pauses of 200 ms or more (the request pace) | 1.0% | 5.0% |  |');
    expect(text).toContain('| most requests in any second, per endpoint | search 5, suggest 4 | search 6, suggest 5 | ≤ 5 each |');
    expect(text).toContain('| requests cancelled per query (they reached the service), share of all | 2.00 (20%) | 3.00 (25%) |  |');
    expect(text).toContain('| … of which answer arrived → painted, p95 ms | 9.00 | 50.0 |  |');
  });
});

/** One outcome: `rank` null with `hits` 0 is a query that found nothing. */
const outcome = (queryClass: QueryClass, set: QuerySet, rank: number | null, ms = 2, hits = 10): QueryOutcome => ({
  q: `${queryClass}-${set}-${rank}`,
  class: queryClass,
  set,
  rank,
  urls: Array.from({ length: hits }, (_, i) => `u${i}`),
  ms,
});

/**
 * Ours: every query first, but the prefix holdout one third and the typo ones with nothing found
 * (11 of 15 first, 12 in the top 3). The other engine: every query second.
 */
function relevance(): RelevanceResults {
  const classes: QueryClass[] = ['exact', 'natural', 'prefix', 'typo', 'multiword'];
  const ours = classes.flatMap((c) =>
    (['tune', 'tune', 'holdout'] as const).map((set) =>
      c === 'typo' ? outcome(c, set, null, 4, 0) : outcome(c, set, c === 'prefix' && set === 'holdout' ? 3 : 1),
    ),
  );
  const other = classes.flatMap((c) => (['tune', 'tune', 'holdout'] as const).map((set) => outcome(c, set, 2, 1)));
  return {
    documents: 100,
    packages: ['other@1.0.0'],
    packagesNote: 'installed',
    engines: [
      { name: 'ours', settings: 'widget', outcomes: ours },
      { name: 'Other', settings: 'defaults', outcomes: other },
      { name: 'Gone', settings: 'x', missing: 'not measured (could not install: offline)', outcomes: [] },
    ],
  };
}

describe('relevance tables', () => {
  it('give each engine its figures over all queries, and why one has none', () => {
    const text = relevanceTable(relevance());
    expect(text.split('\n')[0]).toBe('| engine | queries | success@1 | success@3 | MRR@10 | zero results | median ms | p95 ms |');
    // MRR (11 + 1/3) / 15; 3 of 15 with nothing; times 12 × 2 ms and 3 × 4 ms.
    expect(text).toContain('| ours | 15 | 0.73 | 0.80 | 0.76 | 20.0% | 2.00 | 4.00 |');
    expect(text).toContain('| Other | 15 | 0.00 | 1.00 | 0.50 | 0.0% | 1.00 | 1.00 |');
    expect(text).toContain('| Gone | – | – | – | – | – | – | not measured (could not install: offline) |');
  });
  it('count only the set asked for', () => {
    expect(relevanceTable(relevance(), 'holdout')).toContain('| ours | 5 | 0.60 | 0.80 | 0.67 | 20.0% |');
  });
  it('break the figures down by class for the engines measured', () => {
    const text = relevanceClassTable(relevance());
    expect(text).toContain('| typo | ours | 3 | 0.00 | 0.00 | 0.00 | 100.0% |');
    expect(text).toContain('| prefix | ours | 3 | 0.67 | 1.00 | 0.78 | 0.0% |');
    expect(text).toContain('| multiword | Other | 3 | 0.00 | 1.00 | 0.50 | 0.0% |');
    expect(text).not.toContain('Gone');
  });
  it("put ours' tune and holdout figures side by side", () => {
    const text = relevanceSetsTable(relevance());
    expect(text).toContain('| ours, tune | 10 | 0.80 | 0.80 | 0.80 | 20.0% |');
    expect(text).toContain('| ours, holdout | 5 | 0.60 | 0.80 | 0.67 | 20.0% |');
    expect(text).toContain('| ours, all | 15 |');
  });
  it('judge the relevance targets, naming the classes where ours trails', () => {
    const text = targetsTable(results({ relevance: relevance() }));
    expect(text).toContain('| relevance: success@1, ours (15 queries) | 0.73 | **missed** (≥ 0.75) |');
    expect(text).toContain('| relevance: MRR@10, ours (15 queries) | 0.76 | **missed** (≥ 0.8) |');
    expect(text).toContain("| relevance: classes where ours' MRR@10 is below the best other engine's | 1 of 5 (typo) | **missed** (= 0) |");
    expect(text).toContain('| relevance: typo queries without results, ours | 3 | **missed** (= 0) |');
  });
  it('say so when ours was not measured', () => {
    const r = relevance();
    r.engines[0] = { name: 'ours', settings: 'widget', missing: 'not measured (the service did not start)', outcomes: [] };
    const text = targetsTable(results({ relevance: r }));
    expect(text).toContain('| relevance: success@1, ours | – | not measured (target ≥ 0.75) |');
    expect(text).toContain('| relevance: typo queries without results, ours | – | not measured (target ≤ 0) |');
  });
});
