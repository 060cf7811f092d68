// SQLite only, outside the conformance suite (server/testing/testEngine.ts): what the SQLite
// engine keeps in its tables and files. The engine interface is checked on every engine in
// engine.test.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteEngine } from './sqliteEngine.ts';
import { searchQuery } from '../testing/searchQuery.ts';
import { testDocument as doc } from '../testing/testDocuments.ts';
import { createSearchPipeline as pipeline } from '../pipeline/searchPipeline.ts';

const folder = mkdtempSync(join(tmpdir(), 'site-search-documents-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function ids(engine: SqliteEngine, word: string): Promise<string[]> {
  return (await pipeline(engine).search(searchQuery([word]))).hits.map((h) => h.document.id);
}

describe('SqliteEngine documents', () => {
  it('removes a document from every table, and its hidden keywords with it', async () => {
    const engine = await SqliteEngine.open(join(folder, 'remove.sqlite'));
    try {
      await engine.write([doc('a', 'apple words', { customFields: { colour: 'red' } }), doc('b', 'apple too')]);
      expect(await engine.setHiddenKeywords('a', 'secretword')).toBe(true);
      expect(await ids(engine, 'secretword')).toEqual(['a']);
      expect(await engine.remove('a')).toBe(true);
      expect(await engine.remove('a')).toBe(false);
      expect(await ids(engine, 'apple')).toEqual(['b']);
      expect(await ids(engine, 'secretword')).toEqual([]);
      expect(await pipeline(engine).autocomplete('colour', 'r', 5)).toEqual([]);
      expect(await engine.status('a')).toBeNull();
      // The URL's categories leave with the document.
      const byHost = async () => (await pipeline(engine).search(searchQuery(['*'], { words: null, category: '0xexample.com' }))).total;
      expect(await byHost()).toBe(1);
      await engine.remove('b');
      expect(await byHost()).toBe(0);
      expect(await engine.count()).toBe(0);
    } finally {
      engine.close();
    }
  });

  it('keeps FTS consistent through keyword changes and replacements', async () => {
    const engine = await SqliteEngine.open(join(folder, 'fts.sqlite'));
    try {
      await engine.write([doc('k', 'plain text')]);
      await engine.setHiddenKeywords('k', 'one two');
      await engine.write([doc('k', 'other text')]);
      await engine.setHiddenKeywords('k', 'three');
      expect(await ids(engine, 'three')).toEqual(['k']);
      expect(await ids(engine, 'one')).toEqual([]);
      expect(await ids(engine, 'plain')).toEqual([]);
      expect(await ids(engine, 'other')).toEqual(['k']);
      expect((await engine.get('k'))!.mainContent).toBe('other text');
      expect(await engine.setHiddenKeywords('missing', 'x')).toBe(false);
      await engine.remove('k');
      // Everything given to FTS was taken back out with the same text: the index checks as consistent.
      const db = new Database(join(folder, 'fts.sqlite'));
      try {
        expect(() => db.exec(`INSERT INTO fts (fts) VALUES ('integrity-check')`)).not.toThrow();
        expect(() => db.exec(`INSERT INTO fts_title (fts_title) VALUES ('integrity-check')`)).not.toThrow();
      } finally {
        db.close();
      }
    } finally {
      engine.close();
    }
  });

  it('opens a file from before statuses and page facts, adding them in place', async () => {
    const file = join(folder, 'old.sqlite');
    const engine = await SqliteEngine.open(file);
    await engine.write([doc('old', 'ancient words')]);
    engine.close();
    // Back to the version 1 layout: no page columns, no status table, no migrations recorded.
    const db = new Database(file);
    db.exec(`DROP INDEX docs_content_hash; DROP TABLE doc_status; DROP TABLE migrations;`);
    for (const column of ['h1', 'h2', 'meta_description', 'hidden_keywords', 'content_hash']) db.exec(`ALTER TABLE docs DROP COLUMN ${column}`);
    db.close();

    const reopened = await SqliteEngine.open(file);
    try {
      expect(await reopened.get('old')).toMatchObject({ id: 'old', h1: '', h2: '', metaDescription: null, hiddenKeywords: null });
      expect(await reopened.status('old')).toMatchObject({ status: 'INDEXED', indexed: true, duplicateOf: null });
      expect(await reopened.setHiddenKeywords('old', 'revived')).toBe(true);
      expect(await ids(reopened, 'revived')).toEqual(['old']);
      expect(await ids(reopened, 'ancient')).toEqual(['old']);
    } finally {
      reopened.close();
    }
  });
  it('counts a document once per range even when several of its values fall in it', async () => {
    const file = join(folder, 'multi.sqlite');
    const engine = await SqliteEngine.open(file);
    const facetQuery = {
      facets: [{ kind: 'field' as const, key: 'tags', field: 'tags' }],
      rangeFacets: [{ key: 'years', field: 'years', ranges: [{ to: 2010 }, { from: 2010 }, {}] }],
    };
    // `book` matches 4 of 104 documents: values are read per match; `shelf` matches all,
    // and the field's values are walked.
    const counts = async (target: SqliteEngine, words = ['book']) => {
      const result = await pipeline(target).search({ ...searchQuery(words), ...facetQuery });
      return { total: result.total, tags: result.facets?.tags, years: result.rangeFacets?.years?.map((b) => b.count) };
    };
    const fillers = Array.from({ length: 100 }, (_, i) => doc(`z${i}`, 'shelf', { customFields: { years: ['1990'], tags: ['z'] } }));
    try {
      // Arrays hold strings; numeric ones count in ranges. Single values first: the field
      // becomes multi-valued only with the second write.
      const first = await engine.write([
        doc('m1', 'book shelf', { customFields: { years: ['2001'], tags: ['x'] } }),
        doc('m2', 'book shelf', { customFields: { years: ['2015'], tags: ['y'] } }),
        ...fillers,
      ]);
      expect(first).toEqual({ ok: true });
      expect(await counts(engine)).toEqual({
        total: 2,
        tags: [
          { value: 'x', count: 1 },
          { value: 'y', count: 1 },
        ],
        years: [1, 1, 2],
      });
      const second = await engine.write([
        doc('m3', 'book shelf', { customFields: { years: ['2003', '2005', '2012'], tags: ['x', 'y'] } }),
        doc('m4', 'book shelf', { customFields: { years: ['2011', '2019', '2019'], tags: ['y', 'y'] } }),
      ]);
      expect(second).toEqual({ ok: true });
      const expected = {
        total: 4,
        tags: [
          { value: 'y', count: 3 },
          { value: 'x', count: 2 },
        ],
        years: [2, 3, 4],
      };
      const all = {
        total: 104,
        tags: [{ value: 'z', count: 100 }, ...expected.tags],
        years: [102, 3, 104],
      };
      expect(await counts(engine)).toEqual(expected);
      expect(await counts(engine, ['shelf'])).toEqual(all);
      engine.close();
      // A file from before multi-valued fields were recorded learns them on opening.
      const db = new Database(file);
      db.exec(`DROP TABLE multi_valued_fields; DELETE FROM meta WHERE key = 'multi_valued_complete'; DROP TABLE migrations`);
      db.close();
      const reopened = await SqliteEngine.open(file);
      try {
        expect(await counts(reopened)).toEqual(expected);
        expect(await counts(reopened, ['shelf'])).toEqual(all);
      } finally {
        reopened.close();
      }
    } finally {
      engine.close();
    }
  });
});
