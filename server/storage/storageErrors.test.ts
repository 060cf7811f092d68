import { createServer } from 'node:net';
import Database from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { storageProblem } from './storageErrors.ts';

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('it did not throw');
}

describe('storage problems', () => {
  it('tell a full SQLite database from other SQLite failures', () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE t (x TEXT)');
    db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`);
    const error = thrownBy(() => {
      for (;;) db.prepare('INSERT INTO t VALUES (?)').run('x'.repeat(1000));
    });
    expect(storageProblem(error)).toBe('storage_full');
    expect(storageProblem(thrownBy(() => db.exec('SELEC 1')))).toBeNull();
    db.close();
  });

  it('take a PostgreSQL server that does not answer, a shutdown or a statement timeout as unavailable', async () => {
    const client = new pg.Client({ host: '127.0.0.1', port: await closedPort(), user: 'nobody', database: 'none', connectionTimeoutMillis: 2000 });
    const refused: unknown = await client.connect().then(
      () => null,
      (error: unknown) => error,
    );
    expect(storageProblem(refused)).toBe('unavailable');
    for (const code of ['57P01', '57014', '08006']) expect(storageProblem(Object.assign(new Error('x'), { code }))).toBe('unavailable');
    expect(storageProblem(Object.assign(new Error('x'), { code: '53100' }))).toBe('storage_full');
    expect(storageProblem(Object.assign(new Error('x'), { code: '23505' }))).toBeNull();
    expect(storageProblem(new Error('timeout exceeded when trying to connect'))).toBe('unavailable');
  });
});
