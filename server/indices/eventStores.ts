import type { IndexRegistry } from './indexRegistry.ts';
import type { EventStore } from '../events/eventStore.ts';

/** The event store of each index, by public key: for tests, the demo and, later, a dashboard. */
export class EventStores {
  constructor(private readonly indices: IndexRegistry) {}

  /** The store of an index; throws for a key the service does not serve. */
  get(publicKey: string): EventStore {
    return this.indices.get(publicKey).events;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The events of each index: read by tests and the demo. */
    eventStores: EventStores;
  }
}
