// SQLite only, outside the conformance suite (server/testing/testEngine.ts): damaged and
// missing database files in the data folder.
import { cpSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeFileSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../src/client/types.ts';
import { buildApp } from '../app.ts';
import { seededRandom } from '../../demo/seededRandom.ts';
import { getJson, putJson, startService as startAnyService, TWO_INDICES } from '../testing/service.ts';
import { sqliteEngines } from './sqliteFactory.ts';

/** On SQLite whatever engine the other service tests run on. */
const startService = (options: Parameters<typeof startAnyService>[0] = {}) => startAnyService({ engine: sqliteEngines, ...options });

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A data folder holding a real index of a few hundred documents, closed. */
async function filledDataFolder(): Promise<string> {
  const service = await startService();
  folders.push(service.dataDir);
  const random = seededRandom(7);
  const words = ['kettle', 'copper', 'enamel', 'steel', 'whistle', 'stove', 'water', 'boil', 'handle', 'spout'];
  const documents = Array.from({ length: 400 }, (_, i) => ({
    id: `doc-${i}`,
    title: `Document ${i}`,
    main_content: Array.from({ length: 300 }, () => words[Math.floor(random() * words.length)]).join(' '),
  }));
  expect((await putJson(service, '/v2/indices/demo/documents:batch', { documents })).status).toBe(202);
  await service.close();
  return service.dataDir;
}

function copyOf(dataDir: string): string {
  const copy = mkdtempSync(join(tmpdir(), 'site-search-copy-'));
  folders.push(copy);
  cpSync(dataDir, copy, { recursive: true });
  return copy;
}

const startError = async (dataDir: string, options: Parameters<typeof buildApp>[0] = { dataDir }): Promise<string> => {
  try {
    const app = await buildApp({ rateLimit: false, ...options, dataDir });
    await app.close();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the service started');
};

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('the indices of a data folder', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await filledDataFolder();
  });

  it('keeps a manifest of the databases created, outside the folders it guards, and a later index is added to it', async () => {
    const manifest = join(dataDir, 'manifest.json');
    expect(JSON.parse(readFileSync(manifest, 'utf8'))).toEqual({ indices: ['demo'], events: ['demo'] });
    const copy = copyOf(dataDir);
    const two = await startService({ dataDir: copy, indices: TWO_INDICES });
    await two.close();
    expect(JSON.parse(readFileSync(join(copy, 'manifest.json'), 'utf8'))).toEqual({ indices: ['demo', 'other'], events: ['demo', 'other'] });
  });

  it('refuses to start when the events database, or the whole indices folder, is gone, naming what is missing', async () => {
    const copy = copyOf(dataDir);
    const events = join(copy, 'events', 'demo.sqlite');
    for (const suffix of ['', '-wal', '-shm']) rmSync(events + suffix, { force: true });
    expect(await startError(copy)).toMatch(new RegExp(`the events of index 'demo', ${escaped(events)}, is missing, though this data folder held it`));
    expect(existsSync(events)).toBe(false);
    const other = copyOf(dataDir);
    rmSync(join(other, 'indices'), { recursive: true });
    expect(await startError(other)).toMatch(/the database of index 'demo', .* is missing/);
  });

  it('with requireData, refuses to start on a folder that is gone or empty, or without an index it should hold', async () => {
    const gone = join(copyOf(dataDir), 'not-mounted');
    expect(await startError(gone, { dataDir: gone, requireData: true })).toMatch(/no data of this service in .*not-mounted .*requireData/);
    // Nothing was made in its place.
    expect(existsSync(gone)).toBe(false);
    const copy = copyOf(dataDir);
    expect(await startError(copy, { dataDir: copy, requireData: true, indices: TWO_INDICES })).toMatch(
      /the database of index 'other', .* is not in the data folder, and the service must find its data/,
    );
    const service = await startService({ dataDir: copy, requireData: true });
    await service.close();
  });

  it('refuses to start when an index database the folder held is missing, naming the file', async () => {
    const copy = copyOf(dataDir);
    const file = join(copy, 'indices', 'demo.sqlite');
    for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
    const message = await startError(copy);
    expect(message).toContain(file);
    expect(message).toMatch(/is missing/);
    expect(message).toMatch(/backup/);
    // Nothing was made in its place.
    expect(existsSync(file)).toBe(false);
  });

  it('lists the files of a folder from before manifests, and then guards them', async () => {
    const copy = copyOf(dataDir);
    rmSync(join(copy, 'manifest.json'));
    const service = await startService({ dataDir: copy });
    const answer = await getJson<SearchResponse>(service, '/v1/search/demo', [
      ['term', 'kettle'],
      ['collectAnalytics', 'false'],
    ]);
    expect(answer.body.total_hits).toBeGreaterThan(0);
    await service.close();
    expect(JSON.parse(readFileSync(join(copy, 'manifest.json'), 'utf8'))).toEqual({ indices: ['demo'], events: ['demo'] });
  });

  it('takes over the indices listed by the manifest an older version kept in indices/', async () => {
    const copy = copyOf(dataDir);
    rmSync(join(copy, 'manifest.json'));
    writeFileSync(join(copy, 'indices', 'manifest.json'), JSON.stringify({ indices: ['demo', 'lost'] }));
    expect(await startError(copy, { dataDir: copy, indices: [{ publicKey: 'lost', secret: 's' }] })).toMatch(/the database of index 'lost', .* is missing/);
  });

  it('refuses to start on an index database with random bytes written into its middle, naming the file', async () => {
    const copy = copyOf(dataDir);
    const file = join(copy, 'indices', 'demo.sqlite');
    const size = statSync(file).size;
    expect(size).toBeGreaterThan(512 * 1024);
    const random = seededRandom(42);
    const bytes = Buffer.from(Array.from({ length: 65536 }, () => Math.floor(random() * 256)));
    const fd = openSync(file, 'r+');
    writeSync(fd, bytes, 0, bytes.length, Math.floor(size / 2) - 32768 + 123);
    closeSync(fd);
    const message = await startError(copy);
    expect(message).toContain(file);
    expect(message).toMatch(/damaged/);
    // The undamaged original still starts.
    const service = await startService({ dataDir });
    await service.close();
  });

  it('refuses to start on an event database a newer version migrated, naming the file and what to do instead of calling it damaged', async () => {
    const copy = copyOf(dataDir);
    const file = join(copy, 'events', 'demo.sqlite');
    const db = new Database(file);
    db.prepare('INSERT INTO event_migrations (name, applied_at) VALUES (?, ?)').run('9999-from-a-newer-version', Date.parse('2026-05-01T12:00:00Z'));
    db.close();
    const message = await startError(copy);
    expect(message).toContain(`the events of index 'demo', ${file} was upgraded by a newer version of the service`);
    expect(message).toMatch(/9999-from-a-newer-version.*Run that newer version/);
    expect(message).not.toMatch(/damaged|move the file away/);
  });

  it('names the file when an index database is not a SQLite file at all', async () => {
    const copy = copyOf(dataDir);
    const file = join(copy, 'indices', 'demo.sqlite');
    for (const suffix of ['-wal', '-shm']) rmSync(file + suffix, { force: true });
    const fd = openSync(file, 'r+');
    writeSync(fd, Buffer.from('not a database at all'), 0, 21, 0);
    closeSync(fd);
    const message = await startError(copy);
    expect(message).toContain(file);
    expect(message).toMatch(/SQLite header/);
  });
});
