/**
 * The events the service records itself (the searches it answers), queued and committed
 * together: a commit per search would cost a disk sync per search. Every event store
 * keeps its queue here, so what happens when a commit fails is written once: nothing is
 * thrown out of a timer (that would end the process), the events go back to the queue
 * for a later try, the oldest beyond a bound are dropped and counted, and the failure is
 * logged and reported by `health` until a commit succeeds again.
 */
import { storageProblem } from '../storage/storageErrors.ts';

/** Where a store reports what no request is waiting for: pino's `error` and `warn` (object, message). */
export interface ProblemLog {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** Writes to stderr: for stores opened outside the service (tests, scripts). */
export const CONSOLE_LOG: ProblemLog = {
  error: (details, message) => console.error(message, details),
  warn: (details, message) => console.warn(message, details),
};

/** How a store's writes are doing, for `/health`. */
export interface WriteHealth {
  /** Events waiting for a commit, retried ones included. */
  queued: number;
  /** Events given up on since the start: the queue was full while commits failed, or the store closed. */
  dropped: number;
  /** The last failed write, while no write has succeeded since. */
  failure: WriteFailure | null;
}

export interface WriteFailure {
  message: string;
  /** `storage_full`, `unavailable`, or `error` for anything else. */
  kind: 'storage_full' | 'unavailable' | 'error';
  /** When it first failed, in ms since the epoch. */
  since: number;
}

export interface EventBatcherOptions<T> {
  /** Commits rows in one transaction, all or none. */
  commit(rows: readonly T[]): Promise<void> | void;
  /** Names what is written, for the log: `events of index 'docs'`. */
  what: string;
  log?: ProblemLog;
  /** The longest an event waits before its commit. @default 200 */
  flushMs?: number;
  /** A commit starts at once when this many wait. @default 500 */
  batchMax?: number;
  /** While commits fail, at most this many are kept; older ones are dropped. @default 10000 */
  keepMax?: number;
  /** The first retry after a failed commit; each further failure doubles it, up to a minute. @default 1000 */
  retryMs?: number;
}

const RETRY_MAX_MS = 60_000;

export class EventBatcher<T> {
  private queue: T[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private dropped = 0;
  private failure: WriteFailure | null = null;
  private retryMs: number;
  private closed = false;
  private readonly log: ProblemLog;
  private readonly flushMs: number;
  private readonly batchMax: number;
  private readonly keepMax: number;
  private readonly firstRetryMs: number;

  constructor(private readonly options: EventBatcherOptions<T>) {
    this.log = options.log ?? CONSOLE_LOG;
    this.flushMs = options.flushMs ?? 200;
    this.batchMax = options.batchMax ?? 500;
    this.keepMax = options.keepMax ?? 10_000;
    this.firstRetryMs = options.retryMs ?? 1000;
    this.retryMs = this.firstRetryMs;
  }

  /** Queues a row without waiting; never throws. Once closed, the row is dropped and counted. */
  add(row: T): void {
    if (this.closed) {
      this.dropped++;
      return;
    }
    this.queue.push(row);
    this.trim();
    // While writes fail, the next try waits for the retry timer: no commit per search on a full disk.
    if (this.failure !== null) {
      if (this.timer === null) this.scheduleRetry();
      return;
    }
    if (this.queue.length >= this.batchMax) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.flushMs);
  }

  /**
   * Commits what is queued, after any commit under way; resolves once done, also when the
   * commit failed (the rows are then queued again and the failure reported by `health`).
   */
  flush(): Promise<void> {
    this.clearTimer();
    this.flushing = this.flushing.then(() => this.commitQueued());
    return this.flushing;
  }

  /**
   * Runs a write that a caller waits for (events sent to an endpoint), so its failure
   * shows in `health` too, and its success clears a failure; rethrows its error.
   */
  async track<R>(write: () => Promise<R> | R): Promise<R> {
    try {
      const result = await write();
      this.succeeded();
      return result;
    } catch (error) {
      this.failed(error);
      throw error;
    }
  }

  health(): WriteHealth {
    return { queued: this.queue.length, dropped: this.dropped, failure: this.failure };
  }

  /** Commits what is queued; what cannot be committed is dropped, counted and logged. */
  async close(): Promise<void> {
    if (this.closed) return;
    await this.flush();
    this.closed = true;
    this.clearTimer();
    if (this.queue.length === 0) return;
    this.dropped += this.queue.length;
    this.log.error({ dropped: this.queue.length }, `${this.options.what}: ${this.queue.length} events could not be saved before closing and are lost`);
    this.queue = [];
  }

  private async commitQueued(): Promise<void> {
    const rows = this.queue;
    if (rows.length === 0) return;
    this.queue = [];
    try {
      await this.options.commit(rows);
      this.succeeded();
    } catch (error) {
      this.queue = rows.concat(this.queue);
      this.trim();
      this.failed(error);
      if (!this.closed) this.scheduleRetry();
    }
  }

  private succeeded(): void {
    if (this.failure === null) return;
    this.failure = null;
    this.retryMs = this.firstRetryMs;
    this.log.warn({ queued: this.queue.length }, `${this.options.what}: writes succeed again`);
    // What waited for a retry is committed now, not at the retry's later time.
    this.clearTimer();
    if (this.queue.length > 0) this.timer = setTimeout(() => void this.flush(), 0);
  }

  private failed(error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    // Logged when it starts and when it changes, not at every retry.
    if (this.failure === null || this.failure.message !== message) {
      this.log.error({ err: error, queued: this.queue.length, dropped: this.dropped }, `${this.options.what}: cannot be saved (${message}); kept for a retry`);
    }
    // eslint-disable-next-line no-restricted-syntax -- when the failure began is for the people reading /health, like a log line's time.
    this.failure = { message, kind: storageProblem(error) ?? 'error', since: this.failure?.since ?? Date.now() };
  }

  private scheduleRetry(): void {
    this.clearTimer();
    this.timer = setTimeout(() => void this.flush(), this.retryMs);
    // A retry alone does not keep the process alive; closing commits what is left.
    this.timer.unref();
    this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
  }

  /** Drops the oldest rows beyond `keepMax`. */
  private trim(): void {
    const over = this.queue.length - this.keepMax;
    if (over <= 0) return;
    this.queue.splice(0, over);
    this.dropped += over;
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
