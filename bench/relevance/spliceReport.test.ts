import { describe, expect, it } from 'vitest';
import { spliceRelevance } from './spliceReport.ts';
import type { RelevanceResults } from './types.ts';

const RESULTS: RelevanceResults = {
  documents: 3,
  packages: [],
  packagesNote: 'installed nowhere',
  engines: [{ name: 'ours', settings: 'the service', outcomes: [] }],
};

const REPORT = `# Benchmarks

## Targets

| target | measured | verdict |
| --- | ---: | ---: |
| size | 1 KiB | met |
| relevance: success@1, ours | 0.10 | **missed** |
| relevance: MRR@10, ours | 0.20 | **missed** |

## Size

Sizes.

## Relevance

Old relevance text.
`;

describe('spliceRelevance', () => {
  it('replaces the relevance section and target rows, and nothing else', () => {
    const out = spliceRelevance(REPORT, RESULTS, '2030-01-02');
    expect(out).toContain('| size | 1 KiB | met |\n');
    expect(out).toContain('## Size\n\nSizes.\n');
    expect(out).not.toContain('Old relevance text');
    expect(out).not.toContain('| relevance: success@1, ours | 0.10');
    expect(out).toContain('`npm run bench:relevance -- --write` on 2030-01-02');
    expect(out.match(/^\| relevance:/gm)?.length).toBeGreaterThan(0);
    expect(out.indexOf('| relevance:')).toBeLessThan(out.indexOf('## Size'));
  });

  it('says what to run when the report has no relevance section', () => {
    expect(() => spliceRelevance('# Benchmarks\n', RESULTS, '2030-01-02')).toThrow(/run `npm run bench` once/);
  });
});
