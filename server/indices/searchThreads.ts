import { randomUUID } from 'node:crypto';
import { Piscina } from 'piscina';
import type { RankingLimits, SearchQuery } from '../engine/engine.ts';
import { LaneQueue, type Lane } from '../config/lanes.ts';
import type { SearchAnswer } from '../pipeline/searchAnswer.ts';
import type { SearchOptions, SearchPipeline, SearchResult } from '../pipeline/searchPipeline.ts';
import type { RankingBase } from '../config/rankingSettings.ts';
import { NEEDS_SETTINGS, type SearchCall, type SearchIndexSettings, type SearchTask } from './searchTask.ts';

const WORKER_URL = new URL('./searchWorker.mjs', import.meta.url);

/**
 * The service's reader threads: searches, suggestions and autocompletion of SQLite
 * indices run the pipeline there, each thread with read-only connections of its own
 * (WAL lets them read while the writer commits), so the event loop serves HTTP and every
 * core searches. A thread that fails is replaced by the pool (Piscina).
 *
 * The pool is handed no more calls than it has threads (ThreadPlaces): a call that finds
 * them all busy waits in the overload lane of its request, and the lanes take turns for
 * the next free thread, as they take turns on the event loop (overloadGuard.ts). Were
 * the calls queued in the pool instead, a plain search would wait behind every faceted
 * search admitted before it (`overload.maxInFlight` of them), however the guard ordered
 * their starts.
 */
export class SearchThreads {
  private readonly pool: Piscina<SearchTask, unknown>;
  private readonly places: ThreadPlaces;

  constructor(threads: number) {
    if (!Number.isInteger(threads) || threads < 1) throw new Error('searchThreads must be an integer of at least 1');
    this.pool = new Piscina({ filename: WORKER_URL.href, minThreads: threads, maxThreads: threads, concurrentTasksPerWorker: 1, idleTimeout: Infinity });
    this.places = new ThreadPlaces(threads);
  }

  /** The pipeline of one index, run on the threads. */
  pipeline(file: string, ranking: RankingBase, limits: Partial<RankingLimits> = {}): SearchPipeline {
    const index = randomUUID();
    const settings: SearchIndexSettings = { file, limits, ranking };
    // A thread that has not opened the index answers NEEDS_SETTINGS; the call goes again
    // with them, and whichever thread takes it opens the index and keeps them.
    const call = async (task: SearchCall): Promise<unknown> => {
      const answer = await this.pool.run({ ...task, index });
      return answer === NEEDS_SETTINGS ? this.pool.run({ ...task, index, settings }) : answer;
    };
    // No signal for the pool: one aborting a call under way would end its thread. A call
    // whose client has gone is taken out while it waits for a thread, and not started.
    const run = <T>(lane: Lane, task: SearchCall, signal?: AbortSignal) => this.places.run(lane, () => call(task) as Promise<T>, signal);
    // Nor can a promise cross: what clicks taught is awaited here, read in this process anyway.
    const searchCall = async <T>(op: 'search' | 'answer', query: SearchQuery, options: SearchOptions | undefined) => {
      const learned = options?.learned === undefined ? {} : await options.learned;
      return run<T>(options?.lane ?? 'read', { op, args: [{ ...query, ...learned }, { explain: options?.explain ?? false }] }, options?.signal);
    };
    return {
      search: (query, options) => searchCall<SearchResult>('search', query, options),
      // The route's answer: one string crosses back, not the result's objects (searchAnswer.ts).
      answer: (query, options) => searchCall<SearchAnswer>('answer', query, options),
      suggest: (...args) => run<string[]>('read', { op: 'suggest', args }),
      autocomplete: (...args) => run<string[]>('read', { op: 'autocomplete', args }),
    };
  }

  /** Ends the threads once the calls under way are done. */
  async close(): Promise<void> {
    await this.pool.close();
  }
}

/**
 * Runs at most `places` calls at once; the others wait in their lane (LaneQueue) and the
 * lanes take turns for each place that frees.
 */
export class ThreadPlaces {
  private running = 0;
  private readonly waiting = new LaneQueue<() => void>();

  constructor(private readonly places: number) {}

  /**
   * `start()` once a place is free; its promise's outcome. Aborting `signal` while the
   * call waits takes it out unstarted (rejecting with the signal's reason); once started,
   * it runs to its end.
   */
  run<T>(lane: Lane, start: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted === true) return Promise.reject(signal.reason as Error);
    if (this.running < this.places) return this.begin(start);
    return new Promise<T>((resolve, reject) => {
      const begin = () => {
        signal?.removeEventListener('abort', onAbort);
        this.begin(start).then(resolve, reject);
      };
      const onAbort = () => {
        if (this.waiting.remove(lane, begin)) reject(signal!.reason as Error);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(lane, begin);
    });
  }

  private begin<T>(start: () => Promise<T>): Promise<T> {
    this.running++;
    let started: Promise<T>;
    try {
      started = start();
    } catch (error) {
      started = Promise.reject(error as Error);
    }
    return started.finally(() => {
      this.running--;
      this.waiting.shift()?.();
    });
  }
}
