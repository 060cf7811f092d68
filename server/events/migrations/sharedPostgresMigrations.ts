import type { PostgresMigration } from '../../storage/postgresMigrations.ts';
import { clientAddressKey } from './shared/0001-client-address-key.ts';

/**
 * What the indices of a PostgreSQL database share, in its shared schema (SHARED_SCHEMA),
 * migration by migration, in order: a change is a new file in ./shared/ added at the end.
 */
export const SHARED_POSTGRES_MIGRATIONS: readonly PostgresMigration[] = [clientAddressKey];

/** The table of the shared schema that records its migrations. */
export const SHARED_MIGRATION_TABLE = 'migrations';
