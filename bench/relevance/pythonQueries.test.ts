import { describe, expect, it } from 'vitest';
import { PYTHON_QUERIES } from './pythonQueries.ts';
import { pythonDocsFolder, sitePages } from './pythonSite.ts';
import { QUERY_CLASSES } from './types.ts';

const folder = pythonDocsFolder();

describe('the judged queries on the Python documentation', () => {
  // Without Debian's python3-doc there is no corpus to check the targets against (the bench skips it too).
  it.skipIf(folder === null)('point every target at a page of the corpus', () => {
    const pages = new Set(sitePages(folder!));
    const missing = PYTHON_QUERIES.flatMap((query) => query.targets.filter((path) => !pages.has(path)).map((path) => `${query.q} → ${path}`));
    expect(missing).toEqual([]);
  });

  it('have at least 100 queries, 20 in every class, none twice', () => {
    expect(PYTHON_QUERIES.length).toBeGreaterThanOrEqual(100);
    for (const c of QUERY_CLASSES) expect(PYTHON_QUERIES.filter((query) => query.class === c).length, c).toBeGreaterThanOrEqual(20);
    const texts = PYTHON_QUERIES.map((query) => query.q.toLowerCase());
    expect(texts.filter((q, i) => texts.indexOf(q) !== i)).toEqual([]);
  });

  it('give every query a target path and a one-line reason', () => {
    for (const query of PYTHON_QUERIES) {
      expect(query.targets.length, query.q).toBeGreaterThan(0);
      for (const path of query.targets) expect(path, query.q).toMatch(/^\/[\w./-]+\.html$/);
      expect(query.reason.trim(), query.q).not.toBe('');
      expect(query.reason, query.q).not.toContain('\n');
    }
  });

  it('hold out every third query of each class in file order', () => {
    for (const c of QUERY_CLASSES) {
      const sets = PYTHON_QUERIES.filter((query) => query.class === c).map((query) => query.set);
      expect(sets, c).toEqual(sets.map((_, i) => (i % 3 === 2 ? 'holdout' : 'tune')));
    }
  });
});
