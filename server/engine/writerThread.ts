import { Piscina } from 'piscina';
import type { WriterCall, WriterCalls } from './sqliteWriter.ts';

/** What the thread (sqliteWriterWorker.mjs) is handed: a call, or the last word. */
export type WriterTask = WriterCall | { op: 'close' };

/**
 * What the thread answers. A failed call is answered, not thrown: an error crossing
 * threads loses its `code` (SQLITE_BUSY, SQLITE_FULL), which callers read.
 */
export type WriterReply = { result: unknown } | { error: { message: string; code?: string } };

const WORKER_URL = new URL('./sqliteWriterWorker.mjs', import.meta.url);

/**
 * The writes of one index file, made on a thread of its own (sqliteWriterWorker.mjs)
 * with its own connection: a batch of thousands of documents takes most of a second of
 * CPU, and on the service's thread every search and `/health` would wait for it. The
 * thread is a pool of one (Piscina), made with the first write, so an index only read
 * never has one; one thread taking one task at a time runs the calls in the order they
 * were made. A thread that fails takes the call under way with it; the pool starts
 * another, which reads the file afresh, for the calls that follow.
 */
export class WriterThread {
  private pool: Piscina<WriterTask, WriterReply> | null = null;
  private calls = 0;
  private closing: Promise<void> | null = null;

  constructor(private readonly file: string) {}

  /** Whether no call is under way: the thread holds no lock on the file. */
  get idle(): boolean {
    return this.calls === 0 && this.closing === null;
  }

  /** Runs one call, a transaction, after the calls made before it. */
  async call<K extends keyof WriterCalls>(op: K, ...args: Parameters<WriterCalls[K]>): Promise<ReturnType<WriterCalls[K]>> {
    if (this.closing !== null) throw new Error('the index is closed');
    // Handed to the pool before the first await, so the calls queue in the order they were made.
    const reply = this.run({ op, args } as WriterCall);
    this.calls++;
    try {
      const answer = await reply;
      if ('result' in answer) return answer.result as ReturnType<WriterCalls[K]>;
      const { message, code } = answer.error;
      throw Object.assign(new Error(message), code === undefined ? {} : { code });
    } finally {
      this.calls--;
    }
  }

  /** Resolves once every call made before it is done and the connection is closed. */
  close(): Promise<void> {
    this.closing ??= this.shutDown();
    return this.closing;
  }

  private async shutDown(): Promise<void> {
    const pool = this.pool;
    if (pool === null) return;
    // Queued behind the calls already made: the thread answers them first, then closes
    // its connection, which the service's closes after it (the last one checkpoints).
    await this.run({ op: 'close' }).catch(() => {});
    await pool.destroy();
  }

  private run(task: WriterTask): Promise<WriterReply> {
    this.pool ??= new Piscina({
      filename: WORKER_URL.href,
      workerData: { file: this.file },
      minThreads: 1,
      maxThreads: 1,
      concurrentTasksPerWorker: 1,
      idleTimeout: Infinity,
    });
    return this.pool.run(task).catch((error: unknown) => {
      throw new Error(`the index's writer thread stopped (${error instanceof Error ? error.message : String(error)})`, { cause: error });
    });
  }
}
