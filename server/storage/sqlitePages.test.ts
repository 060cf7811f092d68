import { closeSync, copyFileSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { checkPages, checkPagesOnOpen, noteCleanClose } from './sqlitePages.ts';
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

describe('checkPagesOnOpen', () => {
  /** A file whose pages are damaged in a way checkPages finds, and the byte that damages it. */
  function damaged(): { file: string; at: number; byte: number } {
    const { file, pageSize } = deepTable();
    const at = firstLeftChild(file, pageSize);
    const fd = openSync(file, 'r+');
    writeSync(fd, Buffer.from([0xff, 0xff, 0xff, 0xff]), 0, 4, at);
    closeSync(fd);
    expect(checkPages(file)).not.toEqual([]);
    return { file, at, byte: 0xff };
  }

  it('skips a file exactly as its clean close left it, once', () => {
    // Damage SQLite could not have written shows which opens read the pages.
    const { file } = damaged();
    noteCleanClose(file);
    expect(checkPagesOnOpen(file)).toEqual([]);
    expect(existsSync(`${file}-closed`)).toBe(false);
    expect(checkPagesOnOpen(file)).not.toEqual([]);
  });

  it('checks a file written, copied or holding a write-ahead log since its clean close', async () => {
    const { file, at, byte } = damaged();
    noteCleanClose(file);
    // The same byte written again: the bytes are as noted, the file's change time is not (a
    // later one: file systems keep times in ticks of a few milliseconds).
    await new Promise((resolve) => setTimeout(resolve, 20));
    const fd = openSync(file, 'r+');
    writeSync(fd, Buffer.from([byte]), 0, 1, at);
    closeSync(fd);
    expect(checkPagesOnOpen(file)).not.toEqual([]);

    const copy = `${file}.copy`;
    noteCleanClose(file);
    copyFileSync(file, copy);
    copyFileSync(`${file}-closed`, `${copy}-closed`);
    expect(checkPagesOnOpen(copy)).not.toEqual([]);

    noteCleanClose(file);
    writeFileSync(`${file}-wal`, 'changes not yet in the file');
    expect(checkPagesOnOpen(file)).not.toEqual([]);
  });
});
