/**
 * Migrations of a PostgreSQL schema (an index's tables, or its events beside them):
 * recorded in a table of the schema, each with its changes in one transaction. Several
 * service processes may start at once on one database: an advisory lock lets one
 * migrate while the others wait, then find the migrations recorded.
 */
import type pg from 'pg';
import { runMigrations, type Migration, type MigrationLog } from './migrations.ts';

/** What a PostgreSQL migration runs on: a connection, and the index's schema as a quoted identifier. */
export interface PostgresMigrationTarget {
  client: pg.ClientBase;
  schema: string;
}

export type PostgresMigration = Migration<PostgresMigrationTarget>;

/**
 * One lock for every schema of the database: migrations of different indices also
 * create what they share (a schema, an extension), and CREATE EXTENSION races with itself.
 */
const MIGRATION_LOCK = 'site-search schema';

/** The log of migrations in `table` of the target's schema. */
function postgresMigrationLog(table: string): MigrationLog<PostgresMigrationTarget> {
  return {
    async create({ client, schema }) {
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      await client.query(`CREATE TABLE IF NOT EXISTS ${schema}.${table} (name TEXT COLLATE "C" PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`);
    },
    async executed({ client, schema }) {
      const { rows } = await client.query<{ name: string }>(`SELECT name FROM ${schema}.${table} ORDER BY name`);
      return rows.map((row) => row.name);
    },
    async record({ client, schema }, name) {
      await client.query(`INSERT INTO ${schema}.${table} (name) VALUES ($1) ON CONFLICT DO NOTHING`, [name]);
    },
    async atomically({ client }, work) {
      await client.query('BEGIN');
      try {
        await work();
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      }
    },
  };
}

/**
 * Runs the migrations the schema `name` has not recorded in `table`, holding the
 * database's migration lock meanwhile (see runMigrations), by the opening store's
 * `clock`. `client` is not shared while this runs.
 */
export async function migratePostgres(
  client: pg.ClientBase,
  name: string,
  table: string,
  migrations: readonly PostgresMigration[],
  clock: () => number = Date.now,
): Promise<string[]> {
  // A session lock, not a transaction's: each migration commits on its own.
  await client.query('SELECT pg_advisory_lock(hashtext($1))', [MIGRATION_LOCK]);
  try {
    return await runMigrations({ client, schema: quoteIdent(name) }, `the PostgreSQL schema ${name}`, migrations, postgresMigrationLog(table), { now: clock });
  } finally {
    // On a lost connection the lock went with the session.
    await client.query('SELECT pg_advisory_unlock(hashtext($1))', [MIGRATION_LOCK]).catch(() => {});
  }
}

/** A double-quoted identifier. */
export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
