import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { checkPages } from './sqlitePages.ts';
import { checkDatabaseFile } from '../engine/sqliteSchema.ts';

const folder = mkdtempSync(join(tmpdir(), 'site-search-pages-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const INTERIOR_TABLE = 5;

/** A closed database whose table is three levels deep, so its root has interior cells with left children. */
function deepTable(): { file: string; pageSize: number } {
  const file = join(folder, `deep-${Math.random().toString(36).slice(2)}.sqlite`);
  const db = new Database(file);
  db.pragma('page_size = 512');
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT)');
  const insert = db.prepare('INSERT INTO t (body) VALUES (?)');
  db.transaction(() => {
    for (let i = 0; i < 4000; i++) insert.run(`row ${i} ${'x'.repeat(100)}`);
  })();
  db.close();
  return { file, pageSize: 512 };
}

/** The byte offset of the first cell's left child number on an interior table page with several cells. */
function firstLeftChild(file: string, pageSize: number): number {
  const bytes = readFileSync(file);
  for (let page = 2; page <= bytes.length / pageSize; page++) {
    const start = (page - 1) * pageSize;
    if (bytes[start] !== INTERIOR_TABLE || bytes.readUInt16BE(start + 3) < 2) continue;
    return start + bytes.readUInt16BE(start + 12);
  }
  throw new Error('no interior page with cells');
}

describe('checkPages', () => {
  it('finds a damaged left child in an interior cell, not only a damaged right-most child', () => {
    const { file, pageSize } = deepTable();
    expect(checkPages(file)).toEqual([]);
    const at = firstLeftChild(file, pageSize);
    const fd = openSync(file, 'r+');
    const beyond = Buffer.alloc(4);
    beyond.writeUInt32BE(0x7fffff00);
    writeSync(fd, beyond, 0, 4, at);
    closeSync(fd);
    expect(checkPages(file)).toEqual([expect.stringMatching(/^page \d+ \(bytes \d+ to \d+\) has a child page outside the file \(2147483392, in cell 0\)$/)]);
    // The full check (--check) finds it too.
    expect(checkDatabaseFile(file).length).toBeGreaterThan(0);
  });
});
