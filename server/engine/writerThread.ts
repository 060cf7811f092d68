import { SingleWriterThread } from '../storage/singleWriterThread.ts';
import type { WriterCall, WriterCalls } from './sqliteWriter.ts';

/** What the thread (sqliteWriterWorker.mjs) is handed besides `close`: a call of WriterCalls. */
export type WriterTask = WriterCall;

const WORKER_URL = new URL('./sqliteWriterWorker.mjs', import.meta.url);

/**
 * The writes of one index file, made on a thread of its own (sqliteWriterWorker.mjs)
 * with its own connection: a batch of thousands of documents takes most of a second of
 * CPU, and on the service's thread every search and `/health` would wait for it. A
 * single writer thread (SingleWriterThread): made with the first write, so an index only
 * read never has one, and running the calls in the order they were made. A thread that
 * fails takes the call under way with it; the next one reads the file afresh.
 */
export class WriterThread {
  private readonly thread: SingleWriterThread<WriterTask>;

  constructor(file: string) {
    this.thread = new SingleWriterThread({ worker: WORKER_URL, data: () => ({ file }), what: 'the index' });
  }

  /** Whether no call is under way: the thread holds no lock on the file. */
  get idle(): boolean {
    return this.thread.idle;
  }

  /** Runs one call, a transaction, after the calls made before it. */
  async call<K extends keyof WriterCalls>(op: K, ...args: Parameters<WriterCalls[K]>): Promise<ReturnType<WriterCalls[K]>> {
    return (await this.thread.call({ op, args } as WriterCall)) as ReturnType<WriterCalls[K]>;
  }

  /** Resolves once every call made before it is done and the connection is closed. */
  close(): Promise<void> {
    return this.thread.close();
  }
}
