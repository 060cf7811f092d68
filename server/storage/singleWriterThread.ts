import { Piscina } from 'piscina';
import type { CloseTask, WriterReply } from './writerTasks.ts';

/** What a single writer thread runs, and what it is called in its errors. */
export interface SingleWriterSettings {
  /** The thread's module: its default export answers each task (writerTasks.ts, answerTasks). */
  worker: URL;
  /** The thread's workerData, read when the thread starts (with the first task). */
  data: () => unknown;
  /** What it writes, as its errors name it: "the index" ("the index is closed"). */
  what: string;
}

/**
 * The writes of one database file, made on a thread of their own with its own
 * connection, so that a long transaction or a disk sync does not hold up the event loop.
 * A pool of one (Piscina) made with the first task, so a file never written has no
 * thread; one thread taking one task at a time runs the tasks in the order they were
 * handed over (see `stricterFIFO`), and `close` is queued behind them. A task that fails
 * is answered with its message and code (writerTasks.ts) and thrown again here with
 * both. A thread that dies takes the task under way with it; the pool starts another for
 * the tasks that follow.
 */
export class SingleWriterThread<Task extends { op: string }, Result = unknown> {
  private pool: Piscina<Task | CloseTask, WriterReply<Result>> | null = null;
  private calls = 0;
  private closing: Promise<void> | null = null;

  constructor(private readonly settings: SingleWriterSettings) {}

  /** Whether no task is under way: the thread holds no lock on the file. */
  get idle(): boolean {
    return this.calls === 0 && this.closing === null;
  }

  /** Whether the thread was started: a task was handed over. */
  get started(): boolean {
    return this.pool !== null;
  }

  /** Runs one task after those handed over before it; its result, or its failure thrown with its `code`. */
  async call(task: Task): Promise<Result> {
    if (this.closing !== null) throw new Error(`${this.settings.what} is closed`);
    // Handed to the pool before the first await, so the tasks queue in the order they were made.
    const reply = this.run(task);
    this.calls++;
    try {
      const answer = await reply;
      if ('result' in answer) return answer.result;
      const { message, code } = answer.error;
      throw Object.assign(new Error(message), code === undefined ? {} : { code });
    } finally {
      this.calls--;
    }
  }

  /** Resolves once every task handed over before it is done and the thread's connection is closed. */
  close(): Promise<void> {
    this.closing ??= this.shutDown();
    return this.closing;
  }

  private async shutDown(): Promise<void> {
    const pool = this.pool;
    if (pool === null) return;
    // Queued behind the tasks already handed over: the thread answers them first, then closes
    // its connection, which the caller's closes after it (the last one checkpoints).
    await this.run({ op: 'close' }).catch(() => {});
    await pool.destroy();
  }

  private run(task: Task | CloseTask): Promise<WriterReply<Result>> {
    this.pool ??= new Piscina({
      filename: this.settings.worker.href,
      workerData: this.settings.data(),
      minThreads: 1,
      maxThreads: 1,
      concurrentTasksPerWorker: 1,
      // Piscina puts a task its busy thread cannot take at the back of its queue, behind
      // those handed over after it; here each goes back to the front, so they run in order.
      stricterFIFO: true,
      idleTimeout: Infinity,
    });
    return this.pool.run(task).catch((error: unknown) => {
      throw new Error(`${this.settings.what}'s writer thread stopped (${error instanceof Error ? error.message : String(error)})`, { cause: error });
    });
  }
}
