import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isAbortError, SearchApiError } from './errors.ts';
import { fakeFetch, never } from './fakeFetch.ts';
import { retryDelay } from './retryDelay.ts';
import { sendRequest, type TransportOptions } from './sendRequest.ts';

const URL_ = 'https://api.example/v2/indices/k/documents:batch';
const ok = () => Response.json({ ids: ['1'] }, { status: 202 });
const status =
  (code: number, headers: Record<string, string> = {}) =>
  () =>
    new Response(null, { status: code, headers });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** Starts a call and lets fake time run until it settles; returns the outcome and the times of the requests. */
async function run(transport: TransportOptions, method: 'GET' | 'PUT' | 'POST' | 'DELETE' = 'PUT', signal?: AbortSignal) {
  const times: number[] = [];
  const inner = transport.fetch!;
  const fetcher: typeof fetch = (input, init) => {
    times.push(Date.now());
    return inner(input, init);
  };
  const start = Date.now();
  const promise = sendRequest({ random: () => 0.5, ...transport, fetch: fetcher }, { method, url: URL_, body: { documents: [] } }, { signal });
  const settled = promise.then(
    (value) => ({ value, error: undefined as unknown }),
    (error: unknown) => ({ value: undefined, error }),
  );
  await vi.runAllTimersAsync();
  return { ...(await settled), waits: times.map((t) => t - start) };
}

describe('sendRequest retries', () => {
  it('waits Retry-After seconds after a 429, then succeeds', async () => {
    const { seen, fetcher } = fakeFetch(status(429, { 'Retry-After': '2' }), ok);
    const { value, waits } = await run({ fetch: fetcher });
    expect(value?.body).toEqual({ ids: ['1'] });
    expect(seen).toHaveLength(2);
    expect(waits[1]).toBeGreaterThanOrEqual(2000);
    expect(waits[1]).toBeLessThan(2200);
  });

  it('uses X-Rate-Limit-Reset when there is no Retry-After', async () => {
    const reset = Math.floor(Date.now() / 1000) + 5;
    const { fetcher } = fakeFetch(status(429, { 'X-Rate-Limit-Reset': String(reset) }), ok);
    const { waits, error } = await run({ fetch: fetcher });
    expect(error).toBeUndefined();
    expect(waits[1]).toBeGreaterThanOrEqual(4000);
  });

  it('backs off exponentially with jitter on 5xx and network failures, up to `retries`', async () => {
    const failing = () => Promise.reject(new TypeError('socket hang up'));
    const { seen, fetcher } = fakeFetch(status(503), failing, status(500), status(502));
    const { error, waits } = await run({ fetch: fetcher, retries: 3, retryBaseMs: 100 });
    expect(seen).toHaveLength(4);
    expect(error).toMatchObject({ status: 502 });
    // random() = 0.5 of caps 100, 200, 400 ms.
    expect(waits.slice(1).map((w, i) => w - waits[i]!)).toEqual([50, 100, 200]);
  });

  it('never retries a POST, nor a 4xx', async () => {
    const post = fakeFetch(status(503), ok);
    expect((await run({ fetch: post.fetcher }, 'POST')).error).toMatchObject({ status: 503 });
    expect(post.seen).toHaveLength(1);
    const bad = fakeFetch(() => Response.json({ error: { status: 400, code: 'invalid_body', message: 'no' } }, { status: 400 }), ok);
    expect((await run({ fetch: bad.fetcher }, 'GET')).error).toMatchObject({ status: 400, code: 'invalid_body' });
    expect(bad.seen).toHaveLength(1);
  });

  it('does not retry with retries: 0', async () => {
    const { seen, fetcher } = fakeFetch(status(429, { 'Retry-After': '1' }), ok);
    expect((await run({ fetch: fetcher, retries: 0 })).error).toMatchObject({ status: 429, retryAfter: 1 });
    expect(seen).toHaveLength(1);
  });

  it('gives up at once when Retry-After asks for longer than maxRetryDelayMs', async () => {
    const { seen, fetcher } = fakeFetch(status(429, { 'Retry-After': '900' }), ok);
    expect((await run({ fetch: fetcher })).error).toMatchObject({ status: 429, retryAfter: 900 });
    expect(seen).toHaveLength(1);
  });

  it('times out an attempt after timeoutMs and retries it when idempotent', async () => {
    const { seen, fetcher } = fakeFetch(never, ok);
    const { value, waits } = await run({ fetch: fetcher, timeoutMs: 1000, retryBaseMs: 10 });
    expect(value?.status).toBe(202);
    expect(seen).toHaveLength(2);
    expect(waits[1]).toBeGreaterThanOrEqual(1000);
  });

  it('reports a timeout as code timeout', async () => {
    const { fetcher } = fakeFetch(never);
    const { error } = await run({ fetch: fetcher, timeoutMs: 50, retries: 0 }, 'POST');
    expect(error).toBeInstanceOf(SearchApiError);
    expect(error).toMatchObject({ status: 0, code: 'timeout' });
  });

  it('stops waiting and rejects with an AbortError when the signal fires during the backoff', async () => {
    const { seen, fetcher } = fakeFetch(status(429, { 'Retry-After': '30' }), ok);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 1000);
    const { error } = await run({ fetch: fetcher }, 'GET', controller.signal);
    expect(isAbortError(error)).toBe(true);
    expect(seen).toHaveLength(1);
  });

  it('aborts a request in flight', async () => {
    const { fetcher } = fakeFetch(never);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 10);
    const { error } = await run({ fetch: fetcher, timeoutMs: 0 }, 'GET', controller.signal);
    expect(isAbortError(error)).toBe(true);
  });
});

describe('retryDelay', () => {
  it('caps the exponential backoff and spreads it with jitter', () => {
    expect(retryDelay(0, undefined, { random: () => 0.999, retryBaseMs: 100 })).toBe(99);
    expect(retryDelay(10, undefined, { random: () => 1, retryBaseMs: 100, maxRetryDelayMs: 5000 })).toBe(5000);
    expect(retryDelay(3, undefined, { random: () => 0 })).toBe(0);
    expect(retryDelay(0, 61, {})).toBeNull();
  });
});
