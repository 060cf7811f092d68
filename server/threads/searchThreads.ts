import { randomUUID } from 'node:crypto';
import { Piscina } from 'piscina';
import type { RankingLimits } from '../engine/engine.ts';
import type { SearchPipeline, SearchResult } from '../pipeline/searchPipeline.ts';
import type { RankingBase } from '../ranking/rankingSettings.ts';
import type { SearchCall, SearchTask } from './searchTask.ts';

const WORKER_URL = new URL('./searchWorker.mjs', import.meta.url);

/**
 * The service's reader threads: searches, suggestions and autocompletion of SQLite
 * indices run the pipeline there, each thread with read-only connections of its own
 * (WAL lets them read while the writer commits), so the event loop serves HTTP and every
 * core searches. A thread that fails is replaced by the pool (Piscina).
 */
export class SearchThreads {
  private readonly pool: Piscina<SearchTask, unknown>;

  constructor(threads: number) {
    if (!Number.isInteger(threads) || threads < 1) throw new Error('searchThreads must be an integer of at least 1');
    this.pool = new Piscina({ filename: WORKER_URL.href, minThreads: threads, maxThreads: threads, concurrentTasksPerWorker: 1, idleTimeout: Infinity });
  }

  /** The pipeline of one index, run on the threads. */
  pipeline(file: string, ranking: RankingBase, limits: Partial<RankingLimits> = {}): SearchPipeline {
    const index = randomUUID();
    const run = <T>(call: SearchCall, signal?: AbortSignal) =>
      this.pool.run({ ...call, file, index, limits, ranking }, signal === undefined ? {} : { signal }) as Promise<T>;
    return {
      // A signal cannot cross to a thread: it takes a search still queued off the queue.
      // Nor can a promise: what clicks taught is awaited here, read in this process anyway.
      search: async (query, options) => {
        const learned = options?.learned === undefined ? {} : await options.learned;
        return run<SearchResult>({ op: 'search', args: [{ ...query, ...learned }, { explain: options?.explain ?? false }] }, options?.signal);
      },
      suggest: (...args) => run<string[]>({ op: 'suggest', args }),
      autocomplete: (...args) => run<string[]>({ op: 'autocomplete', args }),
    };
  }

  /** Ends the threads once the calls under way are done. */
  async close(): Promise<void> {
    await this.pool.close();
  }
}
