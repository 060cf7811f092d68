import type Database from 'better-sqlite3';
import type { SqliteEventStore } from '../events/sqliteEventStore.ts';

/** What a store shows only to tests, under a registered symbol (see SqliteEventStore). */
const TEST_INTERNALS = Symbol.for('site-search test internals');

/** The SQLite connection of an event store, for a test that injects a fault. */
export function eventStoreDatabase(store: SqliteEventStore): Database.Database {
  return (store as unknown as Record<symbol, { db: Database.Database }>)[TEST_INTERNALS]!.db;
}
