import { Piscina } from 'piscina';
import type { EventWriterData, EventWriterReply, EventWriterTask } from './eventWriter.ts';
import type { SuggestedKeywordRule } from './searchedKeywords.ts';
import type { IncomingStats } from './queuedStats.ts';

const WORKER_URL = new URL('./eventWriterWorker.mjs', import.meta.url);

/**
 * The commits of the searches an SQLite event store queued itself, made on a thread of
 * its own (eventWriterWorker.mjs) with its own connection: each is a disk sync, and per
 * search two keyed hashes of its sender and a dozen statements (the event, its rollups,
 * the searched keywords), which on
 * the service's thread every search under way would wait for. A pool of one (Piscina),
 * made with the first task, so a store that queues nothing never has one; one thread
 * taking one task at a time runs them in the order they were handed over.
 */
export class EventWriterThread {
  private pool: Piscina<EventWriterTask, EventWriterReply> | null = null;
  private closing: Promise<void> | null = null;

  constructor(private readonly data: EventWriterData) {}

  /** Stores the rows in one transaction; how many were new. */
  async insert(rows: IncomingStats[], now: number): Promise<number> {
    return (await this.call({ op: 'insert', rows, now })) as number;
  }

  /** The suggestion rule the thread's counts follow from its next task on. */
  async setRule(rule: SuggestedKeywordRule, now: number): Promise<void> {
    this.data.rule = rule;
    // Without a thread yet, the one made later starts with the rule.
    if (this.pool !== null) await this.call({ op: 'rule', rule, now });
  }

  /** Sets a pragma of the thread's connection (tests that fill the disk); its answer. */
  pragma(pragma: string): Promise<unknown> {
    return this.call({ op: 'pragma', pragma });
  }

  /** Resolves once every task handed over before it is done and the connection is closed. */
  close(): Promise<void> {
    this.closing ??= this.shutDown();
    return this.closing;
  }

  private async call(task: EventWriterTask): Promise<unknown> {
    if (this.closing !== null) throw new Error('the event store is closed');
    const answer = await this.run(task);
    if ('result' in answer) return answer.result;
    const { message, code } = answer.error;
    throw Object.assign(new Error(message), code === undefined ? {} : { code });
  }

  private async shutDown(): Promise<void> {
    const pool = this.pool;
    if (pool === null) return;
    // Behind the tasks already handed over; the store's connection closes after it (the last one checkpoints).
    await this.run({ op: 'close' }).catch(() => {});
    await pool.destroy();
  }

  private run(task: EventWriterTask): Promise<EventWriterReply> {
    this.pool ??= new Piscina({
      filename: WORKER_URL.href,
      workerData: this.data,
      minThreads: 1,
      maxThreads: 1,
      concurrentTasksPerWorker: 1,
      idleTimeout: Infinity,
    });
    return this.pool.run(task).catch((error: unknown) => {
      throw new Error(`the events' writer thread stopped (${error instanceof Error ? error.message : String(error)})`, { cause: error });
    });
  }
}
