import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ClientHasher } from '../events/clientAddress.ts';
import { SqliteEventStore } from '../events/sqliteEventStore.ts';
import type { EngineChoice, EngineFactory, IndexStores, IndexToOpen } from './engineFactory.ts';
import { PostgresEngine } from './postgresEngine.ts';

/**
 * Indices in a PostgreSQL database (`url`): each index's tables in a schema of its own
 * (see postgresSchema.ts), so several services, or several nodes of one, can share the
 * database. The events are still SQLite files in the data folder, per node.
 */
export function postgresEngines(url: string, options: { namespace?: string; replicaUrl?: string | null } = {}): EngineChoice {
  return ({ dataDir }) => new PostgresFactory(url, options.replicaUrl ?? null, dataDir, options.namespace ?? '');
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
  private readonly eventFolder: string;
  private readonly clients: ClientHasher;

  constructor(
    private readonly url: string,
    private readonly replicaUrl: string | null,
    dataDir: string,
    private readonly namespace: string,
  ) {
    this.eventFolder = join(dataDir, 'events');
    mkdirSync(this.eventFolder, { recursive: true });
    this.clients = new ClientHasher(join(this.eventFolder, 'client-address.key'));
  }

  async open(index: IndexToOpen): Promise<IndexStores> {
    const { publicKey } = index;
    let engine: PostgresEngine;
    try {
      engine = await PostgresEngine.open({
        url: this.url,
        replicaUrl: this.replicaUrl,
        schema: indexSchema(publicKey, this.namespace),
        ranking: index.ranking,
      });
    } catch (error) {
      throw new Error(
        `index '${publicKey}' cannot be opened on PostgreSQL (${redacted(this.url)}): ${(error as Error).message}. ` +
          'Check that the server is up, and that the user may create schemas and tables in the database (and the pg_trgm extension)',
        { cause: error },
      );
    }
    const eventFile = join(this.eventFolder, `${publicKey}.sqlite`);
    try {
      return { engine, events: new SqliteEventStore(eventFile, index.clickRanking, this.clients) };
    } catch (error) {
      await engine.close();
      throw new Error(`the events of index '${publicKey}', ${eventFile}, cannot be used: ${(error as Error).message}`, { cause: error });
    }
  }

  async close(): Promise<void> {}
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
