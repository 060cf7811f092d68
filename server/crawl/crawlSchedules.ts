/**
 * Recrawls on schedule: an index whose settings hold a `crawlSchedule` gets a site crawl
 * once `every` has passed since its latest crawl was started (by hand, by a deploy hook or
 * by the schedule), when none is under way. The service looks every minute, by the app's
 * clock; tests call `tick()` after moving it.
 *
 * Several processes on one PostgreSQL database look at the same crawls: the crawl a
 * schedule starts has an id made of its due time (`scheduled-<epoch ms>`), the same on
 * every process, so the row of the first process that makes it is the claim, and the
 * others' inserts change nothing (crawlStore.ts `create`). The others then join the
 * crawl as they join any other (crawlJobs.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { CrawlSchedule } from '../../src/client/types.ts';
import { configuredSettings, overlaySettings, parseStoredSettings, SETTINGS_ID, SETTINGS_KIND, type IndexTuning } from '../config/rankingSettings.ts';
import { ACTIVE_CRAWL_STATES } from '../engine/crawlStore.ts';
import type { SearchEngine } from '../engine/engine.ts';
import { scheduleIntervalMs } from '../schemas/crawlSchedule.ts';
import type { CrawledIndex } from './crawlJob.ts';
import { crawlJobOptions } from './crawlJobOptions.ts';
import type { CrawlJobs } from './crawlJobs.ts';

/** An index as the schedule reads it: its crawls, its stored settings and its config file's. */
export interface ScheduledIndex extends CrawledIndex, IndexTuning {
  engine: CrawledIndex['engine'] & Pick<SearchEngine, 'steering'>;
}

/** How often the service looks for a due crawl: a schedule is at least 5 minutes. */
const TICK_MS = 60_000;
/** The prefix of the ids of crawls a schedule started. */
export const SCHEDULED_PREFIX = 'scheduled-';

export class CrawlSchedules {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<string[]> | null = null;
  /** Start URLs the allow-lists refuse, warned of once per index. */
  private readonly refused = new Set<string>();

  constructor(
    /** The indices served now (those made through the index API included). */
    private readonly indices: () => readonly ScheduledIndex[],
    private readonly crawlJobs: Pick<CrawlJobs, 'start'>,
    /** Why the one-page crawler's allow-lists refuse a URL; null when they allow it. */
    private readonly refusal: (url: URL) => string | null,
    private readonly clock: () => number,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Looks every minute; the timer keeps no process alive. */
  start(): void {
    this.timer = setInterval(() => void this.tick(), TICK_MS);
    this.timer.unref();
  }

  /** Starts the crawls due as of the clock; resolves to their ids. One look at a time. */
  tick(): Promise<string[]> {
    this.running ??= this.tickAll().finally(() => (this.running = null));
    return this.running;
  }

  async close(): Promise<void> {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private async tickAll(): Promise<string[]> {
    const started: string[] = [];
    for (const index of this.indices()) {
      try {
        const id = await this.startDue(index);
        if (id !== null) started.push(id);
      } catch (error) {
        this.log.warn({ err: error, index: index.publicKey }, 'scheduled crawl not started');
      }
    }
    return started;
  }

  private async startDue(index: ScheduledIndex): Promise<string | null> {
    const schedule = await scheduleOf(index);
    const every = schedule === null ? null : scheduleIntervalMs(schedule.every);
    if (schedule === null || every === null) return null;
    const [latest] = await index.engine.crawls.list(1);
    if (latest !== undefined && ACTIVE_CRAWL_STATES.includes(latest.state)) return null;
    const dueAt = latest === undefined ? 0 : latest.createdAt + every;
    if (this.clock() < dueAt) return null;
    const { every: _every, ...request } = schedule;
    if (this.refusedUrl(index, [...(request.start ?? []), ...(request.sitemaps ?? [])])) return null;
    const id = `${SCHEDULED_PREFIX}${dueAt}`;
    const started = await this.crawlJobs.start(index, crawlJobOptions(request), id);
    if (!started.ok) return null;
    this.log.info({ index: index.publicKey, crawl: id }, 'scheduled crawl started');
    return id;
  }

  /** Whether the allow-lists refuse one of the schedule's URLs (the settings check only their form). */
  private refusedUrl(index: ScheduledIndex, urls: readonly string[]): boolean {
    for (const text of urls) {
      const refusal = URL.canParse(text) ? this.refusal(new URL(text)) : 'not an absolute URL';
      if (refusal === null) continue;
      const key = `${index.publicKey}\n${text}`;
      if (!this.refused.has(key)) this.log.warn({ index: index.publicKey, url: text, refusal }, 'scheduled crawl not started: a URL cannot be crawled');
      this.refused.add(key);
      return true;
    }
    return false;
  }
}

/** The index's schedule in effect: the stored settings' (null removes it), else its config file's. */
export async function scheduleOf(index: ScheduledIndex): Promise<CrawlSchedule | null> {
  const stored = parseStoredSettings(await index.engine.steering.get(SETTINGS_KIND, SETTINGS_ID));
  return overlaySettings(configuredSettings(index), stored).crawlSchedule ?? null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The recrawl schedules (crawl/crawlSchedules.ts): run by a timer, and by tests. */
    crawlSchedules: CrawlSchedules;
  }
}
