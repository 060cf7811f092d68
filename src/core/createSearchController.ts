import { batch, signal, type ReadonlySignal, type Signal } from '@preact/signals-core';
import type { SearchClient } from '../client/createClient.ts';
import type { SearchParams, SearchResponse, SortOrder } from '../client/types.ts';
import { LIMIT_DEFAULT } from '../client/limits.ts';
import { capTerm } from './capTerm.ts';
import { createLatest } from './createLatest.ts';
import { createPace, type Pace } from './pace.ts';
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
   * Least time between two search-as-you-type requests. The first key after a quiet
   * time searches at once, later keys in the next free slot (at most 5 a second).
   * @default 200
   */
  paceMs?: number;
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
  /**
   * The signed-in user's id, as the site knows it, sent with every search for their
   * personal results. Never made up per visitor: without it, results are the same for all.
   */
  userToken?: string | undefined;
  /** The pace to send through, shared with the other indices of one box (createGroupPace). @default its own, of `paceMs` */
  pace?: Pace | undefined;
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
  /**
   * The state of the newest request sent (or of the reset to idle), and whether it was
   * committed (submit, page, sort, filter) rather than typed: what the URL follows.
   */
  readonly sent: ReadonlySignal<{ state: SearchState; commit: boolean } | null>;
  /**
   * How many times the term was submitted (Enter, a picked suggestion), whether or not that
   * sent a request: the search on screen may be the typed one already. The URL starts a
   * new history entry for the next search after one.
   */
  readonly submits: ReadonlySignal<number>;
  /** The answer on screen: always the newest request's, never an older one's. */
  readonly results: ReadonlySignal<SearchResponse | null>;
  /** The term (as sent) that `results` answer. */
  readonly resultsTerm: ReadonlySignal<string>;
  /**
   * Whether `results` hold hits that match only some of the words: a search of two or
   * more words that found nothing with all of them is asked again at once for any of them.
   */
  readonly partial: ReadonlySignal<boolean>;
  readonly status: ReadonlySignal<SearchStatus>;
  /** The failure of the newest request while `status` is `error`; else null. */
  readonly error: ReadonlySignal<Error | null>;
  /** Sets the term and searches it in the next free slot; an empty term resets to `idle`. */
  setTerm(term: string): void;
  /** Searches the current term now, without waiting for the typing pace (within 5 a second). */
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
  /** Appends the next page's hits to the results (the "load more" button). */
  loadMore(): void;
  /** Takes over a whole state at once (a shared link, Back and Forward) and searches it. */
  restore(state: SearchState): void;
  /** Stops timers and aborts the request in flight; the controller is inert afterwards. */
  dispose(): void;
}

/** One search to send: its state and parameters, whether the user committed it, whether its hits append. */
interface Job {
  state: SearchState;
  params: SearchParams;
  commit: boolean;
  append: boolean;
}

export function createSearchController(options: SearchControllerOptions): SearchController {
  const { client, limit = LIMIT_DEFAULT, paceMs = 200, stalledMs = 300, minTermLength = 1 } = options;

  const signals = {
    term: signal(''),
    page: signal(1),
    sort: signal('relevance'),
    order: signal<SortOrder>('desc'),
    filters: signal<SearchFilters>({}),
    sent: signal<{ state: SearchState; commit: boolean } | null>(null),
    submits: signal(0),
    results: signal<SearchResponse | null>(null),
    resultsTerm: signal(''),
    partial: signal(false),
    status: signal<SearchStatus>('idle'),
    error: signal<Error | null>(null),
  };
  type Values = { [K in keyof typeof signals]: (typeof signals)[K]['value'] };
  const { term, page, sort, order, filters, results, status } = signals;

  // Typed searches one slot each `paceMs`, every search at most 5 a second; several indices
  // share one pace given by the caller (createGroupPace).
  const pace = options.pace ?? createPace(paceMs);
  const latest = createLatest();
  // The newest request's parameters (as JSON), so the same search is not sent twice in a row.
  let requested = '';
  // The newest search not sent yet; a later one replaces it, so the newest is never dropped.
  let waiting: Job;
  // The last term whose words together found nothing: its searches ask for any of them.
  let partialTerm = '';
  let stallTimer: ReturnType<typeof setTimeout> | undefined;
  let disposed = false;

  /** Sets signals together, so effects see one change; nothing changes after dispose(). */
  function set(values: Partial<Values>) {
    if (!disposed)
      batch(() => {
        for (const key in values) (signals[key as keyof Values] as Signal<unknown>).value = values[key as keyof Values];
      });
  }

  /** Stops what is pending and in flight. */
  function cancel() {
    pace.cancel();
    clearTimeout(stallTimer);
    latest();
  }

  function reset() {
    cancel();
    requested = '';
    set({ page: 1, sent: { state: snapshot(''), commit: false }, results: null, resultsTerm: '', status: 'idle', error: null });
  }

  function snapshot(q: string): SearchState {
    const state: SearchState = { term: q, page: page.value, sort: sort.value, order: order.value, filters: filters.value };
    if (q === partialTerm) state.partial = true;
    return state;
  }

  /**
   * Searches the current state in the next free slot (a typed search) or as soon as the
   * limit allows, unless the same search is the newest one sent already (and did not
   * fail): then only what waits is dropped. False, and nothing sent, when the term is too short.
   */
  function search(commit: boolean, typed = false, append = false): boolean {
    const q = capTerm(term.value);
    if (disposed || q.length < minTermLength) return false;
    const state = snapshot(q);
    const params = toSearchParams(state, limit, options);
    if (options.userToken) params.userToken = options.userToken;
    if (JSON.stringify(params) !== requested || status.value === 'error') {
      waiting = { state, params, commit, append };
      pace(send, !typed);
    } else {
      pace.cancel();
      // Enter on a typed search still on its way (the first key goes out at once): it
      // is committed all the same, so the URL and the analytics count it as one.
      if (commit && status.value !== 'done' && !signals.sent.value?.commit) set({ sent: { state, commit } });
    }
    return true;
  }

  /** Sends the waiting search: its slot has come. Returns the request, for the pace: settled with the service's time on it. */
  function send() {
    const job = waiting;
    const { state, params, commit, append } = job;
    requested = JSON.stringify(params);
    const previous = results.value;
    // A stalled list stays stalled when a newer request replaces the slow one, so
    // skeletons do not blink back to the old results in between.
    set({ sent: { state, commit }, status: status.value === 'stalled' ? 'stalled' : 'loading', error: null });
    clearTimeout(stallTimer);
    stallTimer = setTimeout(() => set({ status: 'stalled' }), stalledMs);
    const settle = (values: Partial<Values>) => {
      clearTimeout(stallTimer);
      set(values);
    };
    // The service's own time on the request, for the pace: when it surely arrived.
    let serviceMs: number | undefined;
    const request = latest(
      (signal) =>
        client.search(params, { signal }).then((response) => {
          serviceMs = response.processing_time_ms;
          return response;
        }),
      (response) => {
        // Every word together found nothing: ask for any of them, at once but within the
        // limit per second and through the stale-answer guard, unless a newer one waits.
        if (response.total_hits === 0 && !state.partial && state.term.includes(' ') && waiting === job) {
          partialTerm = state.term;
          search(commit, false, append);
        } else
          settle({
            results: append && previous && Array.isArray(response.hits) ? { ...response, hits: [...previous.hits, ...response.hits] } : response,
            resultsTerm: state.term,
            partial: !!state.partial && response.total_hits > 0,
            status: 'done',
          });
      },
      (reason) => settle({ results: null, status: 'error', error: reason instanceof Error ? reason : new Error(String(reason)) }),
    );
    return request?.then(() => serviceMs);
  }

  /** Sets `values` and searches at once: the user committed to it (page, sort, filters). */
  function commit(values: Partial<Values>) {
    set(values);
    search(true);
  }

  return {
    limit,
    ...signals,
    setTerm(value) {
      // A new term starts from the first page and replaces whatever waits for its slot;
      // typing back to the search on screen, or a trailing space, only cancels that.
      set({ term: value, page: 1 });
      if (!search(false, true)) reset();
    },
    submit() {
      set({ submits: signals.submits.peek() + 1 });
      search(true);
    },
    retry: () => search(false),
    setPage: (value) => commit({ page: Math.max(1, Math.floor(value) || 1) }),
    setSort: (value, direction = 'desc') => commit({ sort: value, order: direction, page: 1 }),
    setFilters: (value) => commit({ filters: value, page: 1 }),
    loadMore() {
      if (!results.value) return;
      set({ page: page.value + 1 });
      search(true, false, true);
    },
    restore(state) {
      // Field by field: a caller's object may carry more than a SearchState.
      const { term, page, sort, order, filters, partial } = state;
      if (partial) partialTerm = capTerm(term);
      set({ term, page, sort, order, filters });
      if (!search(false)) reset();
    },
    clear() {
      set({ term: '' });
      reset();
    },
    dispose() {
      disposed = true;
      cancel();
    },
  };
}
