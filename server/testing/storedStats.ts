import type { StatsEvent } from '../../src/client/types.ts';
import type { EventStore, StatsSource } from '../events/eventStore.ts';

/** The stats events a store holds, oldest first, without the time each was received: what tests compare. */
export async function storedStats(store: EventStore, limit = 1000): Promise<Array<{ source: StatsSource } & StatsEvent>> {
  return (await store.storedEvents(0, limit)).map(({ received: _, ...event }) => event);
}
