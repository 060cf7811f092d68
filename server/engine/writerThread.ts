import { Worker } from 'node:worker_threads';
import type { WriterCalls } from './sqliteWriter.ts';

interface Pending {
  resolve: (value: never) => void;
  reject: (error: Error) => void;
}

interface Reply {
  id: number;
  result?: unknown;
  error?: { message: string; code?: string };
}

const WORKER_URL = new URL('./sqliteWriterWorker.mjs', import.meta.url);

/**
 * The writes of one index file, made on a thread of its own (sqliteWriterWorker.mjs)
 * with its own connection: a batch of thousands of documents takes most of a second of
 * CPU, and on the service's thread every search and `/health` would wait for it. The
 * thread starts with the first write, so an index only read never has one. A thread
 * that fails takes the calls under way with it; the next call starts another, which
 * reads the file afresh.
 */
export class WriterThread {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private closing: Promise<void> | null = null;

  constructor(private readonly file: string) {}

  /** Whether no call is under way: the thread holds no lock on the file. */
  get idle(): boolean {
    return this.pending.size === 0 && this.closing === null;
  }

  /** Runs one call, a transaction, after the calls sent before it. */
  call<K extends keyof WriterCalls>(op: K, ...args: Parameters<WriterCalls[K]>): Promise<ReturnType<WriterCalls[K]>> {
    if (this.closing !== null) return Promise.reject(new Error('the index is closed'));
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // A call under way keeps the process alive; an idle thread does not.
      worker.ref();
      worker.postMessage({ id, op, args });
    });
  }

  /** Resolves once every call made before it is done and the connection is closed. */
  close(): Promise<void> {
    this.closing ??= new Promise((resolve) => {
      const worker = this.worker;
      if (worker === null) return resolve();
      worker.ref();
      worker.once('exit', () => resolve());
      // After the calls already sent: the thread answers them first.
      worker.postMessage({ op: 'close' });
    });
    return this.closing;
  }

  private start(): Worker {
    const worker = new Worker(WORKER_URL, { workerData: { file: this.file } });
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const job = this.pending.get(reply.id);
      if (job === undefined) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0 && this.closing === null) worker.unref();
      if (reply.error === undefined) job.resolve(reply.result as never);
      else job.reject(Object.assign(new Error(reply.error.message), reply.error.code === undefined ? {} : { code: reply.error.code }));
    });
    worker.on('error', (error) => this.lost(worker, error));
    worker.on('exit', (code) => this.lost(worker, new Error(`the index's writer thread stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }

  private lost(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = null;
    for (const job of this.pending.values()) job.reject(error);
    this.pending.clear();
  }
}
