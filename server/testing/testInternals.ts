import type Database from 'better-sqlite3';
import type { SqliteEventStore } from '../events/sqliteEventStore.ts';

/** What a store shows only to tests, under a registered symbol (see SqliteEventStore). */
const TEST_INTERNALS = Symbol.for('site-search test internals');

/** The SQLite connection of an event store, for a test that injects a fault. */
export function eventStoreDatabase(store: SqliteEventStore): Database.Database {
  return internals(store).db;
}

/**
 * Sets a pragma on both connections of an event store: its own and its writer thread's,
 * which commits the searches the service queued (a page limit fails both as a full disk would).
 */
export async function eventStorePragma(store: SqliteEventStore, pragma: string): Promise<void> {
  const { db, writerPragma } = internals(store);
  db.pragma(pragma);
  await writerPragma(pragma);
}

function internals(store: SqliteEventStore): { db: Database.Database; writerPragma: (pragma: string) => Promise<unknown> } {
  return (store as unknown as Record<symbol, { db: Database.Database; writerPragma: (pragma: string) => Promise<unknown> }>)[TEST_INTERNALS]!;
}
