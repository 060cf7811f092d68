import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchParams, SearchResponse } from '../client/types.ts';
import { createSearchController, type SearchControllerOptions } from './createSearchController.ts';

interface Call {
  params: SearchParams;
  signal: AbortSignal | undefined;
  at: number;
  resolve(response: SearchResponse): void;
  reject(reason: unknown): void;
}

function response(term: string, total = 1): SearchResponse {
  return {
    page: 1,
    total_hits: total,
    processing_time_ms: 3,
    hits: [],
    facets: null,
    rangeFacets: null,
    // Tag the response with its term so tests can tell which answer is painted.
    ...({ forTerm: term } as object),
  };
}

/** A client whose answers the test settles by hand, in any order. */
function fakeClient() {
  const calls: Call[] = [];
  const client = {
    search: vi.fn((params: SearchParams, options?: { signal?: AbortSignal }) => {
      return new Promise<SearchResponse>((resolve, reject) => {
        calls.push({ params, signal: options?.signal, at: Date.now(), resolve, reject });
      });
    }),
  };
  return { client, calls };
}

function setup(options: Partial<SearchControllerOptions> = {}) {
  const { client, calls } = fakeClient();
  const controller = createSearchController({ client, ...options });
  return { client, calls, controller };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createSearchController', () => {
  it('starts idle with no results', () => {
    const { controller, client } = setup();
    expect(controller.status.value).toBe('idle');
    expect(controller.results.value).toBeNull();
    expect(controller.term.value).toBe('');
    expect(client.search).not.toHaveBeenCalled();
  });

  it('paces typing: the first key searches at once, then the newest term in each 200 ms slot', async () => {
    const { controller, calls } = setup();
    for (const t of ['h', 'he', 'hel', 'hell', 'hello']) {
      controller.setTerm(t);
      await vi.advanceTimersByTimeAsync(50);
    }
    // h at 0 (after a quiet time); he and hel were replaced before the slot at 200.
    const sent = () => calls.map((c) => [c.params.term, c.at - calls[0]!.at]);
    expect(sent()).toEqual([
      ['h', 0],
      ['hell', 200],
    ]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent()).toEqual([
      ['h', 0],
      ['hell', 200],
      ['hello', 400],
    ]);
    expect(calls[2]?.params).toEqual({ term: 'hello', limit: 10, page: 1, fuzzy: 'auto' });
  });

  it("sends the signed-in user's token with every search, and none without one", async () => {
    const { controller, calls } = setup({ userToken: 'user-42' });
    controller.setTerm('grid');
    expect(calls[0]?.params).toEqual({ term: 'grid', limit: 10, page: 1, fuzzy: 'auto', userToken: 'user-42' });
    const anonymous = setup();
    anonymous.controller.setTerm('grid');
    expect(anonymous.calls[0]?.params).not.toHaveProperty('userToken');
  });

  it('the last key waits only for the next free slot, not a whole delay', async () => {
    const { controller, calls } = setup({ paceMs: 200 });
    controller.setTerm('c');
    await vi.advanceTimersByTimeAsync(150);
    controller.setTerm('css');
    await vi.advanceTimersByTimeAsync(49);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((c) => c.params.term)).toEqual(['c', 'css']);
    // After a quiet time, the next key searches at once.
    await vi.advanceTimersByTimeAsync(1000);
    controller.setTerm('cssx');
    expect(calls.map((c) => c.params.term)).toEqual(['c', 'css', 'cssx']);
  });

  for (const everyMs of [50, 125]) {
    it(`typing a key every ${everyMs} ms sends at most 5 searches in any second, the last term last, never a stale answer`, async () => {
      const { controller, calls } = setup();
      const terms = Array.from({ length: 24 }, (_, i) => 'abcdefghijklmnopqrstuvwx'.slice(0, i + 1));
      for (const t of terms) {
        controller.setTerm(t);
        await vi.advanceTimersByTimeAsync(everyMs);
        // Answers come back slow and out of order: the newest is answered last.
        for (const c of calls.slice(0, -1)) c.resolve(response(c.params.term ?? ''));
      }
      await vi.advanceTimersByTimeAsync(1000);
      const times = calls.map((c) => c.at);
      for (let i = 5; i < times.length; i++) expect(times[i]! - times[i - 5]!).toBeGreaterThanOrEqual(1000);
      expect(calls.at(-1)?.params.term).toBe(terms.at(-1));
      expect(controller.results.value).toBeNull();
      calls.at(-1)?.resolve(response(terms.at(-1)!));
      await flush();
      expect(controller.results.value).toMatchObject({ forTerm: terms.at(-1) });
    });
  }

  it('Enter on a typed search still on its way commits it without asking again; once answered, it sends nothing', async () => {
    const { controller, calls } = setup();
    controller.setTerm('flex');
    expect(controller.sent.value).toMatchObject({ state: { term: 'flex' }, commit: false });
    controller.submit();
    expect(calls).toHaveLength(1);
    expect(controller.sent.value).toMatchObject({ state: { term: 'flex' }, commit: true });
    calls[0]?.resolve(response('flex'));
    await flush();
    await vi.advanceTimersByTimeAsync(1000);
    controller.setTerm('grid');
    calls[1]?.resolve(response('grid'));
    await flush();
    const shown = controller.sent.value;
    controller.submit();
    expect(calls).toHaveLength(2);
    expect(controller.sent.value).toBe(shown);
  });

  it('sends the limit it was given', async () => {
    const { controller, calls } = setup({ limit: 25 });
    controller.setTerm('grid');
    controller.submit();
    expect(calls[0]?.params).toEqual({ term: 'grid', limit: 25, page: 1, fuzzy: 'auto' });
  });

  it('submit searches at once, without waiting for the typing pace', () => {
    const { controller, calls } = setup();
    controller.setTerm('flex');
    controller.submit();
    expect(calls).toHaveLength(1);
    expect(controller.status.value).toBe('loading');
  });

  it('never starts more than 5 requests in a second, and never drops the newest term', async () => {
    const { controller, calls } = setup();
    for (const t of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']) {
      controller.setTerm(t);
      controller.submit();
      await vi.advanceTimersByTimeAsync(10);
    }
    expect(calls.map((c) => c.params.term)).toEqual(['a', 'b', 'c', 'd', 'e']);
    // a, never answered and aborted by b 10 ms after it left, is taken to have reached the
    // service 200 ms after it left (the least time between two typed searches).
    await vi.advanceTimersByTimeAsync(1200);
    // f and g were overtaken while waiting; h, the newest, went out once the window allowed.
    expect(calls.map((c) => c.params.term)).toEqual(['a', 'b', 'c', 'd', 'e', 'h']);
    expect((calls[5]?.at ?? 0) - (calls[0]?.at ?? 0)).toBeGreaterThanOrEqual(1000);
  });

  it('sends the waiting search the moment the window allows, not later: a second after the first arrived, by its answer less the service’s time', async () => {
    const { controller, calls } = setup();
    for (const t of ['a', 'b', 'c', 'd', 'e', 'f']) {
      controller.setTerm(t);
      controller.submit();
      await vi.advanceTimersByTimeAsync(30);
      calls.at(-1)?.resolve(response(t));
      await vi.advanceTimersByTimeAsync(70);
    }
    // Starts at 0, 100, 200, 300, 400, answers 30 ms later, of which the service says it spent 3
    // (2 counted: it may be rounded): f waits for the first to leave the window, at 28 + 1000.
    expect(calls).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(427);
    expect(calls).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((c) => c.params.term)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect((calls[5]?.at ?? 0) - (calls[0]?.at ?? 0)).toBe(1028);
  });

  it('keeps any 1-second window at 5 requests or fewer under a storm of submits and typing', async () => {
    const { controller, calls } = setup();
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    for (let i = 0; i < 200; i++) {
      controller.setTerm(`term ${i}`);
      if (random() < 0.6) controller.submit();
      if (random() < 0.2) controller.retry();
      await vi.advanceTimersByTimeAsync(Math.floor(random() * 120));
    }
    await vi.advanceTimersByTimeAsync(2000);
    const times = calls.map((c) => c.at);
    expect(times.length).toBeGreaterThan(20);
    for (let i = 5; i < times.length; i++) {
      expect((times[i] ?? 0) - (times[i - 5] ?? 0)).toBeGreaterThanOrEqual(1000);
    }
    expect(calls.at(-1)?.params.term).toBe('term 199');
  });

  it('aborts the request in flight when a newer one starts', async () => {
    const { controller, calls } = setup();
    controller.setTerm('java');
    controller.submit();
    controller.setTerm('javascript');
    controller.submit();
    expect(calls).toHaveLength(2);
    expect(calls[0]?.signal?.aborted).toBe(true);
    expect(calls[1]?.signal?.aborted).toBe(false);
  });

  it('never paints a late answer for an older term over newer results', async () => {
    const { controller, calls } = setup();
    controller.setTerm('ja');
    controller.submit();
    controller.setTerm('jav');
    controller.submit();
    // The newer answer comes first...
    calls[1]?.resolve(response('jav', 2));
    await flush();
    expect(controller.results.value).toMatchObject({ forTerm: 'jav' });
    expect(controller.resultsTerm.value).toBe('jav');
    expect(controller.status.value).toBe('done');
    // ...then the older one, as if the abort had not been honoured.
    calls[0]?.resolve(response('ja', 9));
    await flush();
    expect(controller.results.value).toMatchObject({ forTerm: 'jav', total_hits: 2 });
    expect(controller.resultsTerm.value).toBe('jav');
  });

  it('does not paint an older answer that arrives while the newest is still pending', async () => {
    const { controller, calls } = setup();
    controller.setTerm('ja');
    controller.submit();
    controller.setTerm('jav');
    controller.submit();
    calls[0]?.resolve(response('ja'));
    await flush();
    expect(controller.results.value).toBeNull();
    expect(controller.status.value).toBe('loading');
    calls[1]?.resolve(response('jav'));
    await flush();
    expect(controller.results.value).toMatchObject({ forTerm: 'jav' });
  });

  it('ignores a late error for an older term', async () => {
    const { controller, calls } = setup();
    controller.setTerm('a');
    controller.submit();
    controller.setTerm('ab');
    controller.submit();
    calls[1]?.resolve(response('ab'));
    await flush();
    calls[0]?.reject(new Error('network down'));
    await flush();
    expect(controller.status.value).toBe('done');
    expect(controller.error.value).toBeNull();
  });

  it('turns loading into stalled after 300 ms without an answer, not before', async () => {
    const { controller, calls } = setup();
    controller.setTerm('grid');
    controller.submit();
    expect(controller.status.value).toBe('loading');
    await vi.advanceTimersByTimeAsync(299);
    expect(controller.status.value).toBe('loading');
    await vi.advanceTimersByTimeAsync(1);
    expect(controller.status.value).toBe('stalled');
    calls[0]?.resolve(response('grid'));
    await flush();
    expect(controller.status.value).toBe('done');
  });

  it('does not stall when the answer comes in time', async () => {
    const { controller, calls } = setup();
    controller.setTerm('grid');
    controller.submit();
    await vi.advanceTimersByTimeAsync(100);
    calls[0]?.resolve(response('grid'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(controller.status.value).toBe('done');
  });

  it('stays stalled when a newer request replaces a slow one', async () => {
    const { controller } = setup();
    controller.setTerm('gri');
    controller.submit();
    await vi.advanceTimersByTimeAsync(300);
    expect(controller.status.value).toBe('stalled');
    controller.setTerm('grid');
    controller.submit();
    expect(controller.status.value).toBe('stalled');
  });

  it('shows an error, keeps it for the UI, and retry searches again', async () => {
    const { controller, calls } = setup();
    controller.setTerm('flexbox');
    controller.submit();
    const failure = Object.assign(new Error('Too many requests'), { status: 429, code: 'rate_limited' });
    calls[0]?.reject(failure);
    await flush();
    expect(controller.status.value).toBe('error');
    expect(controller.error.value).toBe(failure);
    expect(controller.results.value).toBeNull();

    controller.retry();
    expect(calls).toHaveLength(2);
    expect(calls[1]?.params.term).toBe('flexbox');
    expect(controller.status.value).toBe('loading');
    expect(controller.error.value).toBeNull();
    calls[1]?.resolve(response('flexbox'));
    await flush();
    expect(controller.status.value).toBe('done');
  });

  it('treats a network failure (TypeError from fetch) as an error', async () => {
    const { controller, calls } = setup();
    controller.setTerm('x');
    controller.submit();
    calls[0]?.reject(new TypeError('Failed to fetch'));
    await flush();
    expect(controller.status.value).toBe('error');
    expect(controller.error.value).toBeInstanceOf(TypeError);
  });

  it('treats a synchronous throw of the client as an error', async () => {
    const controller = createSearchController({
      client: {
        search: () => {
          throw new Error('bad params');
        },
      },
    });
    controller.setTerm('x');
    controller.submit();
    await flush();
    expect(controller.status.value).toBe('error');
    expect(controller.error.value?.message).toBe('bad params');
  });

  it('does not treat its own abort as an error', async () => {
    const { controller, calls } = setup();
    controller.setTerm('a');
    controller.submit();
    controller.setTerm('ab');
    controller.submit();
    calls[0]?.reject(new DOMException('The operation was aborted.', 'AbortError'));
    await flush();
    expect(controller.status.value).toBe('loading');
    expect(controller.error.value).toBeNull();
  });

  it('an empty term clears the results and goes idle without a request', async () => {
    const { controller, calls } = setup();
    controller.setTerm('css');
    controller.submit();
    calls[0]?.resolve(response('css'));
    await flush();
    controller.setTerm('   ');
    expect(controller.status.value).toBe('idle');
    expect(controller.results.value).toBeNull();
    await vi.advanceTimersByTimeAsync(1000);
    controller.submit();
    expect(calls).toHaveLength(1);
  });

  it('emptying the term cancels a pending search and ignores the answer in flight', async () => {
    const { controller, calls } = setup();
    controller.setTerm('css');
    controller.submit();
    controller.setTerm('cssx');
    controller.setTerm('');
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.signal?.aborted).toBe(true);
    calls[0]?.resolve(response('css'));
    await flush();
    expect(controller.status.value).toBe('idle');
    expect(controller.results.value).toBeNull();
  });

  it('clear() empties term and results', async () => {
    const { controller, calls } = setup();
    controller.setTerm('css');
    controller.submit();
    calls[0]?.resolve(response('css'));
    await flush();
    controller.clear();
    expect(controller.term.value).toBe('');
    expect(controller.results.value).toBeNull();
    expect(controller.status.value).toBe('idle');
  });

  it('respects minTermLength', async () => {
    const { controller, calls } = setup({ minTermLength: 3 });
    controller.setTerm('ab');
    await vi.advanceTimersByTimeAsync(500);
    controller.submit();
    expect(calls).toHaveLength(0);
    controller.setTerm('abc');
    controller.submit();
    expect(calls).toHaveLength(1);
  });

  it('trims and caps the term before sending, keeping the typed term as is', async () => {
    const { controller, calls } = setup();
    const words = Array.from({ length: 14 }, (_, i) => `w${i}`);
    controller.setTerm(`   ${words.join('  ')}   `);
    controller.submit();
    expect(calls[0]?.params.term).toBe(words.slice(0, 10).join(' '));
    expect(controller.term.value).toBe(`   ${words.join('  ')}   `);

    controller.setTerm('x'.repeat(400));
    controller.submit();
    expect(calls[1]?.params.term).toBe('x'.repeat(150));
  });

  it('does not search again for a term that only differs by spaces', async () => {
    const { controller, calls } = setup();
    controller.setTerm('grid');
    controller.submit();
    controller.setTerm('grid ');
    await vi.advanceTimersByTimeAsync(500);
    controller.submit();
    expect(calls).toHaveLength(1);
  });

  it('typing back to the searched term cancels the pending search', async () => {
    const { controller, calls } = setup();
    controller.setTerm('grid');
    controller.submit();
    calls[0]?.resolve(response('grid'));
    await flush();
    controller.setTerm('gridx');
    await vi.advanceTimersByTimeAsync(100);
    controller.setTerm('grid');
    await vi.advanceTimersByTimeAsync(500);
    expect(calls).toHaveLength(1);
    expect(controller.status.value).toBe('done');
  });

  it('dispose stops timers and aborts the request in flight', async () => {
    const { controller, calls } = setup();
    controller.setTerm('a');
    controller.submit();
    controller.setTerm('ab');
    controller.dispose();
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.signal?.aborted).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    controller.setTerm('abc');
    controller.submit();
    expect(calls).toHaveLength(1);
  });

  describe('page, sort and filters', () => {
    async function painted() {
      const ctx = setup({ facets: ['area'] });
      ctx.controller.setTerm('grid');
      ctx.controller.submit();
      ctx.calls[0]?.resolve(response('grid'));
      await flush();
      return ctx;
    }

    it('searches another page at once and marks it committed', async () => {
      const { controller, calls } = await painted();
      controller.setPage(3);
      expect(calls).toHaveLength(2);
      expect(calls[1]?.params).toMatchObject({ term: 'grid', page: 3, facet: ['custom_fields.area'] });
      expect(controller.sent.value).toMatchObject({ commit: true, state: { page: 3 } });
    });

    it('returns to page 1 when a filter or the sort changes', async () => {
      const { controller, calls } = await painted();
      controller.setPage(2);
      controller.setFilters({ fields: { area: ['css'] } });
      expect(calls.at(-1)?.params).toMatchObject({ page: 1, customField: { area: ['css'] } });
      controller.setPage(4);
      controller.setSort('date', 'asc');
      expect(calls.at(-1)?.params).toMatchObject({ page: 1, sort: 'date', order: 'asc' });
      expect(controller.page.value).toBe(1);
    });

    it('typing a new term starts from page 1 and is not a commit', async () => {
      const { controller, calls } = await painted();
      controller.setPage(2);
      controller.setTerm('flex');
      await vi.advanceTimersByTimeAsync(200);
      expect(calls.at(-1)?.params).toMatchObject({ term: 'flex', page: 1 });
      expect(controller.sent.value?.commit).toBe(false);
    });

    it('drops a slow answer to an older filter', async () => {
      const { controller, calls } = await painted();
      controller.setFilters({ fields: { area: ['css'] } });
      controller.setFilters({ fields: { area: ['html'] } });
      calls[2]?.resolve(response('html', 2));
      calls[1]?.resolve(response('css', 1));
      await flush();
      expect(controller.results.value?.total_hits).toBe(2);
    });

    it('load more appends the next page to the hits', async () => {
      const { controller, calls } = await painted();
      const first = { ...response('grid'), hits: [{ id: 'a' }] } as unknown as SearchResponse;
      controller.setPage(1);
      controller.setFilters({ lang: 'en' });
      calls.at(-1)?.resolve(first);
      await flush();
      controller.loadMore();
      expect(calls.at(-1)?.params).toMatchObject({ page: 2, lang: 'en' });
      calls.at(-1)?.resolve({ ...response('grid'), hits: [{ id: 'b' }] } as unknown as SearchResponse);
      await flush();
      expect(controller.results.value?.hits.map((h) => h.id)).toEqual(['a', 'b']);
    });

    it('restore takes a whole state and searches it without waiting', async () => {
      const { controller, calls } = setup();
      controller.restore({ term: 'fetch', page: 2, sort: 'date', order: 'asc', filters: { lang: 'de' } });
      await vi.advanceTimersByTimeAsync(0);
      expect(calls[0]?.params).toEqual({ term: 'fetch', limit: 10, page: 2, fuzzy: 'auto', sort: 'date', order: 'asc', lang: 'de' });
      expect(controller.term.value).toBe('fetch');
      controller.restore({ term: '', page: 1, sort: 'relevance', order: 'desc', filters: {} });
      expect(controller.status.value).toBe('idle');
      expect(controller.sent.value?.state.term).toBe('');
    });
  });

  describe('partial results: all the words found nothing, some may', () => {
    /** Sends `term` and answers it with no hits; returns the calls. */
    async function nothingFor(term: string) {
      const ctx = setup();
      ctx.controller.setTerm(term);
      ctx.controller.submit();
      ctx.calls[0]?.resolve(response(term, 0));
      await flush();
      return ctx;
    }

    it('asks again at once with defaultOperator=or and fuzzy=auto, and shows that answer as partial', async () => {
      const { controller, calls } = await nothingFor('fetch zzzzqqq');
      expect(calls).toHaveLength(2);
      expect(calls[1]?.params).toEqual({ term: 'fetch zzzzqqq', limit: 10, page: 1, fuzzy: 'auto', defaultOperator: 'or' });
      // Nothing painted in between: no empty state flashes before the partial results.
      expect(controller.results.value).toBeNull();
      expect(controller.status.value).toBe('loading');
      expect(controller.sent.value?.state).toMatchObject({ term: 'fetch zzzzqqq', partial: true });
      calls[1]?.resolve(response('some', 4));
      await flush();
      expect(controller.results.value).toMatchObject({ forTerm: 'some', total_hits: 4 });
      expect(controller.partial.value).toBe(true);
      expect(controller.status.value).toBe('done');
    });

    it('does not ask again for one word, nor for words that found something', async () => {
      const one = await nothingFor('zzzzqqq');
      await vi.advanceTimersByTimeAsync(1000);
      expect(one.calls).toHaveLength(1);
      expect(one.controller.results.value?.total_hits).toBe(0);
      expect(one.controller.partial.value).toBe(false);

      const { controller, calls } = setup();
      controller.setTerm('fetch api');
      controller.submit();
      calls[0]?.resolve(response('fetch api', 3));
      await flush();
      await vi.advanceTimersByTimeAsync(1000);
      expect(calls).toHaveLength(1);
      expect(controller.partial.value).toBe(false);
    });

    it('shows the empty state when some of the words find nothing either, and does not ask a third time', async () => {
      const { controller, calls } = await nothingFor('zzzz qqqq');
      calls[1]?.resolve(response('zzzz qqqq', 0));
      await flush();
      await vi.advanceTimersByTimeAsync(1000);
      expect(calls).toHaveLength(2);
      expect(controller.results.value?.total_hits).toBe(0);
      expect(controller.partial.value).toBe(false);
      expect(controller.status.value).toBe('done');
    });

    it('counts the second request against the limit of 5 a second', async () => {
      const { controller, calls } = setup();
      for (const t of ['a', 'b', 'c', 'd', 'fetch zzzzqqq']) {
        controller.setTerm(t);
        controller.submit();
      }
      calls[4]?.resolve(response('fetch zzzzqqq', 0));
      await flush();
      expect(calls).toHaveLength(5);
      // a, aborted unanswered as it left, is taken to have reached the service 200 ms later.
      await vi.advanceTimersByTimeAsync(1199);
      expect(calls).toHaveLength(5);
      await vi.advanceTimersByTimeAsync(1);
      expect(calls[5]?.params).toMatchObject({ term: 'fetch zzzzqqq', defaultOperator: 'or' });
      expect((calls[5]?.at ?? 0) - (calls[0]?.at ?? 0)).toBe(1200);
    });

    it('a newer term cancels it: while it waits for the rate limit, while it is in flight, and before it is sent', async () => {
      // Waiting for the rate limit: the newer term is sent instead.
      const waiting = setup();
      for (const t of ['a', 'b', 'c', 'd', 'fetch zzzzqqq']) {
        waiting.controller.setTerm(t);
        waiting.controller.submit();
      }
      waiting.calls[4]?.resolve(response('fetch zzzzqqq', 0));
      await flush();
      waiting.controller.setTerm('fetch');
      await vi.advanceTimersByTimeAsync(2000);
      expect(waiting.calls.map((c) => c.params.term)).toEqual(['a', 'b', 'c', 'd', 'fetch zzzzqqq', 'fetch']);
      expect(waiting.calls.some((c) => c.params.defaultOperator)).toBe(false);

      // In flight: aborted, and its late answer never painted.
      const flying = await nothingFor('fetch zzzzqqq');
      flying.controller.setTerm('grid');
      await vi.advanceTimersByTimeAsync(200);
      expect(flying.calls[1]?.signal?.aborted).toBe(true);
      flying.calls[2]?.resolve(response('grid', 2));
      flying.calls[1]?.resolve(response('some', 4));
      await flush();
      expect(flying.controller.results.value).toMatchObject({ forTerm: 'grid' });
      expect(flying.controller.partial.value).toBe(false);

      // Typed while the first answer was on its way: the retry is never sent.
      const typed = setup();
      typed.controller.setTerm('fetch zzzzqqq');
      typed.controller.submit();
      typed.controller.setTerm('fetch zzzzqqqx');
      typed.calls[0]?.resolve(response('fetch zzzzqqq', 0));
      await flush();
      expect(typed.calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(200);
      expect(typed.calls[1]?.params).toEqual({ term: 'fetch zzzzqqqx', limit: 10, page: 1, fuzzy: 'auto' });
    });

    it('its pages, sorts, filters and load more stay partial; a new term starts strict again', async () => {
      const { controller, calls } = await nothingFor('fetch zzzzqqq');
      calls[1]?.resolve({ ...response('some', 25), hits: [{ id: 'a' }] } as unknown as SearchResponse);
      await flush();
      // A trailing space is the same search: nothing is sent, strict or not.
      controller.setTerm('fetch zzzzqqq ');
      await vi.advanceTimersByTimeAsync(200);
      expect(calls).toHaveLength(2);
      controller.setPage(2);
      expect(calls.at(-1)?.params).toMatchObject({ page: 2, defaultOperator: 'or', fuzzy: 'auto' });
      controller.setSort('date');
      expect(calls.at(-1)?.params).toMatchObject({ page: 1, sort: 'date', defaultOperator: 'or' });
      controller.setFilters({ lang: 'en' });
      expect(calls.at(-1)?.params).toMatchObject({ lang: 'en', defaultOperator: 'or' });
      calls.at(-1)?.resolve({ ...response('some', 25), hits: [{ id: 'a' }] } as unknown as SearchResponse);
      // Five requests so far: the next waits for the rate limit's window.
      await vi.advanceTimersByTimeAsync(1000);
      controller.loadMore();
      expect(calls.at(-1)?.params).toMatchObject({ page: 2, defaultOperator: 'or' });
      calls.at(-1)?.resolve({ ...response('some', 25), hits: [{ id: 'b' }] } as unknown as SearchResponse);
      await flush();
      expect(controller.results.value?.hits.map((h) => h.id)).toEqual(['a', 'b']);
      expect(controller.partial.value).toBe(true);
      expect(controller.sent.value?.state.partial).toBe(true);

      controller.setTerm('fetch api');
      await vi.advanceTimersByTimeAsync(200);
      expect(calls.at(-1)?.params).toEqual({ term: 'fetch api', limit: 10, page: 1, fuzzy: 'auto', sort: 'date', order: 'desc', lang: 'en' });
      expect(controller.sent.value?.state.partial).toBeUndefined();
    });

    it('restore takes a partial state as it is, without asking strictly first', async () => {
      const { controller, calls } = setup();
      controller.restore({ term: 'fetch zzzzqqq', page: 2, sort: 'relevance', order: 'desc', filters: {}, partial: true });
      expect(calls).toHaveLength(1);
      expect(calls[0]?.params).toMatchObject({ term: 'fetch zzzzqqq', page: 2, defaultOperator: 'or' });
    });
  });
});
