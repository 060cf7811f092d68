import { computed } from '@preact/signals-core';
import type { SearchClient } from '../client/createClient.ts';
import type { SearchResponse, SortOrder } from '../client/types.ts';
import { createSearchController, type SearchController, type SearchControllerOptions, type SearchStatus } from './createSearchController.ts';
import { createGroupPace, MAX_SOURCES } from './groupPace.ts';

/** One index of a box that searches several (the widget's `sources` option). */
export interface SourceOption {
  /** The public site key of the index. */
  siteKey: string;
  /** Its name above its group of results, e.g. `Docs` or `Blog`. */
  label: string;
  /** Results of this index in the dropdown and the overlay (1-300). @default the `limit` of all */
  limit?: number | undefined;
}

/** One source and the search of its index. */
export interface SourceSearch {
  source: SourceOption;
  controller: SearchController;
}

export interface SourcesOptions extends Omit<SearchControllerOptions, 'client' | 'limit' | 'pace'> {
  /** The indices, in the order their groups are shown; the first 5 are searched (the API takes 5 requests a second). */
  sources: readonly SourceOption[];
  /** The API client of a source's index; only its `search` is used. */
  client(source: SourceOption): Pick<SearchClient, 'search'>;
  /**
   * Results per source without a `limit` of its own.
   * @default 3 with several sources (so that the second group starts on a laptop's first screen), else 5
   */
  limit?: number | undefined;
}

/** Several indices searched from one box. */
export interface Sources {
  /** A search per source: its results, status and failure of its own. */
  readonly searches: readonly SourceSearch[];
  /**
   * The box's: the term, page, sort and filters are the first source's (every source has
   * the same), each action goes to every source. `status` is the sources' together
   * (loading while any is, `error` only when all failed), `results` the answers so far as
   * one (hits one source after another, their counts added), for the status line.
   */
  readonly controller: SearchController;
}

/** A status for all: the slowest one's, and a failure only when nothing else is to be shown. */
function together(statuses: SearchStatus[]): SearchStatus {
  for (const status of ['stalled', 'loading'] as const) if (statuses.includes(status)) return status;
  if (statuses.every((status) => status === 'idle')) return 'idle';
  return statuses.every((status) => status === 'error' || status === 'idle') ? 'error' : 'done';
}

/**
 * A controller per source, one index each, all sent through one pace (createGroupPace):
 * each key searches every source in the same slot, within the API's 5 a second per address.
 * Each controller keeps the rest of its own: only its newest answer is shown, its request in
 * flight is aborted by its next one, and its failure is its own (the others still show).
 */
export function createSources(options: SourcesOptions): Sources {
  const { sources: all, client, ...shared } = options;
  const sources = all.slice(0, MAX_SOURCES);
  // 5 of the first index put the second's group below a 1280×720 screen's fold.
  const limit = options.limit ?? (sources.length > 1 ? 3 : 5);
  const paces = createGroupPace(sources.length, options.paceMs);
  const searches = sources.map((source, i) => ({
    source,
    controller: createSearchController({ ...shared, client: client(source), limit: source.limit ?? limit, pace: paces[i] }),
  }));
  const controllers = searches.map((search) => search.controller);
  const lead = controllers[0]!;
  const each =
    <A extends unknown[]>(action: (controller: SearchController, ...args: A) => void) =>
    (...args: A) => {
      for (const controller of controllers) action(controller, ...args);
    };
  const results = computed((): SearchResponse | null => {
    const answers = controllers.flatMap((controller) => controller.results.value ?? []);
    if (!answers.length) return null;
    return {
      ...answers[0]!,
      hits: answers.flatMap((response) => response.hits),
      total_hits: answers.reduce((sum, response) => sum + response.total_hits, 0),
    };
  });
  const status = computed(() => together(controllers.map((controller) => controller.status.value)));
  const controller: SearchController = {
    ...lead,
    limit: controllers.reduce((sum, c) => sum + c.limit, 0),
    results,
    status,
    error: computed(() => (status.value === 'error' ? (controllers.find((c) => c.error.value)?.error.value ?? null) : null)),
    // The term of the first answer, of whichever source it came from.
    resultsTerm: computed(() => controllers.find((c) => c.results.value)?.resultsTerm.value ?? lead.resultsTerm.value),
    partial: computed(() => controllers.some((c) => c.partial.value)),
    setTerm: each((c, term: string) => c.setTerm(term)),
    submit: each((c) => c.submit()),
    retry: each((c) => c.retry()),
    clear: each((c) => c.clear()),
    setPage: each((c, page: number) => c.setPage(page)),
    setSort: each((c, sort: string, order?: SortOrder) => c.setSort(sort, order)),
    setFilters: each((c, filters: Parameters<SearchController['setFilters']>[0]) => c.setFilters(filters)),
    loadMore: each((c) => c.loadMore()),
    restore: each((c, state: Parameters<SearchController['restore']>[0]) => c.restore(state)),
    dispose: each((c) => c.dispose()),
  };
  return { searches, controller };
}
