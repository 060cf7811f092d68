// SQLite only, outside the conformance suite (server/testing/testEngine.ts): how the SQLite
// engine finds suggestions; the suggest route's tests run on every engine.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedDocument } from './engine.ts';
import { SqliteEngine } from './sqliteEngine.ts';
import { titleMatch } from './sqliteTitles.ts';
import { testDocument } from '../testing/testDocuments.ts';
import { createSearchPipeline as pipeline } from '../pipeline/searchPipeline.ts';

const folder = mkdtempSync(join(tmpdir(), 'site-search-suggest-'));
let engine: SqliteEngine;

function doc(id: string, title: string, mainContent = ''): PreparedDocument {
  return testDocument(id, mainContent, { title, url: null, language: 'en' });
}

beforeAll(async () => {
  engine = await SqliteEngine.open(join(folder, 'index.sqlite'));
  // More titles start with `fetc` than suggestions rank, and the one that is the word
  // itself comes last in the index.
  const fetchers = Array.from({ length: 320 }, (_, i) => doc(`fetcher-${i}`, `FetcherPool ${i}`));
  await engine.write([
    ...fetchers,
    doc('fetch', 'fetch'),
    doc('fetcher-quota', 'FetcherPool quota'),
    doc('zoo', 'Zoo'),
    doc('zebra', 'Zebra crossing', 'Zebrafish swim past the zebra crossing.'),
    doc('zucchini', 'Zucchini recipes and tips'),
    doc('manifest', 'Deployment notes', 'Deploying needs manifests.'),
  ]);
});

afterAll(() => {
  engine.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('sqliteSuggest', () => {
  it('finds the exact completion in the vocabulary when more titles match than are ranked', async () => {
    expect((await pipeline(engine).suggest('fetc', 3))[0]).toBe('fetch');
  });

  it('completes one letter from the titles, shorter titles first, with no exact completion', async () => {
    expect(await pipeline(engine).suggest('z', 10)).toEqual(['Zoo', 'Zebra', 'Zucchini', 'Zebra crossing', 'Zucchini recipes and tips']);
    expect(await pipeline(engine).suggest('zebra c', 10)).toEqual(['Zebra crossing']);
    // Found among more titles with the other words than are read.
    expect(await pipeline(engine).suggest('fetcherpool q', 10)).toEqual(['FetcherPool quota']);
  });

  it('gives nothing for more words than the widget sends', async () => {
    expect(await pipeline(engine).suggest('zebra crossing', 10)).toEqual(['Zebra crossing']);
    expect(await pipeline(engine).suggest(`${'zebra '.repeat(10)}crossing`, 10)).toEqual([]);
  });

  it('looks in content only when no title has the words', async () => {
    expect(await pipeline(engine).suggest('zebr', 10)).toEqual(['Zebra', 'Zebra crossing']);
    expect(await pipeline(engine).suggest('manif', 10)).toEqual(['manifests']);
  });
});

describe('titleMatch', () => {
  it('quotes every word and reads runs of words as one identifier too', () => {
    expect(titleMatch(['fetc'])).toBe('("fetc"*)');
    expect(titleMatch(['set', 'time'])).toBe('("set" AND "time"*) OR ("settime"*)');
    expect(titleMatch(['a"b', 'c'])).toBe('("a""b" AND "c"*) OR ("a""bc"*)');
  });

  it('takes the last word’s expression when given', () => {
    expect(titleMatch(['promise', 'a'], '("a" OR "al"*)')).toBe('("promise" AND ("a" OR "al"*)) OR ("promisea"*)');
  });

  it('reads many words one by one only', () => {
    expect(titleMatch(['a', 'b', 'c', 'd', 'e'])).toBe('("a" AND "b" AND "c" AND "d" AND "e"*)');
  });
});
