import { SingleWriterThread } from '../storage/singleWriterThread.ts';
import type { EventWriterData, EventWriterTask } from './eventWriter.ts';
import type { SuggestedKeywordRule } from './searchedKeywords.ts';
import type { IncomingStats } from './queuedStats.ts';

const WORKER_URL = new URL('./eventWriterWorker.mjs', import.meta.url);

/**
 * The commits of the searches an SQLite event store queued itself, made on a thread of
 * its own (eventWriterWorker.mjs) with its own connection: each is a disk sync, and per
 * search two keyed hashes of its sender and a dozen statements (the event, its rollups,
 * the searched keywords), which on the service's thread every search under way would
 * wait for. A single writer thread (SingleWriterThread): made with the first task, so a
 * store that queues nothing never has one, and running the tasks in the order they were
 * handed over.
 */
export class EventWriterThread {
  private readonly thread: SingleWriterThread<EventWriterTask>;

  constructor(private readonly data: EventWriterData) {
    // Read when the thread starts: a rule set before then is the one it starts with.
    this.thread = new SingleWriterThread({ worker: WORKER_URL, data: () => this.data, what: 'the event store' });
  }

  /** Stores the rows in one transaction; how many were new. */
  async insert(rows: IncomingStats[], now: number): Promise<number> {
    return (await this.thread.call({ op: 'insert', rows, now })) as number;
  }

  /** The suggestion rule the thread's counts follow from its next task on. */
  async setRule(rule: SuggestedKeywordRule, now: number): Promise<void> {
    this.data.rule = rule;
    // Without a thread yet, the one made later starts with the rule.
    if (this.thread.started) await this.thread.call({ op: 'rule', rule, now });
  }

  /** Sets a pragma of the thread's connection (tests that fill the disk); its answer. */
  pragma(pragma: string): Promise<unknown> {
    return this.thread.call({ op: 'pragma', pragma });
  }

  /** Resolves once every task handed over before it is done and the connection is closed. */
  close(): Promise<void> {
    return this.thread.close();
  }
}
