import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ClickRanking } from './clickRanking.ts';
import { ClientHasher } from './clientAddress.ts';
import { EventStore } from './eventStore.ts';

/**
 * The event store of each index, by public key, in `dataDir/events/`: a file apart from
 * the index's, so event writes never wait on document writes nor the other way round.
 * The folder also holds the key that senders' addresses are hashed with.
 */
export class EventStores {
  private readonly byKey = new Map<string, EventStore>();

  constructor(dataDir: string, publicKeys: readonly string[], ranking?: ClickRanking) {
    const folder = join(dataDir, 'events');
    mkdirSync(folder, { recursive: true });
    // One key for the folder: a client is the same client in every index.
    const clients = new ClientHasher(join(folder, 'client-address.key'));
    try {
      for (const key of publicKeys) {
        const file = join(folder, `${key}.sqlite`);
        try {
          this.byKey.set(key, new EventStore(file, ranking, clients));
        } catch (error) {
          throw new Error(
            `the events of index '${key}', ${file}, cannot be used: ${(error as Error).message}. ` +
              'Restore the file from a backup (npm run serve -- --check checks every file in full); to start with no events instead, move the file away',
            { cause: error },
          );
        }
      }
    } catch (error) {
      this.close();
      throw error;
    }
  }

  /** The store of an index; callers look the index up first, so the key is known. */
  get(publicKey: string): EventStore {
    const store = this.byKey.get(publicKey);
    if (store === undefined) throw new Error(`no event store for index '${publicKey}'`);
    return store;
  }

  /** Commits every queued event and closes the files. */
  close(): void {
    for (const store of this.byKey.values()) store.close();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The events of each index: read by tests and, later, by a dashboard. */
    eventStores: EventStores;
  }
}
