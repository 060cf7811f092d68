import { describe, expect, it } from 'vitest';
import * as original from '../client/request.ts';
import type { QueryValue } from '../client/request.ts';
import * as swapped from './request.ts';

// The script-tag build's `request.ts` stands in for the client's: the widget must build the
// same addresses and tell failures apart the same way (by `status`) with either.

const queries: Record<string, QueryValue>[] = [
  {},
  { term: 'grid' },
  { term: 'a b&c=d/é', page: 2, collectAnalytics: false },
  { facets: ['area', 'kind'], skipped: undefined, empty: '' },
  { one: [3], none: [], both: [1, 'x'] },
];

/** A fetch that answers `status` with `body`, or fails as a network failure does. */
const answering =
  (status: number | 'network', body = ''): typeof fetch =>
  () =>
    status === 'network' ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve(new Response(body || null, { status }));

const failureOf = async (module: typeof original | typeof swapped, fetcher: typeof fetch) => {
  const error = (await module.getJson(fetcher, 'https://api.example/v1/search/demo').catch((e: unknown) => e)) as { status?: number };
  expect(error).toBeInstanceOf(Error);
  return error.status;
};

describe('the script-tag build’s request.ts', () => {
  it('builds the addresses the client builds', () => {
    for (const query of queries) {
      expect(swapped.buildUrl('https://api.example', '/v1/search/demo', query)).toBe(original.buildUrl('https://api.example', '/v1/search/demo', query));
    }
    expect(swapped.buildUrl('https://api.example', '/v1/x')).toBe(original.buildUrl('https://api.example', '/v1/x'));
  });

  it('answers the parsed JSON, as the client does', async () => {
    const body = JSON.stringify({ hits: [{ id: 'a' }], total_hits: 1 });
    const fetcher: typeof fetch = () => Promise.resolve(new Response(body, { status: 200 }));
    expect(await swapped.getJson(fetcher, 'https://api.example/v1/search/demo')).toEqual(await original.getJson(fetcher, 'https://api.example/v1/search/demo'));
  });

  it('fails with the status the client’s error has, for every answer the widget words apart and for no answer', async () => {
    const errorBody = JSON.stringify({ error: { code: 'invalid_parameter', message: 'bad', parameter: 'term' } });
    for (const [status, body] of [
      [400, errorBody],
      [404, ''],
      [429, ''],
      [500, 'not JSON'],
      [503, ''],
      ['network', ''],
    ] as const) {
      const expected = status === 'network' ? 0 : status;
      expect(await failureOf(original, answering(status, body)), String(status)).toBe(expected);
      expect(await failureOf(swapped, answering(status, body)), String(status)).toBe(expected);
    }
  });

  it('passes an abort through as it came, as the client does', async () => {
    const controller = new AbortController();
    controller.abort();
    const aborted: typeof fetch = (_url, init) => Promise.reject(init?.signal?.reason as Error);
    const fromOriginal = await original.getJson(aborted, 'https://api.example/v1/search/demo', { signal: controller.signal }).catch((e: unknown) => e);
    const fromSwapped = await swapped.getJson(aborted, 'https://api.example/v1/search/demo', { signal: controller.signal }).catch((e: unknown) => e);
    expect(fromSwapped).toBe(controller.signal.reason);
    expect(fromOriginal).toBe(controller.signal.reason);
  });
});
