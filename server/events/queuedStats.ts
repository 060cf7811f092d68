import type { StatsEvent } from '../../src/client/types.ts';
import type { EventBatcher, WriteHealth } from './eventBatcher.ts';
import type { StatsSource } from './eventStore.ts';

/** A stats event on its way to an event store's tables. */
export interface IncomingStats {
  event: StatsEvent;
  source: StatsSource;
  received: number;
  /** The sender's IP address; stored only as a keyed hash. */
  address?: string | undefined;
}

/**
 * What every event store does alike with the events the service records itself: they
 * wait in an EventBatcher, committed within 200 ms, at a flush, or on close.
 */
export abstract class QueuedStats {
  protected abstract readonly queue: EventBatcher<IncomingStats>;
  /** The app's clock (EventStoreOptions.clock). */
  protected abstract readonly clock: () => number;

  /** Queues an event the service recorded itself, from the sender at `address`, received at `received` (the app's clock; see EventBatcher). */
  queueStats(event: StatsEvent, source: StatsSource, address?: string, received = this.clock()): void {
    this.queue.add({ event, source, received, address });
  }

  /** Commits the queued events; resolves once they and any commit before are done. */
  flush(): Promise<void> {
    return this.queue.flush();
  }

  health(): WriteHealth {
    return this.queue.health();
  }
}
