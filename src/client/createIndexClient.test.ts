import { describe, expect, it } from 'vitest';
import { createIndexClient, type IndexClientOptions } from './createIndexClient.ts';
import { SearchApiError } from './errors.ts';
import { fakeFetch } from './fakeFetch.ts';

const AUTH = `Basic ${btoa('key:secret')}`;

function client(answer: () => Response = () => Response.json({ id: 'x' }, { status: 202 }), extra: Partial<IndexClientOptions> = {}) {
  const fake = fakeFetch(answer);
  return { ...fake, api: createIndexClient({ siteKey: 'key', secret: 'secret', baseUrl: 'https://api.example/', fetch: fake.fetcher, ...extra }) };
}

const route = (r: { method: string; url: URL }) => `${r.method} ${r.url.pathname}${r.url.search}`;

describe('createIndexClient', () => {
  it('creates a document with POST and reads the id from the body and Location', async () => {
    const { api, seen } = client(() =>
      Response.json({ id: 'r4nd' }, { status: 201, headers: { Location: 'https://api.example/v2/indices/key/documents/r4nd' } }),
    );
    await expect(api.createDocument({ title: 'No id' })).resolves.toEqual({ id: 'r4nd', location: 'https://api.example/v2/indices/key/documents/r4nd' });
    expect(route(seen[0]!)).toBe('POST /v2/indices/key/documents/');
    expect(seen[0]!.headers.get('authorization')).toBe(AUTH);
    expect(seen[0]!.headers.get('content-type')).toBe('application/json');
    expect(seen[0]!.body).toEqual({ title: 'No id' });
  });

  it('takes the id from Location when the create answer has no body', async () => {
    const { api } = client(() => new Response(null, { status: 201, headers: { Location: '/v2/indices/key/documents/abc%20d' } }));
    expect((await api.createDocument({ url: 'https://s.example/' })).id).toBe('abc d');
  });

  it('replaces with and without an id in the path', async () => {
    const { api, seen } = client();
    await api.replaceDocument({ custom_fields: { price: 3 } }, 'a/b');
    await api.replaceDocument({ url: 'https://s.example/p' });
    expect(seen.map(route)).toEqual(['PUT /v2/indices/key/documents/a%2Fb', 'PUT /v2/indices/key/documents/']);
    expect(seen[1]!.body).toEqual({ url: 'https://s.example/p' });
  });

  it('refuses a replace without id in the path that has neither url nor id', async () => {
    const { api, seen } = client();
    // Neither field alone is at fault: the error names the document.
    await expect(api.replaceDocument({ title: 't' })).rejects.toMatchObject({
      code: 'invalid_parameter',
      parameter: 'document',
      message: 'a document needs a url or an id',
    });
    expect(seen).toHaveLength(0);
  });

  it('sends a batch and returns its ids', async () => {
    const { api, seen } = client(() => Response.json({ ids: ['1', '2'] }, { status: 202 }));
    await expect(api.indexBatch([{ id: '1' }, { url: 'https://s.example/2' }])).resolves.toEqual({ ids: ['1', '2'] });
    expect(route(seen[0]!)).toBe('PUT /v2/indices/key/documents:batch');
    expect(seen[0]!.body).toEqual({ documents: [{ id: '1' }, { url: 'https://s.example/2' }] });
  });

  it.each([
    [[{ title: 'no url' }], 'documents[0]'],
    [[{ id: '1', url: 'not a url' }], 'documents[0].url'],
    [[{ id: '1', doc_date: 'yesterday' }], 'documents[0].doc_date'],
    [
      [
        { id: '1', custom_fields: { price: 3 } },
        { id: '2', custom_fields: { price: 'cheap' } },
      ],
      'documents[1].custom_fields.price',
    ],
    [[{ id: '1', custom_fields: { tags: [1, 2] } }], 'documents[0].custom_fields.tags'],
    [[{ id: 7 }], 'documents[0].id'],
    [[{ id: '1', main_content: 'x'.repeat(1_000_001) }], 'documents'],
    [[], 'documents'],
  ])('refuses a bad batch before sending, naming the field (%#)', async (documents, parameter) => {
    const { api, seen } = client();
    const error = await api.indexBatch(documents as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SearchApiError);
    expect(error).toMatchObject({ status: 0, code: 'invalid_parameter', parameter });
    expect(seen).toHaveLength(0);
  });

  it('accepts whole numbers in a double field across a batch', async () => {
    const { api } = client(() => Response.json({ ids: ['1', '2'] }, { status: 202 }));
    await expect(
      api.indexBatch([
        { id: '1', custom_fields: { p: 2.5 } },
        { id: '2', custom_fields: { p: 3 } },
      ]),
    ).resolves.toBeDefined();
  });

  it('gets and deletes a document by id', async () => {
    const { api, seen } = client(() => Response.json({ id: 'd1', title: 'T' }));
    await expect(api.getDocument('d1')).resolves.toEqual({ id: 'd1', title: 'T' });
    await api.deleteDocument('d1');
    expect(seen.map(route)).toEqual(['GET /v2/indices/key/documents/d1', 'DELETE /v2/indices/key/documents/d1']);
    await expect(api.getDocument('')).rejects.toMatchObject({ parameter: 'id' });
  });

  it('writes, reads, lists and deletes query rules', async () => {
    const { api, seen } = client(() => Response.json({ id: 'r1', enabled: true, conditions: [], consequence: {} }));
    const rule = { conditions: [{ pattern: 'login', anchoring: 'is' as const }], consequence: { pin: [{ id: 'd1', position: 1 }] } };
    await expect(api.rules.put('r1', rule)).resolves.toMatchObject({ id: 'r1' });
    await api.rules.get('r1');
    await api.rules.list();
    await api.rules.list({ after: 'r0', limit: 2 });
    await api.rules.delete('r1');
    expect(seen.map(route)).toEqual([
      'PUT /v2/indices/key/rules/r1',
      'GET /v2/indices/key/rules/r1',
      'GET /v2/indices/key/rules',
      'GET /v2/indices/key/rules?after=r0&limit=2',
      'DELETE /v2/indices/key/rules/r1',
    ]);
    expect(seen[0]!.body).toEqual(rule);
    expect(seen[0]!.headers.get('authorization')).toMatch(/^Basic /);
    await expect(api.rules.get('a/b')).rejects.toMatchObject({ parameter: 'ruleId' });
  });

  it('forgets a user of personal results by token, checked before sending', async () => {
    const { api, seen } = client(() => Response.json({ userToken: 'ada lovelace', forgotten: true }));
    await expect(api.users.forget('ada lovelace')).resolves.toEqual({ userToken: 'ada lovelace', forgotten: true });
    expect(seen.map(route)).toEqual(['DELETE /v2/indices/key/users/ada%20lovelace']);
    expect(seen[0]!.headers.get('authorization')).toBe(AUTH);
    await expect(api.users.forget('')).rejects.toMatchObject({ parameter: 'userToken' });
    await expect(api.users.forget('u'.repeat(129))).rejects.toMatchObject({ parameter: 'userToken' });
    expect(seen).toHaveLength(1);
  });

  it('reads status and content, and sets hidden keywords (v1)', async () => {
    const { api, seen } = client(() => Response.json({ status: 'INDEXED' }));
    await api.getStatus('abc');
    await api.getContent('abc');
    await api.setHiddenKeywords('abc', 'one two');
    expect(seen.map(route)).toEqual([
      'GET /v1/indices/key/documents/abc',
      'GET /v1/indices/key/documents/abc/content',
      'POST /v1/indices/key/documents/abc/content/hiddenKeywords',
    ]);
    expect(seen[2]!.body).toEqual({ hiddenKeywords: 'one two' });
    expect(seen.every((r) => r.headers.get('authorization') === AUTH)).toBe(true);
  });

  it('schedules a crawl with the key in the body', async () => {
    const { api, seen } = client(() => Response.json({ message: 'Scheduled', docId: 'd' }, { status: 202 }));
    await expect(api.crawl('https://s.example/a')).resolves.toEqual({ message: 'Scheduled', docId: 'd' });
    expect(route(seen[0]!)).toBe('POST /crawler');
    expect(seen[0]!.body).toEqual({ action: 'FETCH', indexPublicKey: 'key', url: 'https://s.example/a' });
    await expect(api.crawl('ftp://s.example/a')).rejects.toMatchObject({ parameter: 'url' });
  });

  it('gets recommendations and sends dataset events', async () => {
    const { api, seen } = client(() => Response.json({ total_hits: 0, processing_time_ms: 1, hits: [] }));
    await api.getRecommendations({ configurationKey: 'c1', ItemId: 'i 1' });
    const events = [{ transaction: 't', item: 'i', time: '2024-01-02' }];
    await api.sendDatasetEvents('cart', events);
    expect(seen.map(route)).toEqual([
      'GET /v1/recommendations/key?configurationKey=c1&ItemId=i+1',
      'POST /v2/indices/key/recommendations-datasets/cart/events:batch',
    ]);
    expect(seen[1]!.body).toEqual({ events });
    await expect(api.sendDatasetEvents('cart', [{ transaction: 't', item: '', time: '2024-01-02' }])).rejects.toMatchObject({ parameter: 'events[0].item' });
    await expect(api.sendDatasetEvents('cart', [{ transaction: 't', item: 'i', time: 'soon' }])).rejects.toMatchObject({ parameter: 'events[0].time' });
    await expect(api.getRecommendations({ configurationKey: 'c1', ItemId: '' })).rejects.toMatchObject({ parameter: 'ItemId' });
  });

  it('asks for the stats report and the stored events with credentials, checking parameters first', async () => {
    const { api, seen } = client(() => Response.json({ events: [] }));
    await api.getStatsReport({ from: '2026-01-01', to: '2026-01-31', tag: 'docs', limit: 5 });
    await api.getStatsReport();
    await api.listStatsEvents({ after: 10, limit: 2, session: 's 1' });
    await api.getStatsProposals({ limit: 7 });
    expect(seen.map(route)).toEqual([
      'GET /v2/indices/key/stats/report?from=2026-01-01&to=2026-01-31&tag=docs&limit=5',
      'GET /v2/indices/key/stats/report',
      'GET /v2/indices/key/stats/events?after=10&limit=2&session=s+1',
      'GET /v2/indices/key/stats/proposals?limit=7',
    ]);
    expect(seen[3]!.headers.get('authorization')).toBe(AUTH);
    expect(seen[0]!.headers.get('authorization')).toBe(AUTH);
    await expect(api.getStatsReport({ from: '1 Jan' })).rejects.toMatchObject({ parameter: 'from' });
    await expect(api.getStatsReport({ limit: 101 })).rejects.toMatchObject({ parameter: 'limit' });
    await expect(api.listStatsEvents({ limit: 0 })).rejects.toMatchObject({ parameter: 'limit' });
    await expect(api.getStatsProposals({ limit: 101 })).rejects.toMatchObject({ parameter: 'limit' });
    expect(seen).toHaveLength(4);
  });

  it('sends stats events from the index client too, to the regional host', async () => {
    const { api, seen } = client(() => new Response(null, { status: 200 }), { regionalUrl: 'https://eu.example' });
    await api.sendStatsEvent({ action: 'search', session: 's', keyword: 'k', numberOfResults: 0 });
    expect(seen[0]!.url.href).toBe('https://eu.example/v1/stats/key');
  });

  it('checks search parameters and searches with retries', async () => {
    const { api, seen } = client(() => Response.json({ hits: [] }));
    await expect(api.search({ term: 'x', limit: 301 })).rejects.toMatchObject({ parameter: 'limit' });
    await expect(api.search({ term: 'x', numFacets: 1001 })).rejects.toMatchObject({ parameter: 'numFacets' });
    await expect(api.search({ term: 'x', analyticsTag: 'a'.repeat(51) })).rejects.toMatchObject({ parameter: 'analyticsTag' });
    await expect(api.search({ term: 'x'.repeat(301) })).rejects.toMatchObject({ parameter: 'term' });
    await expect(api.search({ term: Array.from({ length: 21 }, () => 'w').join(' ') })).rejects.toMatchObject({ parameter: 'term' });
    await expect(api.search({ term: 'x', page: 0 })).rejects.toMatchObject({ parameter: 'page' });
    expect(seen).toHaveLength(0);
    await api.search({ term: 'x', limit: 300 });
    expect(seen[0]!.headers.has('authorization')).toBe(false);
  });

  it('reads and changes the settings with the credentials', async () => {
    const settings = {
      rules: ['bm25'],
      customRanking: [],
      synonyms: [],
      stopWords: [],
      typos: { minWordLengthForOneTypo: 4, minWordLengthForTwoTypos: 8, disableOnWords: [] },
    };
    const { api, seen } = client(() => Response.json(settings));
    await expect(api.settings.get()).resolves.toEqual(settings);
    await expect(api.settings.update({ stopWords: [], typos: { disableOnWords: ['api'] } })).resolves.toEqual(settings);
    expect(seen.map(route)).toEqual(['GET /v2/indices/key/settings', 'PATCH /v2/indices/key/settings']);
    expect(seen.every((r) => r.headers.get('authorization') === AUTH)).toBe(true);
    expect(seen[1]!.body).toEqual({ stopWords: [], typos: { disableOnWords: ['api'] } });
    await expect(api.settings.update([] as never)).rejects.toMatchObject({ parameter: 'settings' });
  });

  it('asks why with explain, sending the credentials only then', async () => {
    const { api, seen } = client(() => Response.json({ hits: [] }));
    await api.search({ term: 'x', explain: true });
    await api.search({ term: 'x', explain: false });
    expect(seen.map(route)).toEqual(['GET /v1/search/key?term=x&explain=true', 'GET /v1/search/key?term=x']);
    expect(seen[0]!.headers.get('authorization')).toBe(AUTH);
    expect(seen[1]!.headers.has('authorization')).toBe(false);
  });

  it('refuses indexing and crawl on a regional host before any request', async () => {
    const regional = { baseUrl: 'https://eu.example/', regionalUrls: ['https://eu.example', 'https://us.example'] };
    const { api, seen } = client(undefined, regional);
    for (const call of [() => api.indexBatch([{ id: '1' }]), () => api.crawl('https://s.example/'), () => api.getStatus('x')]) {
      await expect(call()).rejects.toMatchObject({ code: 'regional_host', parameter: 'baseUrl', status: 0 });
    }
    expect(seen).toHaveLength(0);
    const same = client(undefined, { baseUrl: 'https://eu.example', regionalUrl: 'https://eu.example' });
    await expect(same.api.deleteDocument('1')).rejects.toMatchObject({ code: 'regional_host' });
    // Search may go to a regional host.
    await client(() => Response.json({}), regional).api.search({ term: 'x' });
  });

  it('encodes non-ASCII credentials as UTF-8', async () => {
    const fake = fakeFetch(() => Response.json({}));
    await createIndexClient({ siteKey: 'clé', secret: 'pässwört✓', baseUrl: 'https://api.example', fetch: fake.fetcher }).getDocument('1');
    const encoded = fake.seen[0]!.headers.get('authorization')!.slice('Basic '.length);
    const bytes = Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0));
    expect(new TextDecoder().decode(bytes)).toBe('clé:pässwört✓');
  });

  it('refuses to be created without keys or base URL', () => {
    expect(() => createIndexClient({ siteKey: 'k', secret: '', baseUrl: 'https://a' })).toThrow(/secret/);
    expect(() => createIndexClient({ siteKey: '', secret: 's', baseUrl: 'https://a' })).toThrow(/siteKey/);
    expect(() => createIndexClient({ siteKey: 'k', secret: 's', baseUrl: '' })).toThrow(/baseUrl/);
  });
});
