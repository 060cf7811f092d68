import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { CrawlJobOptions } from '../../src/client/types.ts';
import type { CrawlRecord } from '../engine/crawlStore.ts';
import { CrawlJob, type CrawledIndex, type CrawlJobSettings } from './crawlJob.ts';
import type { CrawlTools } from './crawlJobTools.ts';

/** A crawl run by this process; the job is made once the tools are loaded. */
interface Run {
  id: string;
  job: CrawlJob | null;
  done: Promise<void>;
}

/** How often a process on a shared database looks for crawls another process started. */
const WATCH_MS = 2_000;

/**
 * The crawl jobs of the service (`/v2/indices/{key}/crawls`): starts them, runs at most
 * one per index in this process, cancels them, and at start resumes the crawls a
 * previous run left running. On PostgreSQL, every process joins the crawls of the
 * indices it serves, found by looking every few seconds.
 */
export class CrawlJobs {
  private readonly runs = new Map<string, Run>();
  private tools: Promise<CrawlTools> | null = null;
  private watch: NodeJS.Timeout | null = null;
  private closed = false;
  /** This process's name on its claims. */
  private readonly worker = randomUUID();

  constructor(
    private readonly settings: CrawlJobSettings,
    /** Loaded at the first crawl: the fetcher and the reading threads are not wanted before. */
    private readonly loadTools: () => Promise<CrawlTools>,
    private readonly clock: () => number,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Starts a crawl; when one is queued or running (or `id` is taken), names it and starts nothing. */
  async start(index: CrawledIndex, options: CrawlJobOptions, id: string = randomUUID()): Promise<{ ok: true; id: string } | { ok: false; active: string }> {
    const created = await index.engine.crawls.create(id, JSON.stringify(options), this.clock());
    if (!created.ok) return created;
    const record = await index.engine.crawls.get(id);
    if (record !== null) this.launch(index, record);
    return { ok: true, id };
  }

  /** Cancels a crawl queued or running; the crawl as it stands, or null when there is none. */
  async cancel(index: CrawledIndex, id: string): Promise<CrawlRecord | null> {
    await index.engine.crawls.setState(id, 'cancelled', this.clock());
    const run = this.runs.get(index.publicKey);
    if (run?.id === id) {
      run.job?.cancel();
      await run.done;
    }
    return index.engine.crawls.get(id);
  }

  /** Resumes the crawls left queued or running, and on shared databases keeps looking for new ones. */
  async resume(indices: readonly CrawledIndex[]): Promise<void> {
    for (const index of indices) await this.join(index);
    const shared = indices.filter((index) => index.engine.crawls.shared);
    if (shared.length > 0) {
      this.watch = setInterval(() => {
        for (const index of shared) this.join(index).catch((error: unknown) => this.log.warn({ err: error }, 'crawls not read'));
      }, WATCH_MS);
      this.watch.unref();
    }
  }

  /** Waits for the crawl of `index` under way in this process, if any (tests). */
  async idle(index: CrawledIndex): Promise<void> {
    await this.runs.get(index.publicKey)?.done;
  }

  /** Stops the crawls' work in this process; they stay running in the store, for the next start. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.watch !== null) clearInterval(this.watch);
    for (const { job } of this.runs.values()) job?.stop();
    await Promise.allSettled([...this.runs.values()].map((run) => run.done));
    const tools = this.tools;
    if (tools !== null) await tools.then((t) => t.close()).catch(() => {});
  }

  private async join(index: CrawledIndex): Promise<void> {
    if (this.closed || this.runs.has(index.publicKey)) return;
    const active = await index.engine.crawls.active();
    if (active !== null) this.launch(index, active);
  }

  private launch(index: CrawledIndex, record: CrawlRecord): void {
    if (this.closed || this.runs.has(index.publicKey)) return;
    this.tools ??= this.loadTools();
    const run: Run = { id: record.id, job: null, done: Promise.resolve() };
    const started = this.tools.then((tools) => {
      // Closed meanwhile: the crawl stays as it is for the next start.
      if (this.closed) return;
      run.job = new CrawlJob(index, record, { tools, settings: this.settings, worker: this.worker, clock: this.clock, log: this.log });
      return run.job.run();
    });
    run.done = started
      .catch((error: unknown) => this.log.error({ err: error, crawl: record.id }, 'crawl could not start'))
      .finally(() => {
        if (this.runs.get(index.publicKey) === run) this.runs.delete(index.publicKey);
      });
    this.runs.set(index.publicKey, run);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The crawl jobs: read by tests. */
    crawlJobs: CrawlJobs;
  }
}
