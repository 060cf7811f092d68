// SQLite only, outside the conformance suite (server/testing/testEngine.ts): the SQLite
// engine's search strategies and its files.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedDocument } from './engine.ts';
import { SqliteEngine } from './sqliteEngine.ts';
import { numberedDocument as doc } from '../testing/testDocuments.ts';
import { engineStrategyCases, NUMBERED_DOCUMENTS, SMALL_LIMITS } from '../testing/engineStrategies.ts';
import { searchQuery } from '../testing/searchQuery.ts';
import { createSearchPipeline as pipeline } from '../pipeline/searchPipeline.ts';

const folder = mkdtempSync(join(tmpdir(), 'site-search-engine-'));
const file = join(folder, 'index.sqlite');
let engine: SqliteEngine;
const opened: SqliteEngine[] = [];
let freshCount = 0;

beforeAll(async () => {
  engine = await SqliteEngine.open(file, SMALL_LIMITS);
  expect(await engine.write(NUMBERED_DOCUMENTS)).toEqual({ ok: true });
});

afterAll(() => {
  engine.close();
  for (const fresh of opened) fresh.close();
  rmSync(folder, { recursive: true, force: true });
});

engineStrategyCases(
  () => engine,
  async () => {
    const fresh = await SqliteEngine.open(join(folder, `fresh-${++freshCount}.sqlite`), SMALL_LIMITS);
    opened.push(fresh);
    return fresh;
  },
);

describe('counts remembered across searches', () => {
  it('forgets remembered counts when documents change', async () => {
    expect((await pipeline(engine).search(searchQuery(['beta']))).total).toBe(3);
    await engine.write([{ ...doc(13), mainContent: 'alpha beta filler13' }]);
    expect((await pipeline(engine).search(searchQuery(['beta']))).total).toBe(4);
    expect((await pipeline(engine).search(searchQuery(['alpha']))).total).toBe(30);
  });
});

describe('opening an index made before the title index existed', () => {
  it('fills the title index from the documents', async () => {
    const olderFile = join(folder, 'older.sqlite');
    const older = await SqliteEngine.open(olderFile, SMALL_LIMITS);
    await older.write(Array.from({ length: 40 }, (_, i) => doc(i)));
    older.close();
    const db = new Database(olderFile);
    // As made before migrations were recorded.
    db.exec('DROP TABLE fts_title; DROP TABLE migrations');
    db.close();
    const reopened = await SqliteEngine.open(olderFile, SMALL_LIMITS);
    try {
      const hits = (await pipeline(reopened).search(searchQuery(['alpha']))).hits.map((h) => h.document.id);
      expect(new Set(hits.slice(0, 5))).toEqual(new Set(['d0', 'd1', 'd2', 'd3', 'd4']));
    } finally {
      reopened.close();
    }
  });
});

describe('common title words', () => {
  it('do not count against a title in the concise rule once more than 50 titles hold them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'site-search-labels-'));
    const labelled = await SqliteEngine.open(join(dir, 'index.sqlite'));
    const page = (id: string, title: string): PreparedDocument => ({ ...doc(0), id, url: `https://example.com/${id}`, title, mainContent: 'text' });
    try {
      await labelled.write([page('mouse', 'MouseEvent.button'), page('button', 'HTML element: <button>')]);
      const titles = async () => (await pipeline(labelled).search(searchQuery(['button']))).hits.map((h) => h.document.title);
      // Two titles: `html` and `element` are ordinary words, and MouseEvent leaves fewer letters.
      expect(await titles()).toEqual(['MouseEvent.button', 'HTML element: <button>']);
      await labelled.write(Array.from({ length: 60 }, (_, i) => page(`el${i}`, `HTML element: <tag${i}>`)));
      expect(await titles()).toEqual(['HTML element: <button>', 'MouseEvent.button']);
    } finally {
      labelled.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the owner's data on reader threads' connections", () => {
  it('is read again once another connection commits a change to it', async () => {
    const { SqliteReader } = await import('./sqliteReader.ts');
    const reader = SqliteReader.open(file, SMALL_LIMITS);
    try {
      const first = await reader.read((r) => r.steering(null));
      expect(await reader.read((r) => r.steering(first!.version))).toBeNull();
      await engine.steering.put('rule', 'seen', '{}');
      const second = await reader.read((r) => r.steering(first!.version));
      expect(second?.entries).toContainEqual({ kind: 'rule', id: 'seen', body: '{}' });
    } finally {
      reader.close();
    }
  });
});
