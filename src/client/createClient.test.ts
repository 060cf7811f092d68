import { describe, expect, it, vi } from 'vitest';
import { createClient } from './createClient.ts';
import { SearchApiError, isAbortError } from './errors.ts';

function recorder(answer: () => Response = () => Response.json({ ok: true })) {
  const urls: URL[] = [];
  const fetcher: typeof fetch = async (input, init) => {
    urls.push(new URL(String(input)));
    if (init?.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    return answer();
  };
  return { urls, fetcher };
}

describe('createClient', () => {
  it('encodes every search parameter as the API describes', async () => {
    const { urls, fetcher } = recorder();
    const client = createClient({ siteKey: 'my key', baseUrl: 'https://api.example/', fetch: fetcher });
    await client.search({
      term: 'flex box',
      limit: 20,
      page: 2,
      lang: 'en',
      categories: '1xdocs',
      sort: 'custom_fields.price',
      order: 'asc',
      fuzzy: 'auto',
      postfixWildcard: false,
      dateFrom: '2020-01-01',
      dateTo: '2021-01-01',
      customField: { brand: ['Acme', 'Bolt'], size: 3 },
      resultType: 'organic',
      userToken: 'u1',
      facet: ['custom_fields.brand', 'categorys'],
      numFacets: 50,
      rangeFacets: [{ field: 'custom_fields.price', ranges: [{ to: 10 }, { from: 10 }] }],
      collectAnalytics: false,
      analyticsTag: 'header',
      filter: { and: [{ 'custom_fields.brand': 'Acme' }, { not: { category: '1xblog' } }] },
      defaultOperator: 'or',
    });
    const url = urls[0]!;
    expect(url.origin + url.pathname).toBe('https://api.example/v1/search/my%20key');
    const q = url.searchParams;
    expect(q.get('term')).toBe('flex box');
    expect(q.get('limit')).toBe('20');
    expect(q.get('page')).toBe('2');
    expect(q.get('postfixWildcard')).toBe('false');
    expect(q.get('collectAnalytics')).toBe('false');
    expect(q.get('fuzzy')).toBe('auto');
    expect(q.getAll('customField')).toEqual(['brand=Acme', 'brand=Bolt', 'size=3']);
    expect(url.search).toContain('customField=brand%3DAcme');
    expect(q.getAll('facet')).toEqual(['custom_fields.brand', 'categorys']);
    expect(JSON.parse(q.get('filter')!)).toEqual({ and: [{ 'custom_fields.brand': 'Acme' }, { not: { category: '1xblog' } }] });
    expect(JSON.parse(q.get('rangeFacets')!)).toEqual([{ field: 'custom_fields.price', ranges: [{ to: 10 }, { from: 10 }] }]);
    for (const key of [
      'lang',
      'categories',
      'sort',
      'order',
      'dateFrom',
      'dateTo',
      'resultType',
      'userToken',
      'numFacets',
      'analyticsTag',
      'defaultOperator',
    ]) {
      expect(q.has(key), key).toBe(true);
    }
  });

  it('leaves out parameters that are not given', async () => {
    const { urls, fetcher } = recorder();
    await createClient({ siteKey: 'k', baseUrl: 'https://api.example', fetch: fetcher }).search({ term: '*' });
    expect(urls[0]!.search).toBe('?term=*');
  });

  it('sends search and suggest to the regional host, autocomplete and recommendations to the base host', async () => {
    const { urls, fetcher } = recorder();
    const client = createClient({ siteKey: 'k', baseUrl: 'https://api.example', regionalUrl: 'https://eu.example', fetch: fetcher });
    await client.search({ term: 'a' });
    await client.suggest({ term: 'a', size: 5 });
    await client.autocomplete({ term: 'a', source: 'custom_fields.brand' });
    await client.recommendations({ configurationKey: 'related', ItemId: 'doc 1' });
    expect(urls.map((u) => u.origin + u.pathname)).toEqual([
      'https://eu.example/v1/search/k',
      'https://eu.example/v1/suggest/k',
      'https://api.example/v1/autocomplete/document-field/k',
      'https://api.example/v1/recommendations/k',
    ]);
    expect(urls[1]!.searchParams.get('size')).toBe('5');
    expect(urls[2]!.searchParams.get('source')).toBe('custom_fields.brand');
    expect(urls[3]!.search).toBe('?configurationKey=related&ItemId=doc+1');
  });

  it('turns an error answer into a SearchApiError with the body', async () => {
    const body = { error: { status: 400, code: 'invalid_parameter', message: 'limit must be an integer from 1 to 300', parameter: 'limit' } };
    const { fetcher } = recorder(() => Response.json(body, { status: 400 }));
    const error = await createClient({ siteKey: 'k', baseUrl: 'https://api.example', fetch: fetcher })
      .search({ term: 'a', limit: 0 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SearchApiError);
    expect(error).toMatchObject({ status: 400, code: 'invalid_parameter', parameter: 'limit', message: body.error.message, body });
  });

  it('tells when to retry after a 429', async () => {
    const { fetcher } = recorder(() => new Response('slow down', { status: 429, headers: { 'Retry-After': '7' } }));
    const error = await createClient({ siteKey: 'k', baseUrl: 'https://api.example', fetch: fetcher })
      .suggest({ term: 'a' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', retryAfter: 7 });
  });

  it('falls back to X-Rate-Limit-Reset for the retry time', async () => {
    // The page's clock stands at a known second: the reset is 30 s after it.
    const now = Date.parse('2026-05-01T12:00:00Z');
    vi.useFakeTimers({ toFake: ['Date'], now });
    try {
      const { fetcher } = recorder(() => new Response(null, { status: 429, headers: { 'X-Rate-Limit-Reset': String(now / 1000 + 30) } }));
      const error = (await createClient({ siteKey: 'k', baseUrl: 'https://api.example', fetch: fetcher })
        .search({ term: 'a' })
        .catch((e: unknown) => e)) as SearchApiError;
      expect(error.retryAfter).toBe(30);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reports a network failure as status 0', async () => {
    const fetcher: typeof fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    const error = await createClient({ siteKey: 'k', baseUrl: 'https://api.example', fetch: fetcher })
      .search({ term: 'a' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: 'network_error' });
  });

  it('rejects with an AbortError when the signal fires', async () => {
    const { fetcher } = recorder();
    const controller = new AbortController();
    controller.abort();
    const error = await createClient({ siteKey: 'k', baseUrl: 'https://api.example', fetch: fetcher })
      .search({ term: 'a' }, { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(isAbortError(error)).toBe(true);
    expect(error).not.toBeInstanceOf(SearchApiError);
  });

  it('refuses to be created without a site key or base URL', () => {
    expect(() => createClient({ siteKey: '', baseUrl: 'https://api.example' })).toThrow(/siteKey/);
    expect(() => createClient({ siteKey: 'k', baseUrl: '' })).toThrow(/baseUrl/);
  });
});
