// The migration runner on SQLite (in memory); its PostgreSQL log and lock are tested in
// postgresMigrations.test.ts, the migrations of each database beside them.
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DatabaseTooNewError } from './migrations.ts';
import { migrateSqlite, type SqliteMigration } from './sqliteMigrations.ts';

let db: Database.Database;
beforeEach(() => {
  db = new Database(':memory:');
});
afterEach(() => db.close());

const tables = () => db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 't%' ORDER BY name`).pluck().all();
const recorded = () => db.prepare('SELECT name FROM migrations ORDER BY name').pluck().all();

function creating(name: string, table: string, runs: string[] = []): SqliteMigration {
  return {
    name,
    up(target) {
      runs.push(name);
      target.exec(`CREATE TABLE ${table} (x INTEGER)`);
    },
  };
}

describe('migrations', () => {
  it('run each once, in order, and are recorded in the database', async () => {
    const runs: string[] = [];
    const first = [creating('0001-a', 't1', runs), creating('0002-b', 't2', runs)];
    expect(await migrateSqlite(db, 'test.sqlite', 'migrations', first)).toEqual(['0001-a', '0002-b']);
    expect(await migrateSqlite(db, 'test.sqlite', 'migrations', first)).toEqual([]);
    // A later version adds a migration: only that one runs.
    expect(await migrateSqlite(db, 'test.sqlite', 'migrations', [...first, creating('0003-c', 't3', runs)])).toEqual(['0003-c']);
    expect(runs).toEqual(['0001-a', '0002-b', '0003-c']);
    expect(tables()).toEqual(['t1', 't2', 't3']);
    expect(recorded()).toEqual(['0001-a', '0002-b', '0003-c']);
  });

  it('leave no trace of a migration that failed, keeping those before it', async () => {
    const failing: SqliteMigration = {
      name: '0002-fails',
      up(target) {
        target.exec('CREATE TABLE t_half (x INTEGER)');
        throw new Error('disk on fire');
      },
    };
    await expect(migrateSqlite(db, 'test.sqlite', 'migrations', [creating('0001-a', 't1'), failing])).rejects.toThrow(
      /test\.sqlite could not be upgraded: .*0002-fails.*disk on fire/,
    );
    expect(tables()).toEqual(['t1']);
    expect(recorded()).toEqual(['0001-a']);
    expect(db.inTransaction).toBe(false);
  });

  it('refuse a database a newer version migrated, naming it and changing nothing', async () => {
    await migrateSqlite(db, 'test.sqlite', 'migrations', [creating('0001-a', 't1'), creating('0002-b', 't2')]);
    const runs: string[] = [];
    const older = migrateSqlite(db, '/data/indices/demo.sqlite', 'migrations', [creating('0001-a', 't1', runs)]);
    await expect(older).rejects.toBeInstanceOf(DatabaseTooNewError);
    await expect(older).rejects.toThrow(/^\/data\/indices\/demo\.sqlite was upgraded by a newer version .*\(0002-b\).*restore the backup/);
    expect(runs).toEqual([]);
    expect(recorded()).toEqual(['0001-a', '0002-b']);
  });

  it('refuse a list out of order before changing anything', async () => {
    await expect(migrateSqlite(db, 'test.sqlite', 'migrations', [creating('0002-b', 't2'), creating('0001-a', 't1')])).rejects.toThrow(/not in order/);
    expect(tables()).toEqual([]);
  });
});
