/**
 * Migrations of an SQLite file (an index's or an event store's): recorded in a table of
 * the file, each with its changes in one write transaction. Only the connection that
 * writes the file migrates it; read-only connections (reader threads) never do.
 */
import type Database from 'better-sqlite3';
import { runMigrations, type Migration, type MigrationLog } from './migrations.ts';

/** A migration of an SQLite file: synchronous, as better-sqlite3 is. */
export type SqliteMigration = Migration<Database.Database>;

/** The log of migrations in `table` of the file. */
function sqliteMigrationLog(table: string): MigrationLog<Database.Database> {
  return {
    async create(db) {
      db.exec(`CREATE TABLE IF NOT EXISTS ${table} (name TEXT PRIMARY KEY, applied_at INTEGER NOT NULL) WITHOUT ROWID`);
    },
    async executed(db) {
      return db.prepare(`SELECT name FROM ${table} ORDER BY name`).pluck().all() as string[];
    },
    async record(db, name) {
      // eslint-disable-next-line no-restricted-syntax -- when a migration ran is a record for people, like a log line's time.
      db.prepare(`INSERT OR IGNORE INTO ${table} (name, applied_at) VALUES (?, ?)`).run(name, Date.now());
    },
    async atomically(db, work) {
      // IMMEDIATE: the write lock from the start, so no other connection writes in between.
      db.exec('BEGIN IMMEDIATE');
      try {
        await work();
        db.exec('COMMIT');
      } catch (error) {
        if (db.inTransaction) db.exec('ROLLBACK');
        throw error;
      }
    },
  };
}

/** Runs the migrations `db` (the file `what` names) has not recorded in `table`, by the opening store's `clock`; see runMigrations. */
export function migrateSqlite(
  db: Database.Database,
  what: string,
  table: string,
  migrations: readonly SqliteMigration[],
  clock: () => number = Date.now,
): Promise<string[]> {
  return runMigrations(db, what, migrations, sqliteMigrationLog(table), { now: clock });
}
