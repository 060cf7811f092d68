// The migration runner on PostgreSQL: several service processes start at once on one database.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../testing/postgresDatabase.ts';
import { migratePostgres, type PostgresMigration } from './postgresMigrations.ts';

let url: string;
const clients: pg.Client[] = [];

async function connect(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  clients.push(client);
  return client;
}

beforeAll(async () => {
  url = await testDatabase('migrations');
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.end()));
});

describe('migrations on PostgreSQL', () => {
  it('run once when two processes migrate one schema at once: the second waits, then finds them recorded', async () => {
    // Slow enough that the two runs overlap without the lock.
    const slow: PostgresMigration = {
      name: '0001-slow',
      async up({ client, schema }) {
        await client.query(`CREATE TABLE ${schema}.runs (at TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp())`);
        await client.query(`INSERT INTO ${schema}.runs DEFAULT VALUES`);
        await client.query('SELECT pg_sleep(0.5)');
      },
    };
    const [a, b] = await Promise.all([connect(), connect()]);
    const ran = await Promise.all([a, b].map((client) => migratePostgres(client, 'together', 'migrations', [slow])));
    expect(ran.flat()).toEqual(['0001-slow']);
    const check = await connect();
    expect((await check.query('SELECT count(*)::int AS n FROM together.runs')).rows).toEqual([{ n: 1 }]);
    expect((await check.query('SELECT name FROM together.migrations')).rows).toEqual([{ name: '0001-slow' }]);
    // The lock is let go: another migration runs at once.
    const more: PostgresMigration = { name: '0002-more', up: ({ client, schema }) => client.query(`CREATE TABLE ${schema}.more (x INT)`).then(() => {}) };
    expect(await migratePostgres(check, 'together', 'migrations', [slow, more])).toEqual(['0002-more']);
  });

  it('leave no trace of a migration that failed', async () => {
    const client = await connect();
    const failing: PostgresMigration = {
      name: '0001-fails',
      async up({ client: c, schema }) {
        await c.query(`CREATE TABLE ${schema}.half (x INT)`);
        await c.query('SELECT 1/0');
      },
    };
    await expect(migratePostgres(client, 'failing', 'migrations', [failing])).rejects.toThrow(
      /PostgreSQL schema failing could not be upgraded: .*0001-fails.*division by zero/,
    );
    expect((await client.query(`SELECT to_regclass('failing.half') AS t`)).rows).toEqual([{ t: null }]);
    expect((await client.query('SELECT count(*)::int AS n FROM failing.migrations')).rows).toEqual([{ n: 0 }]);
  });
});
