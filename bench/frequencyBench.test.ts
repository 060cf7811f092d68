import { describe, expect, it } from 'vitest';
import { frequencyQueries, frequencySection, frequencyTable, readFrequencyTable, worseRows, type FrequencyRow } from './frequencyBench.ts';

const row = (setup: string, p50: number, throughput = 100): FrequencyRow => ({
  setup,
  band: '25%',
  kind: '1 word',
  matches: 2000,
  p50,
  p95: p50 * 2,
  throughput,
});

describe('frequencyQueries', () => {
  it('takes each band its words held by that share of the documents, alone and in pairs', () => {
    // 1,000 documents: `common` in half of them, `quarter` in a quarter, `seldom` in one.
    const documents = Array.from({ length: 1000 }, (_, i) => ({
      title: `page ${i}`,
      main_content: [i % 2 === 0 ? 'common' : '', i % 4 === 0 ? 'quarter' : '', i % 4 === 1 ? 'other' : '', i === 7 ? 'seldom' : ''].join(' '),
    }));
    const queries = frequencyQueries(documents);
    expect(queries.find((q) => q.band === '50%' && q.kind === '1 word')?.terms).toEqual(['common']);
    expect(queries.find((q) => q.band === '25%' && q.kind === '2 words')?.terms).toEqual(['other quarter']);
    // A word in one document alone is left out: it may be a stray.
    expect(queries.some((q) => q.band === 'rare')).toBe(false);
  });
});

describe('the table and its warnings', () => {
  it('reads back the rows it wrote', () => {
    const rows = [row('SQLite, 1 thread', 3.5), row('PostgreSQL', 4.25, 320)];
    expect(readFrequencyTable(`# Benchmarks\n\n${frequencyTable(rows)}\n\nmore text\n`)).toEqual(
      rows.map((r) => ({ ...r, throughput: Math.round(r.throughput) })),
    );
    expect(readFrequencyTable('no table here')).toEqual([]);
  });

  it('warns of a row more than 25% worse than the figures last written, and of no other', () => {
    const before = [row('SQLite, 1 thread', 4), row('PostgreSQL', 4, 300)];
    const after = [row('SQLite, 1 thread', 4.9), row('PostgreSQL', 5.1, 300), row('SQLite, 2 threads', 50)];
    const warnings = worseRows(before, after);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^WARNING: PostgreSQL, 25%, 1 word: more than 25% worse .*p50 4\.00 -> 5\.10 ms/);
    expect(worseRows(before, [row('PostgreSQL', 4, 200)])[0]).toMatch(/300 -> 200 searches\/s/);
  });

  it('puts the warnings beside the section that replaces the last one', () => {
    const previous = `## Search cost by word frequency\n\n${frequencyTable([row('SQLite, 1 thread', 2)])}\n`;
    const { section, warnings } = frequencySection([row('SQLite, 1 thread', 3)], previous, '2026-12-06');
    expect(section).toMatch(/^## Search cost by word frequency\n/);
    expect(warnings).toHaveLength(1);
  });
});
