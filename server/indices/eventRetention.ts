/**
 * Retention of stored stats events: those older than `statsRetentionDays` by the app's
 * clock are deleted, a bounded batch at a time with the event loop free between
 * batches, a minute after the start and then every hour. One address within the public limits stores
 * about a gigabyte of events a day; without this they were never reclaimed. What the
 * report and ranking need is counted as events arrive, so it stays.
 */
import type { ProblemLog } from '../events/eventBatcher.ts';
import { DAY_MS } from '../events/clickRanking.ts';
import type { IndexRegistry } from './indexRegistry.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Deletes events past the retention (server/indices/eventRetention.ts): run by a timer, and by tests. */
    eventRetention: EventRetention;
  }
}

/** Events deleted in one statement: a short write lock, whatever the backlog. */
export const RETENTION_BATCH = 2000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;
const FIRST_SWEEP_MS = 60 * 1000;

export class EventRetention {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly indices: IndexRegistry,
    private readonly days: number,
    private readonly clock: () => number,
    private readonly log: ProblemLog,
  ) {}

  /** Sweeps a minute after the start (once the service serves), then every hour; the timers keep no process alive. */
  start(): void {
    this.timer = setTimeout(() => {
      void this.sweep();
      this.timer = setInterval(() => void this.sweep(), SWEEP_EVERY_MS);
      this.timer.unref();
    }, FIRST_SWEEP_MS);
    this.timer.unref();
  }

  /** Deletes every index's events older than the retention as of the clock; resolves to how many went. One sweep at a time. */
  sweep(): Promise<number> {
    this.running ??= this.sweepAll().finally(() => (this.running = null));
    return this.running;
  }

  /** Stops the timer and waits for a sweep under way. */
  async close(): Promise<void> {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private async sweepAll(): Promise<number> {
    const before = this.clock() - this.days * DAY_MS;
    let total = 0;
    for (const index of this.indices.all()) {
      try {
        for (;;) {
          const deleted = await index.events.pruneEvents(before, RETENTION_BATCH);
          total += deleted;
          if (deleted < RETENTION_BATCH) break;
          // Searches and events go first between batches.
          await new Promise((resolve) => setImmediate(resolve));
        }
      } catch (error) {
        this.log.warn({ err: error, index: index.publicKey }, 'old events could not be deleted; the next sweep tries again');
      }
    }
    return total;
  }
}
