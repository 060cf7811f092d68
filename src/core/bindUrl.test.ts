// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signal } from '@preact/signals-core';
import type { SearchResponse } from '../client/types.ts';
import { bindUrl, readState, writeState } from './bindUrl.ts';
import { createSearchController, type SearchController } from './createSearchController.ts';
import type { SearchState } from './searchState.ts';

const full: SearchState = {
  term: 'grid gap',
  page: 3,
  sort: 'custom_fields.first_year',
  order: 'asc',
  filters: {
    fields: { area: ['css', 'html'], status: ['standard'] },
    category: '1xcss',
    lang: 'en',
    dateFrom: '2020-01-01',
    dateTo: '2024-12-31',
    ranges: { first_year: { from: 2015, to: 2020 }, browser_count: { to: 4 }, support_score: { from: 1, to: 3, toExcluded: true } },
  },
};

describe('URL state', () => {
  it('round-trips every part of the state', () => {
    expect(readState(writeState(full, ''))).toEqual(full);
    expect(readState(writeState(full, '', 's_'), 's_')).toEqual(full);
  });

  it('leaves the page’s own parameters alone and replaces its own', () => {
    const search = writeState({ ...full, page: 1, sort: 'relevance', filters: {} }, '?lang=fr&q=old&x=1', 's_');
    const params = new URLSearchParams(search);
    expect(params.get('lang')).toBe('fr');
    expect(params.get('q')).toBe('old');
    expect(params.get('x')).toBe('1');
    expect(params.get('s_q')).toBe('grid gap');
    expect(writeState({ ...full, term: '' }, '?s_q=a&s_page=2&keep=1', 's_')).toBe('?keep=1');
  });

  it('ignores the fuzzy=1 of an older link and drops it when writing', () => {
    expect(readState('?q=gird&fuzzy=1')).toEqual({ term: 'gird', page: 1, sort: 'relevance', order: 'desc', filters: {} });
    expect(writeState(readState('?q=gird&fuzzy=1'), '?q=gird&fuzzy=1&keep=1')).toBe('?keep=1&q=gird');
  });

  it('writes an inclusive range with `..` and a bucket (`to` excluded) with `:`, as older links did', () => {
    const params = new URLSearchParams(writeState(full, ''));
    expect(params.get('r.first_year')).toBe('2015..2020');
    expect(params.get('r.browser_count')).toBe('..4');
    expect(params.get('r.support_score')).toBe('1:3');
    expect(readState('?q=a&r.x=:2000&r.y=5:').filters.ranges).toEqual({ x: { to: 2000, toExcluded: true }, y: { from: 5 } });
  });

  it('reads defaults from a malformed query', () => {
    expect(readState('?page=-2&order=sideways&r.x=a:b')).toEqual({ term: '', page: 1, sort: 'relevance', order: 'desc', filters: {} });
  });
});

describe('bindUrl', () => {
  let calls: Array<{ params: { term: string; page?: number }; resolve(r: SearchResponse): void }>;
  const setup = () => {
    calls = [];
    const client = {
      search: vi.fn((params: { term: string }) => new Promise<SearchResponse>((resolve) => calls.push({ params, resolve }))),
    };
    return createSearchController({ client });
  };
  beforeEach(() => {
    vi.useFakeTimers();
    history.replaceState(null, '', '/docs?site=1');
  });
  afterEach(() => vi.useRealTimers());

  it('opens a shared link’s search, replaces while typing, pushes commits, restores on popstate', async () => {
    history.replaceState(null, '', '/docs?site=1&q=grid&page=2');
    const controller = setup();
    const push = vi.spyOn(history, 'pushState');
    const replace = vi.spyOn(history, 'replaceState');
    const unbind = bindUrl(controller);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls[0]?.params).toMatchObject({ term: 'grid', page: 2 });
    expect(push).not.toHaveBeenCalled();
    expect(replace).not.toHaveBeenCalled();

    // The first key after a pause starts an entry of its own; the next keys replace it.
    controller.setTerm('f');
    await vi.advanceTimersByTimeAsync(200);
    expect(push).toHaveBeenCalledTimes(1);
    for (const typed of ['fl', 'fle', 'flex']) {
      await vi.advanceTimersByTimeAsync(200);
      controller.setTerm(typed);
    }
    await vi.advanceTimersByTimeAsync(200);
    expect(location.search).toBe('?site=1&q=flex');
    expect(push).toHaveBeenCalledTimes(1);
    expect(replace).toHaveBeenCalled();
    // After a pause, the next key starts another.
    await vi.advanceTimersByTimeAsync(1500);
    controller.setTerm('flex ');
    controller.setTerm('flex b');
    await vi.advanceTimersByTimeAsync(200);
    expect(push).toHaveBeenCalledTimes(2);
    controller.setTerm('flex');
    await vi.advanceTimersByTimeAsync(200);
    // Enter on the search already shown keeps its entry; the next key starts another at once.
    controller.submit();
    controller.setTerm('flex g');
    await vi.advanceTimersByTimeAsync(200);
    expect(push).toHaveBeenCalledTimes(3);

    controller.setFilters({ fields: { area: ['css'] } });
    expect(push).toHaveBeenCalledTimes(4);
    expect(location.search).toBe('?site=1&q=flex+g&f.area=css');

    history.replaceState(null, '', '/docs?site=1&q=grid&page=2&sort=date&order=asc');
    dispatchEvent(new PopStateEvent('popstate'));
    // The searches before were never answered, so the limit per second holds this one a while.
    await vi.advanceTimersByTimeAsync(1000);
    expect(controller.term.value).toBe('grid');
    expect(controller.page.value).toBe(2);
    expect(controller.sort.value).toBe('date');
    expect(controller.filters.value).toEqual({});
    expect(calls.at(-1)?.params).toMatchObject({ term: 'grid', page: 2, sort: 'date', order: 'asc' });
    expect(push).toHaveBeenCalledTimes(4);

    unbind();
    controller.setPage(5);
    expect(location.search).not.toContain('page=5');
  });

  it('holds only settled searches: Back after Enter never lands on a half-typed term or a cleared field', async () => {
    const controller = setup();
    const unbind = bindUrl(controller);
    const entries = () => history.length;
    controller.setTerm('promise all');
    controller.submit();
    await vi.advanceTimersByTimeAsync(0);
    calls.at(-1)?.resolve({ page: 1, total_hits: 1, processing_time_ms: 1, hits: [], facets: null, rangeFacets: null });
    await vi.advanceTimersByTimeAsync(2000);
    expect(location.search).toBe('?site=1&q=promise+all');
    const before = entries();
    controller.clear();
    await vi.advanceTimersByTimeAsync(2000);
    // Typed after a pause; Enter comes before the last key's search went out.
    for (const typed of ['g', 'gr', 'gri']) {
      controller.setTerm(typed);
      await vi.advanceTimersByTimeAsync(200);
    }
    expect(location.search).toBe('?site=1&q=gri');
    controller.setTerm('grid');
    controller.submit();
    await vi.advanceTimersByTimeAsync(0);
    expect(location.search).toBe('?site=1&q=grid');
    // One entry after the submitted search: grid's, which took the typed one's place.
    expect(entries()).toBe(before + 1);
    // A filter on the settled search still gets an entry of its own.
    await vi.advanceTimersByTimeAsync(2000);
    controller.setFilters({ fields: { area: ['css'] } });
    expect(entries()).toBe(before + 2);
    unbind();
  });

  it('dates typed searches and Enter by their keys, not by when their searches left', async () => {
    // The controller's side alone: the keys, and the searches going out late.
    const term = signal('');
    const sent = signal<{ state: SearchState; commit: boolean } | null>(null);
    const submits = signal(0);
    const controller = { term, sent, submits, restore: vi.fn() } as unknown as SearchController;
    const state = (q: string): SearchState => ({ term: q, page: 1, sort: 'relevance', order: 'desc', filters: {} });
    const unbind = bindUrl(controller);
    const before = history.length;
    for (const typed of ['g', 'gr', 'gri']) {
      term.value = typed;
      await vi.advanceTimersByTimeAsync(100);
    }
    // The first search leaves now, the next 1.5 s later, though the keys came 100 ms apart:
    // one entry.
    sent.value = { state: state('g'), commit: false };
    expect(history.length).toBe(before + 1);
    await vi.advanceTimersByTimeAsync(1500);
    sent.value = { state: state('gri'), commit: false };
    expect(location.search).toBe('?site=1&q=gri');
    expect(history.length).toBe(before + 1);
    // The keys paused on that term, so it is settled: Enter on another term, however soon
    // after that term's search left, gets an entry of its own, as typing would.
    term.value = 'grid';
    await vi.advanceTimersByTimeAsync(50);
    submits.value++;
    sent.value = { state: state('grid'), commit: true };
    expect(location.search).toBe('?site=1&q=grid');
    expect(history.length).toBe(before + 2);
    // After a pause in the keys, the next typed search has an entry of its own.
    await vi.advanceTimersByTimeAsync(1500);
    term.value = 'grid g';
    sent.value = { state: state('grid g'), commit: false };
    expect(history.length).toBe(before + 3);
    // Enter 100 ms after the last key, its search held back 1.5 s: it takes the typed
    // entry's place, so Back never lands on the half-typed term.
    await vi.advanceTimersByTimeAsync(100);
    term.value = 'grid ga';
    sent.value = { state: state('grid ga'), commit: false };
    await vi.advanceTimersByTimeAsync(100);
    term.value = 'grid gap';
    submits.value++;
    await vi.advanceTimersByTimeAsync(1500);
    sent.value = { state: state('grid gap'), commit: true };
    expect(location.search).toBe('?site=1&q=grid+gap');
    expect(history.length).toBe(before + 3);
    unbind();
  });
});
