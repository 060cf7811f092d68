import { describe, expect, it } from 'vitest';
import {
  againstDemo,
  corporaMeasured,
  frequencyQueries,
  frequencySection,
  frequencyTable,
  LONG_PAGES_SETUP,
  largeSetup,
  readFrequencyTable,
  rowFigures,
  worseRows,
  type FrequencyRow,
} from './frequencyBench.ts';

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
  it('reads back the rows it wrote, with their spread', () => {
    const rows = [{ ...row('SQLite, 1 thread', 3.5), p50Spread: [3.25, 3.75] as const, throughputSpread: [90, 110] as const }, row('PostgreSQL', 4.25, 320)];
    expect(readFrequencyTable(`# Benchmarks\n\n${frequencyTable(rows)}\n\nmore text\n`)).toEqual(
      rows.map((r) => ({ ...r, throughput: Math.round(r.throughput) })),
    );
    expect(readFrequencyTable('no table here')).toEqual([]);
  });

  it('reads the table written before it had the spread columns', () => {
    const before = `| setup | words held by | query | matches | p50 ms | p95 ms | searches/s at 16 connections |
| --- | --- | --- | ---: | ---: | ---: | ---: |
| SQLite, 1 thread | 25% | 1 word | 2005 | 5.68 | 9.16 | 244 |
`;
    expect(readFrequencyTable(before)).toEqual([
      { setup: 'SQLite, 1 thread', band: '25%', kind: '1 word', matches: 2005, p50: 5.68, p95: 9.16, throughput: 244 },
    ]);
  });

  it("takes a row's figures over all its rounds, so one slow round moves them little", () => {
    const rounds = [
      [3, 3, 4],
      [3, 4, 4],
      [9, 9, 9],
    ];
    const figures = rowFigures({ rounds, throughputs: [400, 100, 420], matches: [10, 30, 20] });
    expect(figures).toEqual({ matches: 20, p50: 4, p95: 9, throughput: 400, p50Spread: [3, 9], throughputSpread: [100, 420] });
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
    expect(frequencySection([], '', '2026-12-06', { before: 1.25, after: 2 }).section).toMatch(/load average was 1\.3 at the start and 2\.0 at the end/);
    expect(warnings).toHaveLength(1);
  });

  it('says how many rounds its figures come from: fewer in the quick run', () => {
    expect(frequencySection([], '', '2026-12-07').section).toMatch(/After a\nwarm-up round, 8 rounds each/);
    expect(frequencySection([], '', '2026-12-07', null, 2).section).toMatch(/After a\nwarm-up round, 2 rounds each/);
  });
});

describe('the other corpora against the demo corpus', () => {
  it("holds each long-page and large row against the demo's of the same band and query, and names the worst p95", () => {
    const rows = [row('SQLite, 2 threads', 2), row(LONG_PAGES_SETUP, 3), row(largeSetup(100_000), 5), { ...row('SQLite, 2 threads', 1), kind: '2 words' }];
    const lines = againstDemo(rows).trim().split('\n');
    expect(lines).toEqual([
      '- long pages over the demo corpus (p50 / p95): 25% 1 word 1.50× / 1.50×; the worst p95 **1.50×** (25%, 1 word).',
      '- 100,000 documents over the demo corpus (p50 / p95): 25% 1 word 2.50× / 2.50×; the worst p95 **2.50×** (25%, 1 word).',
    ]);
    expect(againstDemo([row('SQLite, 2 threads', 2)])).toBe('');
  });
});

describe("the section's first sentence", () => {
  const demo = [row('SQLite, 1 thread', 2), row('SQLite, 2 threads', 2), row('PostgreSQL', 3)];

  it('names the demo corpus alone when no other corpus ran (--demo-only)', () => {
    expect(corporaMeasured(demo)).toBe('the demo corpus alone');
    const { section } = frequencySection(demo, '', '2026-12-07');
    expect(section).toContain('`npm run bench`): the demo corpus alone;');
    expect(section).not.toMatch(/long-page|Python|generated|100,000/);
  });

  it('names each other corpus that ran, with the generated one at the size it had', () => {
    expect(corporaMeasured([...demo, row(LONG_PAGES_SETUP, 3), row(largeSetup(100_000), 5)])).toBe(
      "the demo corpus, and on SQLite with 2 threads the long-page corpus (the Python documentation, crawled) and a generated corpus of 100,000 documents (the demo's and variants of them)",
    );
    expect(corporaMeasured([...demo, row(largeSetup(20_000), 5)])).toBe(
      "the demo corpus, and on SQLite with 2 threads a generated corpus of 20,000 documents (the demo's and variants of them)",
    );
    expect(corporaMeasured([...demo, row(LONG_PAGES_SETUP, 3)])).toBe(
      'the demo corpus, and on SQLite with 2 threads the long-page corpus (the Python documentation, crawled)',
    );
  });
});
