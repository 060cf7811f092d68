import { batch, signal, type ReadonlySignal } from '@preact/signals';
import type { SearchClient } from '../client/createClient.ts';
import { isAbortError } from '../client/errors.ts';
import type { SearchParams, SearchResponse, SortOrder } from '../client/types.ts';
import { LIMIT_DEFAULT } from '../client/limits.ts';
import { capTerm } from './capTerm.ts';
import { createRateLimiter } from './createRateLimiter.ts';
import { debounce } from './debounce.ts';
import { toSearchParams, type FacetRequests, type SearchFilters, type SearchState } from './searchState.ts';

/**
 * Where a search stands. `loading` turns into `stalled` when the answer is slow, which
 * is the only time the UI shows skeletons, so fast answers never flicker.
 */
export type SearchStatus = 'idle' | 'loading' | 'stalled' | 'done' | 'error';

export interface SearchControllerOptions extends FacetRequests {
  /** The API client; only its `search` is used. */
  client: Pick<SearchClient, 'search'>;
  /**
   * Results per page, 1-300.
   * @default 10
   */
  limit?: number;
  /**
   * Quiet time after the last keystroke before a search-as-you-type request.
   * @default 200
   */
  debounceMs?: number;
  /**
   * Time without an answer after which `status` becomes `stalled`.
   * @default 300
   */
  stalledMs?: number;
  /**
   * Shortest term (after trimming) that is searched; shorter terms reset to `idle`.
   * @default 1
   */
  minTermLength?: number;
}

/** The headless state of one search widget: signals to read, actions to call. */
export interface SearchController {
  /** Results per page. */
  readonly limit: number;
  /** The term as typed. */
  readonly term: ReadonlySignal<string>;
  /** The page asked for, from 1. */
  readonly page: ReadonlySignal<number>;
  /** `relevance`, `date` or `custom_fields.<name>`. */
  readonly sort: ReadonlySignal<string>;
  readonly order: ReadonlySignal<SortOrder>;
  readonly filters: ReadonlySignal<SearchFilters>;
  /** Whether the current search also matches similar words. */
  readonly fuzzy: ReadonlySignal<boolean>;
  /**
   * The state of the newest request sent (or of the reset to idle), and whether it was
   * committed (submit, page, sort, filter) rather than typed: what the URL follows.
   */
  readonly sent: ReadonlySignal<{ state: SearchState; commit: boolean } | null>;
  /** The answer on screen: always the newest request's, never an older one's. */
  readonly results: ReadonlySignal<SearchResponse | null>;
  /** The term (as sent) that `results` answer. */
  readonly resultsTerm: ReadonlySignal<string>;
  readonly status: ReadonlySignal<SearchStatus>;
  /** The failure of the newest request while `status` is `error`; else null. */
  readonly error: ReadonlySignal<Error | null>;
  /** Sets the term and searches once typing pauses; an empty term resets to `idle`. */
  setTerm(term: string): void;
  /** Searches the current term now, without waiting for the debounce. */
  submit(): void;
  /** Searches the current term again, after an error. */
  retry(): void;
  /** Empties the term and the results, cancelling any pending request. */
  clear(): void;
  /** Shows another page of the current search, at once. */
  setPage(page: number): void;
  /** Sorts the current search and returns to page 1. */
  setSort(sort: string, order?: SortOrder): void;
  /** Replaces the filters and returns to page 1. */
  setFilters(filters: SearchFilters): void;
  /** Searches the current term again with similar words matched too, from page 1. */
  searchFuzzy(): void;
  /** Appends the next page's hits to the results (the "load more" button). */
  loadMore(): void;
  /** Takes over a whole state at once (a shared link, Back and Forward) and searches it. */
  restore(state: SearchState): void;
  /** Stops timers and aborts the request in flight; the controller is inert afterwards. */
  dispose(): void;
}

/** One search to send: its state, whether the user committed it, whether its hits append. */
interface Job {
  state: SearchState;
  commit: boolean;
  append: boolean;
}

/** Requests per window: the widget's promise of "never more than 5 per second". */
const MAX_REQUESTS = 5;
const WINDOW_MS = 1000;

export function createSearchController(options: SearchControllerOptions): SearchController {
  const { client, limit = LIMIT_DEFAULT, debounceMs = 200, stalledMs = 300, minTermLength = 1 } = options;

  const term = signal('');
  const page = signal(1);
  const sort = signal('relevance');
  const order = signal<SortOrder>('desc');
  const filters = signal<SearchFilters>({});
  const fuzzy = signal(false);
  const sent = signal<{ state: SearchState; commit: boolean } | null>(null);
  const results = signal<SearchResponse | null>(null);
  const resultsTerm = signal('');
  const status = signal<SearchStatus>('idle');
  const error = signal<Error | null>(null);

  const limiter = createRateLimiter(MAX_REQUESTS, WINDOW_MS);
  // Request counter: only the answer to request number `latest` may be painted.
  // Aborting is not enough, because a fetch may settle after abort() was called:
  //
  //   t0 "ab"  sent (#1) --------------------------------------> answer #1 (dropped)
  //   t1 "abc" sent (#2), #1 aborted --> answer #2 (painted)
  let latest = 0;
  let inFlight: AbortController | undefined;
  // The newest request's parameters (as JSON), so the same search is not sent twice in a row.
  let requested = '';
  // The newest search waiting for the rate limiter; later ones replace it, never drop.
  let waiting: Job | undefined;
  let rateTimer: ReturnType<typeof setTimeout> | undefined;
  let stallTimer: ReturnType<typeof setTimeout> | undefined;
  let disposed = false;
  const searchLater = debounce(schedule, debounceMs);

  function cancelRequest() {
    latest += 1;
    inFlight?.abort();
    inFlight = undefined;
    clearTimeout(stallTimer);
  }

  function cancelPending() {
    searchLater.cancel();
    clearTimeout(rateTimer);
    rateTimer = undefined;
  }

  function reset() {
    cancelPending();
    cancelRequest();
    requested = '';
    batch(() => {
      page.value = 1;
      sent.value = { state: snapshot(''), commit: false };
      results.value = null;
      resultsTerm.value = '';
      status.value = 'idle';
      error.value = null;
    });
  }

  function schedule(job: Job) {
    waiting = job;
    if (rateTimer !== undefined) return;
    const wait = limiter.wait();
    if (wait > 0) {
      rateTimer = setTimeout(() => {
        rateTimer = undefined;
        if (waiting) schedule(waiting);
      }, wait);
      return;
    }
    run(job);
  }

  function snapshot(q: string): SearchState {
    const state: SearchState = { term: q, page: page.value, sort: sort.value, order: order.value, filters: filters.value };
    if (fuzzy.value) state.fuzzy = true;
    return state;
  }

  function run({ state, commit, append }: Job) {
    cancelRequest();
    limiter.record();
    const id = latest;
    const controller = new AbortController();
    inFlight = controller;
    const params: SearchParams = toSearchParams(state, limit, options);
    requested = JSON.stringify(params);
    const query = state.term;
    const previous = results.value;
    batch(() => {
      sent.value = { state, commit };
      // A stalled list stays stalled when a newer request replaces the slow one, so
      // skeletons do not blink back to the old results in between.
      if (status.value !== 'stalled') status.value = 'loading';
      error.value = null;
    });
    if (status.value !== 'stalled') {
      stallTimer = setTimeout(() => {
        if (id === latest) status.value = 'stalled';
      }, stalledMs);
    }
    // `new Promise` turns a synchronous throw of the client into a rejection.
    new Promise<SearchResponse>((resolve) => {
      resolve(client.search(params, { signal: controller.signal }));
    }).then(
      (response) => {
        if (id !== latest) return;
        clearTimeout(stallTimer);
        inFlight = undefined;
        batch(() => {
          results.value =
            append && previous && Array.isArray(response.hits)
              ? { ...response, hits: [...previous.hits, ...response.hits] }
              : response;
          resultsTerm.value = query;
          status.value = 'done';
        });
      },
      (reason: unknown) => {
        if (id !== latest) return;
        // Every abort of ours also bumps `latest`, so an AbortError that gets here was
        // not ours (the page or the client gave up) and is a real failure to show.
        if (isAbortError(reason) && controller.signal.aborted) return;
        clearTimeout(stallTimer);
        inFlight = undefined;
        batch(() => {
          results.value = null;
          status.value = 'error';
          error.value = reason instanceof Error ? reason : new Error(String(reason));
        });
      },
    );
  }

  /** The term to send, or null when it is too short to search. */
  function query(): string | null {
    const capped = capTerm(term.value);
    return capped.length >= minTermLength ? capped : null;
  }

  function job(q: string, commit: boolean, append = false): Job {
    return { state: snapshot(q), commit, append };
  }

  function isCurrent(next: Job) {
    return JSON.stringify(toSearchParams(next.state, limit, options)) === requested && status.value !== 'error';
  }

  /** A committed change (page, sort, filters): searched at once, no debounce. */
  function commitNow(append = false) {
    const q = query();
    if (q === null) return;
    searchLater.cancel();
    const next = job(q, true, append);
    if (!isCurrent(next)) schedule(next);
  }

  return {
    limit,
    term,
    page,
    sort,
    order,
    filters,
    fuzzy,
    sent,
    results,
    resultsTerm,
    status,
    error,
    setTerm(value) {
      if (disposed) return;
      term.value = value;
      const q = query();
      if (q === null) return reset();
      // A term waiting for the rate limiter is outdated now; the debounce sends this one.
      clearTimeout(rateTimer);
      rateTimer = undefined;
      // A new term starts from the first page, matching exactly again.
      batch(() => {
        page.value = 1;
        fuzzy.value = false;
      });
      const next = job(q, false);
      // A trailing space, or typing back to the term on screen, needs no request.
      if (isCurrent(next)) return searchLater.cancel();
      searchLater(next);
    },
    submit() {
      if (!disposed) commitNow();
    },
    retry() {
      if (disposed) return;
      const q = query();
      if (q === null) return;
      searchLater.cancel();
      schedule(job(q, false));
    },
    setPage(value) {
      if (disposed) return;
      page.value = Math.max(1, Math.floor(value) || 1);
      commitNow();
    },
    setSort(value, direction = 'desc') {
      if (disposed) return;
      batch(() => {
        sort.value = value;
        order.value = direction;
        page.value = 1;
      });
      commitNow();
    },
    setFilters(value) {
      if (disposed) return;
      batch(() => {
        filters.value = value;
        page.value = 1;
      });
      commitNow();
    },
    searchFuzzy() {
      if (disposed) return;
      batch(() => {
        fuzzy.value = true;
        page.value = 1;
      });
      commitNow();
    },
    loadMore() {
      if (disposed || !results.value) return;
      page.value += 1;
      commitNow(true);
    },
    restore(state) {
      if (disposed) return;
      batch(() => {
        term.value = state.term;
        page.value = state.page;
        sort.value = state.sort;
        order.value = state.order;
        filters.value = state.filters;
        fuzzy.value = !!state.fuzzy;
      });
      const q = query();
      if (q === null) return reset();
      searchLater.cancel();
      const next = job(q, false);
      if (!isCurrent(next)) schedule(next);
    },
    clear() {
      if (disposed) return;
      term.value = '';
      reset();
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      cancelPending();
      cancelRequest();
    },
  };
}
