// SQLite only, outside the conformance suite (server/testing/testEngine.ts): how the
// engine opens index files of earlier and later versions of the service.
import { SQLITE_INDEX_MIGRATIONS } from './migrations/sqliteMigrations.ts';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createSearchPipeline as pipeline } from '../pipeline/searchPipeline.ts';
import { searchQuery } from '../testing/searchQuery.ts';
import { testDocument } from '../testing/testDocuments.ts';
import { SqliteEngine } from './sqliteEngine.ts';
import { SqliteReader } from './sqliteReader.ts';

const FIXTURE = join(import.meta.dirname, '../testing/fixtures/before-migrations/index.sqlite');
const folder = mkdtempSync(join(tmpdir(), 'site-search-schema-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A copy of the file the service wrote before it recorded migrations. */
function beforeMigrations(name: string): string {
  const file = join(folder, name);
  copyFileSync(FIXTURE, file);
  return file;
}

function migrations(file: string): unknown[] {
  const db = new Database(file, { readonly: true });
  try {
    const exists = db.prepare(`SELECT 1 FROM sqlite_master WHERE name = 'migrations'`).get() !== undefined;
    return exists ? db.prepare('SELECT name FROM migrations ORDER BY name').pluck().all() : [];
  } finally {
    db.close();
  }
}

/** The row ids and ids of the file's documents, and its `docs` columns in stored order. */
function docsLayout(file: string): { rows: unknown[]; columns: string[] } {
  const db = new Database(file, { readonly: true });
  try {
    return {
      rows: db.prepare('SELECT rowid, id FROM docs ORDER BY rowid').all(),
      columns: db.prepare(`SELECT name FROM pragma_table_info('docs') ORDER BY cid`).pluck().all() as string[],
    };
  } finally {
    db.close();
  }
}

describe('an index file from before migrations', () => {
  it('is brought up to date on opening, its documents kept', async () => {
    const file = beforeMigrations('old.sqlite');
    const before = docsLayout(file);
    const engine = await SqliteEngine.open(file);
    try {
      expect(migrations(file)).toEqual(SQLITE_INDEX_MIGRATIONS.map((m) => m.name));
      // The body is stored last (0009-body-last), each document under its row id still: the full-text tables point at them.
      const after = docsLayout(file);
      expect(after.rows).toEqual(before.rows);
      expect(after.columns.at(-1)).toBe('main_content');
      expect(await engine.count()).toBe(2);
      expect(await engine.get('kettle')).toMatchObject({ title: 'Steel kettle', customFields: { brand: 'Acme', price: 30 } });
      const found = await pipeline(engine).search(searchQuery(['kettle'], { facets: [{ kind: 'field', key: 'brand', field: 'brand' }] }));
      expect(found.hits.map((h) => h.document.id)).toEqual(['kettle']);
      expect(found.facets).toEqual({ brand: [{ value: 'Acme', count: 1 }] });
      expect(await engine.write([testDocument('teapot', 'A porcelain teapot for green tea.')])).toEqual({ ok: true });
      expect((await pipeline(engine).search(searchQuery(['green']))).hits.map((h) => h.document.id)).toEqual(['teapot']);
    } finally {
      await engine.close();
    }
    const reopened = await SqliteEngine.open(file);
    await reopened.close();
    expect(migrations(file)).toEqual(SQLITE_INDEX_MIGRATIONS.map((m) => m.name));
  });

  it('is not migrated by a reader thread, whose connection only reads', () => {
    const file = beforeMigrations('read.sqlite');
    const before = readFileSync(file);
    SqliteReader.open(file).close();
    expect(migrations(file)).toEqual([]);
    expect(readFileSync(file).equals(before)).toBe(true);
  });
});

describe('an index file a newer version of the service migrated', () => {
  it('is refused, naming the file and what to do', async () => {
    const file = join(folder, 'newer.sqlite');
    await (await SqliteEngine.open(file)).close();
    const db = new Database(file);
    db.prepare('INSERT INTO migrations (name, applied_at) VALUES (?, ?)').run('9999-from-a-newer-version', Date.parse('2026-05-01T12:00:00Z'));
    db.close();
    await expect(SqliteEngine.open(file)).rejects.toThrow(`${file} was upgraded by a newer version of the service`);
    await expect(SqliteEngine.open(file)).rejects.toThrow(/9999-from-a-newer-version.*Run that newer version.*restore the backup/);
  });
});
