import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DataFolderLock } from '../dataFolderLock.ts';
import { ClientHasher } from '../events/clientAddress.ts';
import { SqliteEventStore } from '../events/sqliteEventStore.ts';
import { IndexManifest } from '../indices.ts';
import type { EngineFactory, EngineSettings, IndexStores, IndexToOpen } from './engineFactory.ts';
import { SqliteEngine } from './sqliteEngine.ts';

/**
 * Indices as SQLite files in the data folder: each index's database in `indices/`, its
 * events in `events/` (a file apart, so event writes never wait on document writes nor
 * the other way round), beside the key senders' addresses are hashed with.
 */
export function sqliteEngines(settings: EngineSettings): EngineFactory {
  return new SqliteFactory(settings.dataDir);
}

class SqliteFactory implements EngineFactory {
  private readonly indexFolder: string;
  private readonly eventFolder: string;
  private readonly manifest: IndexManifest;
  private readonly clients: ClientHasher;
  /** One service per folder (see DataFolderLock); held until `close`. */
  private readonly lock: DataFolderLock;

  constructor(dataDir: string) {
    this.indexFolder = join(dataDir, 'indices');
    this.eventFolder = join(dataDir, 'events');
    mkdirSync(this.indexFolder, { recursive: true });
    mkdirSync(this.eventFolder, { recursive: true });
    this.lock = DataFolderLock.acquire(dataDir);
    try {
      this.manifest = new IndexManifest(this.indexFolder);
      // One key for the folder: a client is the same client in every index.
      this.clients = new ClientHasher(join(this.eventFolder, 'client-address.key'));
    } catch (error) {
      this.lock.release();
      throw error;
    }
  }

  /**
   * A database the folder's manifest lists but that is missing, or one that fails the
   * start check, stops the start with an error naming the file and what to do; a new
   * index is recorded in the manifest once its file is made.
   */
  async open(index: IndexToOpen): Promise<IndexStores> {
    const { publicKey } = index;
    const file = join(this.indexFolder, `${publicKey}.sqlite`);
    if (!existsSync(file) && this.manifest.has(publicKey)) {
      throw new Error(
        `the database of index '${publicKey}', ${file}, is missing, though this data folder held it (${this.manifest.file} lists it). ` +
          `Restore the file from a backup, or check that --data names the right folder; to start the index empty instead, remove '${publicKey}' from ${this.manifest.file}`,
      );
    }
    let engine: SqliteEngine;
    try {
      engine = new SqliteEngine(file, {}, index.ranking);
    } catch (error) {
      throw new Error(
        `the database of index '${publicKey}', ${file}, cannot be used: ${(error as Error).message}. ` +
          'Restore the file from a backup (npm run serve -- --check checks every file in full); to start the index empty instead, move the file away',
        { cause: error },
      );
    }
    this.manifest.add(publicKey);
    const eventFile = join(this.eventFolder, `${publicKey}.sqlite`);
    try {
      return { engine, events: new SqliteEventStore(eventFile, index.clickRanking, this.clients, index.log) };
    } catch (error) {
      await engine.close();
      throw new Error(
        `the events of index '${publicKey}', ${eventFile}, cannot be used: ${(error as Error).message}. ` +
          'Restore the file from a backup (npm run serve -- --check checks every file in full); to start with no events instead, move the file away',
        { cause: error },
      );
    }
  }

  async close(): Promise<void> {
    this.lock.release();
  }
}
