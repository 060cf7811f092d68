import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AutocompleteResponse, SearchResponse, SuggestResponse } from '../client/types.ts';
import { createSearchController } from './createSearchController.ts';
import { capTerm } from './capTerm.ts';
import { createSuggestions } from './createSuggestions.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A generator of numbers in [0, 1) that gives the same run for the same seed. */
function seeded(seed: number) {
  return () => (seed = (seed * 16807) % 2147483647) / 2147483647;
}

/**
 * A service behind a network: each request is answered 0-300 ms after it left and arrives
 * some part of the way, within its first 100 ms (the network, the browser's queue), so a
 * request can arrive after one sent later. A search's answer says the service's time on it
 * (arrival to answer, rounded), which the pace counts back from the answer. An aborted request arrives all the same (it
 * was on its way); only its answer is lost. Records when each request arrived, per endpoint.
 */
function fakeService(random: () => number) {
  const arrivals: Record<string, number[]> = { search: [], suggest: [], autocomplete: [] };
  function request<T>(endpoint: string, answer: T | ((serviceMs: number) => T), signal: AbortSignal | undefined): Promise<T> {
    const delay = random() * 300;
    const arrival = random() * Math.min(delay, 100);
    setTimeout(() => arrivals[endpoint]!.push(performance.now()), arrival);
    // The service's own time, as a search answer says it (rounded): from the arrival to the answer at most.
    const serviceMs = Math.round(delay - arrival);
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => resolve(typeof answer === 'function' ? (answer as (ms: number) => T)(serviceMs) : answer), delay);
      signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(new DOMException('The operation was aborted.', 'AbortError'));
      });
    });
  }
  const client = {
    search: (params: { term?: string }, options?: { signal?: AbortSignal }) =>
      request<SearchResponse>(
        'search',
        (serviceMs) => ({
          page: 1,
          total_hits: 1,
          processing_time_ms: serviceMs,
          hits: [],
          facets: null,
          rangeFacets: null,
          ...({ term: params.term } as object),
        }),
        options?.signal,
      ),
    suggest: (params: { term: string }, options?: { signal?: AbortSignal }) =>
      request<SuggestResponse>('suggest', { suggestions: [{ value: `${params.term} grid` }] }, options?.signal),
    autocomplete: (params: { term: string }, options?: { signal?: AbortSignal }) =>
      request<AutocompleteResponse>('autocomplete', { autocomplete: [{ value: `${params.term} area` }] }, options?.signal),
  };
  return { client, arrivals };
}

/** The most of `times` in any window of `ms`, its end excluded. */
function peak(times: number[], ms = 1000) {
  return Math.max(0, ...times.map((t) => times.filter((u) => u >= t && u < t + ms).length));
}

describe('the request pace as the service sees it', () => {
  for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
    it(`typing 60-130 ms a key for 6 s against answers of 0-300 ms: at most 5 arrivals per endpoint in any second, the last term answered (seed ${seed})`, async () => {
      const random = seeded(seed);
      const { client, arrivals } = fakeService(random);
      const search = createSearchController({ client });
      const suggestions = createSuggestions({ client, id: 'ss', fields: ['area'] });
      let term = '';
      while (performance.now() < 6000) {
        term += random() < 0.15 ? ' ' : String.fromCharCode(97 + Math.floor(random() * 26));
        search.setTerm(term);
        suggestions.update(term);
        await vi.advanceTimersByTimeAsync(60 + Math.floor(random() * 71));
      }
      await vi.advanceTimersByTimeAsync(3000);
      for (const [endpoint, times] of Object.entries(arrivals)) {
        expect(times.length, endpoint).toBeGreaterThan(15);
        expect(peak(times), endpoint).toBeLessThanOrEqual(5);
      }
      expect(search.resultsTerm.value).toBe(capTerm(term));
      expect(suggestions.forTerm.value).toBe(capTerm(term));
      search.dispose();
      suggestions.dispose();
    });
  }
});
