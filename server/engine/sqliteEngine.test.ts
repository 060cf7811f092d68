// SQLite only, outside the conformance suite (server/testing/testEngine.ts): the SQLite
// engine's search strategies and its files.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedDocument, SearchQuery } from './engine.ts';
import { SqliteEngine } from './sqliteEngine.ts';
import { numberedDocument as doc } from '../testing/testDocuments.ts';
import { searchQuery } from '../testing/searchQuery.ts';
import { createSearchPipeline as pipeline } from '../pipeline/searchPipeline.ts';

// Small limits reach the strategies meant for large indexes with 40 documents.
const LIMITS = { rankAllMax: 10, commonWordDocs: 8 };
const folder = mkdtempSync(join(tmpdir(), 'site-search-engine-'));
const file = join(folder, 'index.sqlite');
let engine: SqliteEngine;

async function ids(q: SearchQuery): Promise<string[]> {
  return (await pipeline(engine).search(q)).hits.map((h) => h.document.id);
}

beforeAll(async () => {
  engine = new SqliteEngine(file, LIMITS);
  expect(await engine.write(Array.from({ length: 40 }, (_, i) => doc(i)))).toEqual({ ok: true });
});

afterAll(() => {
  engine.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('ranking many matches', () => {
  it('puts title matches first, then the rest in a stable order, with falling scores', async () => {
    const first = await pipeline(engine).search(searchQuery(['alpha']));
    expect(first.total).toBe(30);
    const firstIds = first.hits.map((h) => h.document.id);
    expect(new Set(firstIds.slice(0, 5))).toEqual(new Set(['d0', 'd1', 'd2', 'd3', 'd4']));
    expect(firstIds.slice(5)).toEqual(['d5', 'd6', 'd7', 'd8', 'd9']);
    const pages = [first];
    for (let page = 1; page < 3; page++) pages.push(await pipeline(engine).search(searchQuery(['alpha'], { offset: page * 10 })));
    const all = pages.flatMap((p) => p.hits);
    expect(new Set(all.map((h) => h.document.id)).size).toBe(30);
    const scores = all.map((h) => h.score);
    for (let i = 1; i < scores.length; i++) expect(scores[i]).toBeLessThan(scores[i - 1]!);
    expect(scores.at(-1)).toBeGreaterThan(0);
  });

  it('ranks by the rarer words when a common word is among them', async () => {
    const result = await pipeline(engine).search(searchQuery(['beta', 'alpha']));
    expect(result.total).toBe(3);
    expect(new Set(result.hits.map((h) => h.document.id))).toEqual(new Set(['d10', 'd11', 'd12']));
    expect(await ids(searchQuery(['alpha', 'beta']))).toHaveLength(3);
  });

  it('orders a small match of only common words without bm25', async () => {
    const result = await pipeline(engine).search(searchQuery(['alpha', 'delta']));
    expect(result.total).toBe(10);
    expect(result.hits.map((h) => h.document.id)).toEqual(['d0', 'd1', 'd2', 'd3', 'd4', 'd5', 'd6', 'd7', 'd8', 'd9']);
  });

  it('keeps filters in every strategy', async () => {
    const english = await pipeline(engine).search(searchQuery(['alpha'], { language: 'en' }));
    expect(english.total).toBe(15);
    const found = english.hits.map((h) => h.document.id);
    expect(new Set(found.slice(0, 3))).toEqual(new Set(['d0', 'd2', 'd4']));
    for (const hit of english.hits) expect(hit.document.language).toBe('en');
    expect(await ids(searchQuery(['beta', 'alpha'], { language: 'de' }))).toEqual(['d11']);
  });

  it('forgets remembered counts when documents change', async () => {
    expect((await pipeline(engine).search(searchQuery(['beta']))).total).toBe(3);
    await engine.write([{ ...doc(13), mainContent: 'alpha beta filler13' }]);
    expect((await pipeline(engine).search(searchQuery(['beta']))).total).toBe(4);
    expect((await pipeline(engine).search(searchQuery(['alpha']))).total).toBe(30);
  });
});

describe('the last word as a prefix', () => {
  it('matches longer words, and only the word itself when none is longer', async () => {
    await engine.write([
      { ...doc(100), id: 'p1', mainContent: 'snowflake' },
      { ...doc(101), id: 'p2', mainContent: 'snowflakes' },
      { ...doc(102), id: 'p3', mainContent: 'snowflake2024' },
    ]);
    expect(new Set(await ids(searchQuery(['snowflake'], { prefixLast: true })))).toEqual(new Set(['p1', 'p2', 'p3']));
    // The singular matches too, after the word as typed.
    expect(await ids(searchQuery(['snowflakes'], { prefixLast: true }))).toEqual(['p2', 'p1']);
    expect(await ids(searchQuery(['snowflake'], { prefixLast: false }))).toEqual(['p1', 'p2']);
    expect(await ids(searchQuery(['snowflake2024'], { prefixLast: true }))).toEqual(['p3']);
    expect(await ids(searchQuery(['snow'], { prefixLast: true }))).toHaveLength(3);
  });
});

describe('opening an index made before the title index existed', () => {
  it('fills the title index from the documents', async () => {
    const olderFile = join(folder, 'older.sqlite');
    const older = new SqliteEngine(olderFile, LIMITS);
    await older.write(Array.from({ length: 40 }, (_, i) => doc(i)));
    older.close();
    const db = new Database(olderFile);
    db.exec('DROP TABLE fts_title');
    db.close();
    const reopened = new SqliteEngine(olderFile, LIMITS);
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
    const labelled = new SqliteEngine(join(dir, 'index.sqlite'));
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
    const reader = SqliteReader.open(file, LIMITS);
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
