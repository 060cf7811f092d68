/**
 * Retention of stored stats events: those older than `statsRetentionDays` by the app's
 * clock are deleted, a bounded batch at a time with the event loop free between
 * batches, a minute after the start and then every hour. One address within the public limits stores
 * about a gigabyte of events a day; without this they were never reclaimed. Past
 * `statsMaxEvents` stored events, the oldest are deleted too, and /health says so. The
 * per-keyword counts only deleted events made go with them (EventStore.pruneEvents); the
 * report's daily totals stay.
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

  /** Per index, the oldest events dropped for the cap since the start, and when last. */
  private readonly capped = new Map<string, { dropped: number; at: number }>();

  constructor(
    private readonly indices: IndexRegistry,
    private readonly limits: { days: number; maxEvents: number },
    private readonly clock: () => number,
    private readonly log: ProblemLog,
  ) {}

  /** For /health: what the cap on stored events dropped of an index since the start; null when nothing. */
  cappedOf(publicKey: string): { dropped: number; at: number } | null {
    return this.capped.get(publicKey) ?? null;
  }

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
    const before = this.clock() - this.limits.days * DAY_MS;
    let total = 0;
    for (const index of this.indices.all()) {
      try {
        for (;;) {
          const deleted = await index.events.pruneEvents(before, RETENTION_BATCH, before);
          total += deleted;
          if (deleted < RETENTION_BATCH) break;
          await breath();
        }
        // Over the cap on stored events (one sender within the limits), the oldest go first.
        let over = (await index.events.counts()).statsEvents - this.limits.maxEvents;
        while (over > 0) {
          const deleted = await index.events.pruneEvents(Number.MAX_SAFE_INTEGER, Math.min(over, RETENTION_BATCH), before);
          if (deleted === 0) break;
          over -= deleted;
          total += deleted;
          const capped = this.capped.get(index.publicKey);
          this.capped.set(index.publicKey, { dropped: (capped?.dropped ?? 0) + deleted, at: this.clock() });
          this.log.warn({ index: index.publicKey, dropped: deleted }, 'stored events passed statsMaxEvents: the oldest were deleted');
          await breath();
        }
        // The report's keyword and document rows of the days whose events all went.
        while ((await index.events.pruneCounts(RETENTION_BATCH)) >= RETENTION_BATCH) await breath();
      } catch (error) {
        this.log.warn({ err: error, index: index.publicKey }, 'old events could not be deleted; the next sweep tries again');
      }
    }
    return total;
  }
}

/** Searches and events go first between batches. */
function breath(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
