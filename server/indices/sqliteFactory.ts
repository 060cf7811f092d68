import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DataFolderLock } from '../storage/dataFolderLock.ts';
import { DataManifest } from '../storage/dataManifest.ts';
import { ClientHasher } from '../events/clientAddress.ts';
import { SqliteEventStore } from '../events/sqliteEventStore.ts';
import { suggestedRuleOf, type EngineFactory, type EngineSettings, type IndexStores, type IndexToOpen } from './engineFactory.ts';
import { SqliteEngine } from '../engine/sqliteEngine.ts';
import { DatabaseTooNewError } from '../storage/migrations.ts';
import { SqliteCatalog } from './sqliteCatalog.ts';
import type { ServiceCatalog } from './catalog.ts';

/**
 * Indices as SQLite files in the data folder: each index's database in `indices/`, its
 * events in `events/` (a file apart, so event writes never wait on document writes nor
 * the other way round), beside the key senders' addresses are hashed with.
 */
export function sqliteEngines(settings: EngineSettings): EngineFactory {
  return new SqliteFactory(settings.dataDir, settings.requireData ?? false);
}

class SqliteFactory implements EngineFactory {
  private readonly dataDir: string;
  private readonly indexFolder: string;
  private readonly eventFolder: string;
  private readonly manifest: DataManifest;
  private readonly clients: ClientHasher;
  /** One service per folder (see DataFolderLock); held until `close`. */
  private readonly lock: DataFolderLock;

  constructor(
    dataDir: string,
    private readonly requireData: boolean,
  ) {
    // Before anything is made: a folder that is not there must not be created empty.
    if (requireData && !DataManifest.existsIn(dataDir)) {
      throw new Error(
        `no data of this service in ${dataDir} (no manifest.json), and it must find its data (requireData). ` +
          'Check that the volume is mounted and that --data names the right folder; for a first start on an empty folder, start once without requireData',
      );
    }
    this.dataDir = dataDir;
    this.indexFolder = join(dataDir, 'indices');
    this.eventFolder = join(dataDir, 'events');
    mkdirSync(this.indexFolder, { recursive: true });
    mkdirSync(this.eventFolder, { recursive: true });
    this.lock = DataFolderLock.acquire(dataDir);
    try {
      this.manifest = new DataManifest(dataDir);
      // One key for the folder: a client is the same client in every index.
      this.clients = new ClientHasher(join(this.eventFolder, 'client-address.key'));
    } catch (error) {
      this.lock.release();
      throw error;
    }
  }

  /**
   * A database the folder's manifest lists but that is missing, or one that fails the
   * start check, stops the start with an error naming the file and what to do; so does
   * an index the folder never held when it must find its data. A new database is
   * recorded in the manifest once its file is made.
   */
  async open(index: IndexToOpen): Promise<IndexStores> {
    const { publicKey } = index;
    const file = join(this.indexFolder, `${publicKey}.sqlite`);
    const eventFile = join(this.eventFolder, `${publicKey}.sqlite`);
    this.checkThere('indices', publicKey, file, `the database of index '${publicKey}'`);
    this.checkThere('events', publicKey, eventFile, `the events of index '${publicKey}'`);
    let engine: SqliteEngine;
    try {
      engine = await SqliteEngine.open(file, {}, index.clock);
    } catch (error) {
      // The file is sound, only newer than this code: its message says what to do.
      if (error instanceof DatabaseTooNewError) throw new Error(`the database of index '${publicKey}', ${error.message}`, { cause: error });
      throw new Error(
        `the database of index '${publicKey}', ${file}, cannot be used: ${(error as Error).message}. ` +
          'Restore the file from a backup (npm run serve -- --check checks every file in full); to start the index empty instead, move the file away',
        { cause: error },
      );
    }
    this.manifest.add('indices', publicKey);
    try {
      const { clickRanking: ranking, log, clock, writerThread } = index;
      const suggested = await suggestedRuleOf(index, engine);
      const events = await SqliteEventStore.open(eventFile, {
        ranking,
        clients: this.clients,
        log,
        suggested,
        clock,
        ...(writerThread !== undefined && { writerThread }),
      });
      this.manifest.add('events', publicKey);
      return { engine, events, ...(engine.file !== null && { readerFile: engine.file }) };
    } catch (error) {
      await engine.close();
      if (error instanceof DatabaseTooNewError) throw new Error(`the events of index '${publicKey}', ${error.message}`, { cause: error });
      throw new Error(
        `the events of index '${publicKey}', ${eventFile}, cannot be used: ${(error as Error).message}. ` +
          'Restore the file from a backup (npm run serve -- --check checks every file in full); to start with no events instead, move the file away',
        { cause: error },
      );
    }
  }

  catalog(): Promise<ServiceCatalog> {
    return SqliteCatalog.open(join(this.dataDir, 'service.sqlite'));
  }

  async drop(publicKey: string): Promise<void> {
    for (const [part, folder] of [
      ['indices', this.indexFolder],
      ['events', this.eventFolder],
    ] as const) {
      const file = join(folder, `${publicKey}.sqlite`);
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
      this.manifest.remove(part, publicKey);
    }
  }

  async close(): Promise<void> {
    this.lock.release();
  }

  /** Throws when `file` is missing though the folder held it, or when the folder never held it and must. */
  private checkThere(part: 'indices' | 'events', publicKey: string, file: string, what: string): void {
    if (existsSync(file)) return;
    if (this.manifest.has(part, publicKey)) {
      throw new Error(
        `${what}, ${file}, is missing, though this data folder held it (${this.manifest.file} lists it under "${part}"). ` +
          `Restore the file from a backup, or check that --data names the right folder; to start it empty instead, remove '${publicKey}' from "${part}" in ${this.manifest.file}`,
      );
    }
    if (this.requireData) {
      throw new Error(
        `${what}, ${file}, is not in the data folder, and the service must find its data (requireData). ` +
          'Check that --data names the right folder; to add a new index, start once without requireData',
      );
    }
  }
}
