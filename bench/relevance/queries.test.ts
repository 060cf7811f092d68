import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCorpus } from '../../demo/corpus/build.ts';
import { QUERIES } from './queries.ts';
import { QUERY_CLASSES, type QuerySet } from './types.ts';

let urls: Set<string>;

beforeAll(() => {
  urls = new Set(buildCorpus({ thumbBase: 'http://127.0.0.1:1' }).flatMap((d) => d.url ?? []));
});

/** The split rule: in each class, the 60% of queries with the lowest SHA-256 of their text tune. */
function expectedSets(): Map<string, QuerySet> {
  const sets = new Map<string, QuerySet>();
  const hash = (q: string) => createHash('sha256').update(q).digest('hex');
  for (const c of QUERY_CLASSES) {
    const ordered = QUERIES.filter((query) => query.class === c).sort((a, b) => (hash(a.q) < hash(b.q) ? -1 : 1));
    const tune = Math.round(ordered.length * 0.6);
    ordered.forEach((query, i) => sets.set(query.q, i < tune ? 'tune' : 'holdout'));
  }
  return sets;
}

describe('the judged queries', () => {
  it('point every target at a document of the demo corpus', () => {
    const missing = QUERIES.flatMap((query) => query.targets.filter((url) => !urls.has(url)).map((url) => `${query.q} → ${url}`));
    expect(missing).toEqual([]);
  });

  it('have at least 150 queries, 30 in every class, none twice', () => {
    expect(QUERIES.length).toBeGreaterThanOrEqual(150);
    for (const c of QUERY_CLASSES) expect(QUERIES.filter((query) => query.class === c).length, c).toBeGreaterThanOrEqual(30);
    const texts = QUERIES.map((query) => query.q.toLowerCase());
    expect(texts.filter((q, i) => texts.indexOf(q) !== i)).toEqual([]);
  });

  it('give every query a target and a one-line reason', () => {
    for (const query of QUERIES) {
      expect(query.targets.length, query.q).toBeGreaterThan(0);
      expect(query.reason.trim(), query.q).not.toBe('');
      expect(query.reason, query.q).not.toContain('\n');
    }
  });

  it('are split into tune and holdout by the hash rule, both sets in every class', () => {
    const sets = expectedSets();
    expect(QUERIES.filter((query) => query.set !== sets.get(query.q)).map((query) => query.q)).toEqual([]);
    for (const c of QUERY_CLASSES) {
      const inClass = QUERIES.filter((query) => query.class === c);
      expect(
        inClass.some((query) => query.set === 'tune'),
        c,
      ).toBe(true);
      expect(
        inClass.some((query) => query.set === 'holdout'),
        c,
      ).toBe(true);
    }
  });
});
