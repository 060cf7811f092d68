import type pg from 'pg';
import { migratePostgres } from '../storage/postgresMigrations.ts';
import { SHARED_SCHEMA } from '../storage/postgresPool.ts';
import { POSTGRES_INDEX_MIGRATIONS } from './migrations/postgresMigrations.ts';

/** The schema of what the indices of a database share: pg_trgm, the client address key. */
export { SHARED_SCHEMA };

/** The table of an index's schema that records its migrations. */
export const INDEX_MIGRATION_TABLE = 'migrations';

/**
 * Brings the tables of an index in its own PostgreSQL schema (`name`) up to date
 * (migrations/postgresMigrations.ts), making them if missing. Several service processes
 * may start at once: one migrates while the others wait (see migratePostgres).
 */
export async function applyPgSchema(client: pg.ClientBase, name: string): Promise<void> {
  await migratePostgres(client, name, INDEX_MIGRATION_TABLE, POSTGRES_INDEX_MIGRATIONS);
}
