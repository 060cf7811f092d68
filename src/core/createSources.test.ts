import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchParams, SearchResponse } from '../client/types.ts';
import { createSources, type SourceOption } from './createSources.ts';

interface Call {
  siteKey: string;
  params: SearchParams;
  signal: AbortSignal | undefined;
  at: number;
  resolve(response: SearchResponse): void;
  reject(reason: unknown): void;
}

function response(total: number, ids: string[] = []): SearchResponse {
  return {
    page: 1,
    total_hits: total,
    processing_time_ms: 3,
    hits: ids.map((id) => ({ id, title: id, url: `https://example.com/${id}` })) as never,
    facets: null,
    rangeFacets: null,
  };
}

const docs: SourceOption = { siteKey: 'demo', label: 'Docs' };
const blog: SourceOption = { siteKey: 'blog', label: 'Blog', limit: 3 };

/** Sources whose answers the test settles by hand, each call tagged with its index. */
function setup(sources: SourceOption[] = [docs, blog]) {
  const calls: Call[] = [];
  const made = createSources({
    sources,
    client: (source) => ({
      search: (params, init) =>
        new Promise<SearchResponse>((resolve, reject) => {
          calls.push({ siteKey: source.siteKey, params, signal: init?.signal, at: Date.now(), resolve, reject });
        }),
    }),
  });
  return { calls, ...made };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(0);
});
afterEach(() => vi.useRealTimers());

/** The most calls in any window of `ms`, its end excluded. */
const peak = (times: number[], ms = 1000) => Math.max(...times.map((t) => times.filter((u) => u >= t && u < t + ms).length));

describe('createSources', () => {
  it('searches every source with its own limit, from one key, in the same slot', async () => {
    const { calls, controller } = setup();
    controller.setTerm('grid');
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((c) => [c.siteKey, c.params.term, c.params.limit, c.at])).toEqual([
      ['demo', 'grid', 3, 0],
      ['blog', 'grid', 3, 0],
    ]);
  });

  it('keeps all sources together within 5 requests a second while typing, the last term searched in each', async () => {
    const { calls, controller } = setup();
    let typed = '';
    for (const key of 'promise all settled') {
      controller.setTerm((typed += key));
      await vi.advanceTimersByTimeAsync(90);
      // The service answers each request 40 ms after it left, in 3 ms of its own.
      for (const call of calls) if (Date.now() - call.at >= 40) call.resolve(response(1));
    }
    await vi.advanceTimersByTimeAsync(2000);
    expect(peak(calls.map((c) => c.at))).toBeLessThanOrEqual(5);
    for (const siteKey of ['demo', 'blog']) expect(calls.filter((c) => c.siteKey === siteKey).at(-1)?.params.term).toBe('promise all settled');
    // Both go in each slot: as many requests to each index.
    expect(calls.filter((c) => c.siteKey === 'demo').map((c) => c.at)).toEqual(calls.filter((c) => c.siteKey === 'blog').map((c) => c.at));
  });

  it('five sources: one slot a second, five requests in it', async () => {
    const five = ['a', 'b', 'c', 'd', 'e'].map((siteKey) => ({ siteKey, label: siteKey }));
    const { calls, controller } = setup(five);
    for (const term of ['g', 'gr', 'gri', 'grid']) {
      controller.setTerm(term);
      await vi.advanceTimersByTimeAsync(150);
      for (const call of calls) call.resolve(response(1));
    }
    await vi.advanceTimersByTimeAsync(2000);
    expect(peak(calls.map((c) => c.at))).toBeLessThanOrEqual(5);
    expect(calls.map((c) => `${c.siteKey}:${c.params.term}@${c.at}`)).toEqual([
      ...five.map(({ siteKey }) => `${siteKey}:g@0`),
      // The first five surely arrived at 148 (answered at 150, 3 ms of the service's own): a second after that.
      ...five.map(({ siteKey }) => `${siteKey}:grid@1148`),
    ]);
  });

  it('searches at most 5 sources', async () => {
    const six = ['a', 'b', 'c', 'd', 'e', 'f'].map((siteKey) => ({ siteKey, label: siteKey }));
    const { calls, searches, controller } = setup(six);
    controller.setTerm('grid');
    await vi.advanceTimersByTimeAsync(0);
    expect(searches).toHaveLength(5);
    expect(calls.map((c) => c.siteKey)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('each source aborts its own older request and never shows its answer', async () => {
    const { calls, searches, controller } = setup();
    controller.setTerm('gr');
    await vi.advanceTimersByTimeAsync(0);
    controller.setTerm('grid');
    await vi.advanceTimersByTimeAsync(500);
    const [oldDocs, oldBlog, newDocs, newBlog] = calls;
    expect([newDocs?.params.term, newBlog?.params.term]).toEqual(['grid', 'grid']);
    expect(oldDocs?.signal?.aborted && oldBlog?.signal?.aborted).toBe(true);
    newDocs!.resolve(response(2, ['d1', 'd2']));
    oldBlog!.resolve(response(9, ['stale']));
    await vi.advanceTimersByTimeAsync(0);
    expect(searches[0]!.controller.results.value?.hits.map((h) => h.id)).toEqual(['d1', 'd2']);
    expect(searches[1]!.controller.results.value).toBeNull();
    // The blog is not answered yet (slow: stalled by now).
    expect(controller.status.value).toBe('stalled');
    newBlog!.resolve(response(1, ['b1']));
    await vi.advanceTimersByTimeAsync(0);
    expect(controller.status.value).toBe('done');
    expect(controller.results.value?.total_hits).toBe(3);
    expect(controller.results.value?.hits.map((h) => h.id)).toEqual(['d1', 'd2', 'b1']);
  });

  it('a failing source fails alone: the others show their results', async () => {
    const { calls, searches, controller } = setup();
    controller.setTerm('grid');
    await vi.advanceTimersByTimeAsync(0);
    calls[0]!.resolve(response(1, ['d1']));
    calls[1]!.reject(new Error('503'));
    await vi.advanceTimersByTimeAsync(0);
    expect(searches.map((s) => s.controller.status.value)).toEqual(['done', 'error']);
    expect(searches[1]!.controller.error.value?.message).toBe('503');
    expect(controller.status.value).toBe('done');
    expect(controller.error.value).toBeNull();
    // Retried, both are asked again (the one that answered only if it failed too: the same search is not sent twice).
    controller.retry();
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls.slice(2).map((c) => c.siteKey)).toEqual(['blog']);
  });

  it('all failing is the box’s failure', async () => {
    const { calls, controller } = setup();
    controller.setTerm('grid');
    await vi.advanceTimersByTimeAsync(0);
    for (const call of calls) call.reject(new Error('offline'));
    await vi.advanceTimersByTimeAsync(0);
    expect(controller.status.value).toBe('error');
    expect(controller.error.value?.message).toBe('offline');
  });

  it('clear cancels what waits in every source and aborts what is in flight', async () => {
    const { calls, searches, controller } = setup();
    controller.setTerm('g');
    await vi.advanceTimersByTimeAsync(0);
    controller.setTerm('gr');
    await vi.advanceTimersByTimeAsync(0);
    controller.clear();
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls.map((c) => c.params.term)).toEqual(['g', 'g']);
    expect(calls.every((c) => c.signal?.aborted)).toBe(true);
    expect(searches.map((s) => s.controller.status.value)).toEqual(['idle', 'idle']);
    expect(controller.status.value).toBe('idle');
  });

  it('Enter searches every source at once when the window has room', async () => {
    const { calls, controller } = setup();
    controller.setTerm('g');
    await vi.advanceTimersByTimeAsync(100);
    controller.setTerm('grid');
    controller.submit();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((c) => `${c.siteKey}:${c.params.term}@${c.at}`)).toEqual(['demo:g@0', 'blog:g@0', 'demo:grid@100', 'blog:grid@100']);
  });
});
