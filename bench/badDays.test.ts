import { describe, expect, it } from 'vitest';
import { badDaysSection, badDaysTable, type BadDayRow, type BadDaysResults, type Latency } from './badDays.ts';
import { carrySections, spliceSection } from './sectionSplice.ts';

const latency = (p95: number): Latency => ({ requests: 100, p50: p95 / 2, p95, p99: p95 * 2, errors: 0 });

function results(floodedP95: number, slowP95: number): BadDaysResults {
  const rows: BadDayRow[] = [
    { condition: 'quiet', termOnly: latency(4), faceted: latency(6) },
    {
      condition: 'recommendations flooded',
      termOnly: latency(floodedP95),
      faceted: latency(6),
      flood: { perSecond: 50, sent: 500, ok: 100, limited: 395, refused: 5, other: 0 },
    },
    { condition: 'slow uploads', termOnly: latency(4), faceted: latency(slowP95), uploads: { concurrent: 20, byteIntervalMs: 2000, opened: 20, closed: 0 } },
  ];
  return { documents: 5000, transactions: 30_000, seconds: 5, words: 200, rateLimit: { max: 10, windowMs: 1000 }, recommendationMs: 1.5, rows };
}

const rowOf = (text: string, condition: string) => text.split('\n').find((line) => line.startsWith(`| ${condition} |`)) ?? '';

describe('badDaysTable', () => {
  it('compares each bad day p95 with the quiet one and says whether the target is met', () => {
    const text = badDaysTable(results(6, 18));
    expect(rowOf(text, 'quiet')).toContain('| nothing else |');
    const flooded = rowOf(text, 'recommendations flooded');
    expect(flooded).toContain('| 1.5× / 1.0× | met (≤ 2×) |');
    expect(flooded).toContain('500 sent, 100 × 200, 395 × 429, 5 × 503');
    // The faceted p95 is 3× the quiet one's: the worse of the two decides.
    const slow = rowOf(text, 'slow uploads');
    expect(slow).toContain('| 1.0× / 3.0× | **missed** (≤ 2×) |');
    expect(slow).toContain('20 uploads open, a byte every 2 s; 0 closed by the service');
  });
});

describe('badDaysSection', () => {
  it('says how it was measured and holds the table', () => {
    const section = badDaysSection(results(4, 6), '2026-01-01');
    expect(section.startsWith('## Bad days\n')).toBe(true);
    expect(section).toContain('2026-01-01');
    expect(section).toContain("this machine's 2 cores");
    expect(section).toContain(badDaysTable(results(4, 6)));
  });
});

describe('spliceSection', () => {
  const report = '# Benchmarks\n\n## Service\n\nservice\n\n## Several nodes\n\nold nodes\n\n## Relevance\n\nrelevance\n';

  it('puts a new section before "## Relevance"', () => {
    expect(spliceSection(report, 'Bad days', '## Bad days\n\nfirst\n')).toBe(
      '# Benchmarks\n\n## Service\n\nservice\n\n## Several nodes\n\nold nodes\n\n## Bad days\n\nfirst\n\n## Relevance\n\nrelevance\n',
    );
  });

  it('replaces a section up to the next heading, keeping the sections after it', () => {
    const withBadDays = spliceSection(report, 'Bad days', '## Bad days\n\nfirst\n');
    expect(spliceSection(withBadDays, 'Several nodes', '## Several nodes\n\nnew nodes\n')).toBe(
      '# Benchmarks\n\n## Service\n\nservice\n\n## Several nodes\n\nnew nodes\n\n## Bad days\n\nfirst\n\n## Relevance\n\nrelevance\n',
    );
    expect(spliceSection(withBadDays, 'Bad days', '## Bad days\n\nsecond\n')).toBe(
      '# Benchmarks\n\n## Service\n\nservice\n\n## Several nodes\n\nold nodes\n\n## Bad days\n\nsecond\n\n## Relevance\n\nrelevance\n',
    );
  });

  it('refuses a report without "## Relevance"', () => {
    expect(() => spliceSection('# Benchmarks\n', 'Bad days', '## Bad days\n')).toThrow(/Relevance/);
  });

  it('carries into a full run the sections measured alone that it does not write', () => {
    const previous = spliceSection(report, 'Bad days', '## Bad days\n\nmeasured alone\n');
    const next = '# Benchmarks\n\n## Service\n\nnew service\n\n## Several nodes\n\nnew nodes\n\n## Relevance\n\nnew relevance\n';
    expect(carrySections(previous, next)).toBe(
      '# Benchmarks\n\n## Service\n\nnew service\n\n## Several nodes\n\nnew nodes\n\n## Bad days\n\nmeasured alone\n\n## Relevance\n\nnew relevance\n',
    );
    expect(carrySections(report, next)).toBe(next);
  });
});
