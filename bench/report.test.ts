import { describe, expect, it } from 'vitest';
import { sizeTable, targetsTable, typingTable, type Results } from './report.ts';

const size = (brotli: number) => ({ raw: brotli * 4, gzip: brotli + 100, brotli });

function results(overrides: Partial<Results> = {}): Results {
  return {
    quick: false,
    date: '2026-01-01',
    machine: 'test',
    ours: [{ name: 'ours', imports: 'all', js: size(14 * 1024), css: size(1024) }],
    scriptTag: size(15 * 1024),
    anchors: [
      { name: 'anchor', imports: 'x', js: size(60 * 1024), css: null },
      { name: 'offline', imports: 'y', js: null, css: null, missing: 'not measured (offline)' },
    ],
    anchorsNote: '',
    sizes: [10_000, 100_000],
    typing: [
      { documents: 10_000, result: { queries: 50, keystrokes: 600, searchesPerQuery: 1.1, suggestionsPerQuery: 9, stalePaints: 0, latencies: [], median: 10, p95: 20, afterAnswerMedian: 5, afterAnswerP95: 9, pauseMedian: 130, pauseP95: 190, pausesOverDebounce: 0.01, unchanged: 0 } },
      { documents: 100_000, result: { queries: 50, keystrokes: 600, searchesPerQuery: 1.2, suggestionsPerQuery: 9, stalePaints: 1, latencies: [], median: 30, p95: 70, afterAnswerMedian: 20, afterAnswerP95: 50, pauseMedian: 131, pauseP95: 199, pausesOverDebounce: 0.05, unchanged: 2 } },
    ],
    latency: [{ documents: 100_000, rows: [{ kind: 'term only', median: 5, p95: 12, p99: 30, processing: 4 }] }],
    indexing: [],
    memory: [],
    restart: { documents: 100_000, result: { runs: [900], median: 900, listening: [800] } },
    load: null,
    rendering: null,
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
    expect(text).toContain('| script-tag build, JS + CSS, brotli | 15.00 KiB | met (≤ 16 KiB) |');
    expect(text).toContain('| stale paints (100,000 documents) | 1 | **missed** (= 0) |');
    expect(text).toContain('| debounce end → results painted, p95 (100,000 documents) | 70.0 ms | **missed** (< 50 ms) |');
    expect(text).toContain('| service search p95, term only (100,000 documents) | 12.0 ms | met (< 20 ms) |');
    expect(text).toContain('| restart to first answer (100,000 documents) | 900.0 ms | met (< 2000 ms) |');
    expect(text).not.toContain('quick run');
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
    expect(text).toContain('| … share of pauses of 200 ms or more (the debounce) | 1.0% | 5.0% |  |');
    expect(text).toContain('| … of which answer arrived → painted, p95 ms | 9.00 | 50.0 |  |');
  });
});
