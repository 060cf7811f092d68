import { createHash } from 'node:crypto';
import pg from 'pg';
import { DEFAULT_DATABASE_TIMEOUTS, pgTimeouts, type DatabaseTimeouts } from '../storage/databaseTimeouts.ts';
import { ClientHasher } from '../events/clientAddress.ts';
import { PostgresEventStore } from '../events/postgresEventStore.ts';
import { suggestedRuleOf, type EngineChoice, type EngineFactory, type IndexStores, type IndexToOpen } from './engineFactory.ts';
import { PostgresEngine } from '../engine/postgresEngine.ts';
import { DatabaseTooNewError } from '../storage/migrations.ts';
import { SHARED_MIGRATION_TABLE, SHARED_POSTGRES_MIGRATIONS } from '../events/migrations/sharedPostgresMigrations.ts';
import { migratePostgres, quoteIdent } from '../storage/postgresMigrations.ts';
import { SHARED_SCHEMA } from '../storage/postgresPool.ts';
import type { ServiceCatalog } from './catalog.ts';
import { PostgresCatalog } from './postgresCatalog.ts';

/**
 * Indices in a PostgreSQL database (`url`): each index's tables in a schema of its own
 * (see postgresSchema.ts), so several services, or several nodes of one, can share the
 * database. The events live beside the documents, in the same schema, and the key
 * client addresses are hashed with in one table of the database: every node counts a
 * client as the same client. Nothing is kept in the data folder.
 */
export function postgresEngines(
  url: string,
  options: { namespace?: string; replicaUrl?: string | null; timeouts?: Partial<DatabaseTimeouts> } = {},
): EngineChoice {
  return ({ requireData }) =>
    new PostgresFactory(url, options.replicaUrl ?? null, options.namespace ?? '', { ...DEFAULT_DATABASE_TIMEOUTS, ...options.timeouts }, requireData ?? false);
}

/**
 * The schema of an index: its key lower-cased and made an identifier, with a hash of
 * the key as given, so `Docs` and `docs` (or `a-b` and `a_b`) stay apart. A `namespace`
 * keeps services that share a database apart (the tests give each its own).
 */
export function indexSchema(publicKey: string, namespace = ''): string {
  const readable = publicKey
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_')
    .slice(0, 40);
  const hash = createHash('sha256').update(`${namespace}\u0000${publicKey}`).digest('hex').slice(0, 12);
  return `ss_${readable}_${hash}`;
}

class PostgresFactory implements EngineFactory {
  private clients: Promise<ClientHasher> | null = null;

  constructor(
    private readonly url: string,
    /** Where searches read (see PostgresEngineOptions.replicaUrl); events always go to `url`. */
    private readonly replicaUrl: string | null,
    private readonly namespace: string,
    private readonly timeouts: DatabaseTimeouts,
    /** Refuse an index whose schema is not in the database yet (a database that is not the one expected). */
    private readonly requireData: boolean,
  ) {}

  async open(index: IndexToOpen): Promise<IndexStores> {
    const { publicKey } = index;
    const schema = indexSchema(publicKey, this.namespace);
    if (this.requireData && !(await schemaExists(this.url, schema, this.timeouts))) {
      throw new Error(
        `index '${publicKey}' has no tables in the PostgreSQL database ${redacted(this.url)} (schema ${schema}), and the service must find its data (requireData). ` +
          'Check that --database-url names the right database; to add a new index, start once without requireData',
      );
    }
    let engine: PostgresEngine;
    try {
      engine = await PostgresEngine.open({ url: this.url, replicaUrl: this.replicaUrl, schema, timeouts: this.timeouts, clock: index.clock });
    } catch (error) {
      // The tables are sound, only newer than this code: its message says what to do.
      if (error instanceof DatabaseTooNewError) throw new Error(`index '${publicKey}': ${error.message}`, { cause: error });
      throw new Error(
        `index '${publicKey}' cannot be opened on PostgreSQL (${redacted(this.url)}): ${(error as Error).message}. ` +
          'Check that the server is up, and that the user may create schemas and tables in the database (and the pg_trgm extension)',
        { cause: error },
      );
    }
    try {
      this.clients ??= sharedClientHasher(this.url, this.timeouts);
      const events = await PostgresEventStore.open(this.url, schema, {
        ranking: index.clickRanking,
        clients: await this.clients,
        log: index.log,
        timeouts: this.timeouts,
        suggested: await suggestedRuleOf(index, engine),
        clock: index.clock,
      });
      return { engine, events };
    } catch (error) {
      await engine.close();
      throw new Error(`the events of index '${publicKey}' cannot be opened on PostgreSQL: ${(error as Error).message}`, { cause: error });
    }
  }

  /** In a schema named after the namespace, so services sharing a database keep catalogs apart. */
  catalog(): Promise<ServiceCatalog> {
    const hash = createHash('sha256').update(`${this.namespace}\u0000catalog`).digest('hex').slice(0, 12);
    return PostgresCatalog.open(this.url, `ss_catalog_${hash}`, this.timeouts);
  }

  /** The index's schema holds its documents and its events: both go with it. */
  async drop(publicKey: string): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, ...pgTimeouts(this.timeouts) });
    client.on('error', () => {});
    await client.connect();
    try {
      await client.query(`DROP SCHEMA IF EXISTS ${quoteIdent(indexSchema(publicKey, this.namespace))} CASCADE`);
    } finally {
      await client.end();
    }
  }

  async close(): Promise<void> {}
}

/** The database's client address key (see ClientHasher), made by the shared schema's migrations when the first process starts. */
async function sharedClientHasher(url: string, timeouts: DatabaseTimeouts): Promise<ClientHasher> {
  const client = new pg.Client({ connectionString: url, ...pgTimeouts(timeouts) });
  // A connection lost mid-query fails the query; its error event must not end the process.
  client.on('error', () => {});
  await client.connect();
  try {
    await migratePostgres(client, SHARED_SCHEMA, SHARED_MIGRATION_TABLE, SHARED_POSTGRES_MIGRATIONS);
    const { rows } = await client.query<{ key: Buffer }>(`SELECT key FROM ${quoteIdent(SHARED_SCHEMA)}.client_address_key`);
    return new ClientHasher({ key: rows[0]!.key });
  } finally {
    await client.end();
  }
}

/** Whether the database holds the schema of an index. */
async function schemaExists(url: string, schema: string, timeouts: DatabaseTimeouts): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, ...pgTimeouts(timeouts) });
  client.on('error', () => {});
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema]);
    return rowCount === 1;
  } finally {
    await client.end();
  }
}

/** The URL without its password, for messages. */
function redacted(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'an unreadable database URL';
  }
}
