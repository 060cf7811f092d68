import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, RecommendationEvent, RecommendationsResponse } from '../../src/client/types.ts';
import { buildApp } from '../app.ts';
import { basicAuth, DEMO_AUTH, getJson, putJson, startService, type TestService } from '../testing/service.ts';

const BATCH = '/v2/indices/demo/recommendations-datasets/carts/events:batch';

/** Carts: shoes with socks three times, with laces twice, with a hat once. */
const EVENTS: RecommendationEvent[] = [
  ...['t1', 't2', 't3'].flatMap((t) => [
    { transaction: t, item: 'shoes', time: '2024-05-01' },
    { transaction: t, item: 'socks', time: '2024-05-01T10:00:00Z' },
  ]),
  { transaction: 't1', item: 'laces', time: '2024-05-01T10:00:00+02:00' },
  { transaction: 't4', item: 'laces', time: '2024-05-02T08:00:00' },
  { transaction: 't4', item: 'shoes', time: '2024-05-02' },
  { transaction: 't5', item: 'hat', time: '2024-05-03' },
  { transaction: 't5', item: 'shoes', time: '2024-05-03' },
  // Not a document: skipped in the answer.
  { transaction: 't5', item: 'gift-card', time: '2024-05-03' },
  { transaction: 't6', item: 'gift-card', time: '2024-05-03' },
  { transaction: 't6', item: 'shoes', time: '2024-05-03' },
];

function postEvents(service: TestService, body: unknown, init: { auth?: string | null; type?: string; path?: string } = {}) {
  const auth = init.auth === undefined ? DEMO_AUTH : init.auth;
  return fetch(service.baseUrl + (init.path ?? BATCH), {
    method: 'POST',
    headers: { 'content-type': init.type ?? 'application/json', ...(auth === null ? {} : { authorization: auth }) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe('recommendations', () => {
  let service: TestService;
  const stored = async () => (await service.app.eventStores.get('demo').counts()).recommendationEvents;

  beforeAll(async () => {
    service = await startService({
      recommendations: {
        byId: { dataset: 'carts' },
        bySku: { dataset: 'carts', itemField: 'sku', maxHits: 1 },
      },
    });
    await putJson(service, '/v2/indices/demo/documents:batch', {
      documents: ['shoes', 'socks', 'laces', 'hat'].map((name) => ({
        id: `doc-${name}`,
        url: `https://shop.example/p/${name}.html`,
        title: `Our ${name}`,
        main_content: `All about ${name}.`,
        thumbnail_external_src: `https://shop.example/img/${name}.png`,
        custom_fields: { sku: name },
      })),
    });
    await putJson(service, '/v2/indices/demo/documents:batch', {
      documents: ['shoes', 'socks', 'laces', 'hat'].map((name) => ({ id: name, title: `${name} by id` })),
    });
  });

  afterAll(async () => {
    await service.close();
    service.remove();
  });

  it('stores events with Basic auth and answers 200; a resent batch changes nothing', async () => {
    const answer = await postEvents(service, { events: EVENTS });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ events: EVENTS.length });
    expect(await stored()).toBe(EVENTS.length);
    expect((await postEvents(service, { events: EVENTS })).status).toBe(200);
    expect(await stored()).toBe(EVENTS.length);
  });

  it('answers the items seen most often with an item, as hits, most likely first', async () => {
    const answer = await getJson<RecommendationsResponse>(service, '/v1/recommendations/demo', [
      ['configurationKey', 'byId'],
      ['ItemId', 'shoes'],
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.total_hits).toBe(3);
    expect(typeof answer.body.processing_time_ms).toBe('number');
    expect(answer.body.hits.map((h) => [h.id, h.score])).toEqual([
      ['socks', 3 / 6],
      ['laces', 2 / 6],
      ['hat', 1 / 6],
    ]);
    const hit = answer.body.hits[0]!;
    expect(hit).toMatchObject({ type: 'viewed_together', title: 'socks by id', images: { main: null, capture: null } });
    expect(Object.keys(hit.images)).toEqual(['main', 'capture']);
  });

  it('resolves items through a custom field and keeps to maxHits', async () => {
    const answer = await getJson<RecommendationsResponse>(service, '/v1/recommendations/demo', [
      ['configurationKey', 'bySku'],
      ['ItemId', 'laces'],
    ]);
    expect(answer.body.hits.map((h) => h.id)).toEqual(['doc-shoes']);
    expect(answer.body.hits[0]).toMatchObject({ url: 'https://shop.example/p/shoes.html', images: { main: 'https://shop.example/img/shoes.png' } });
    const cors = await fetch(`${service.baseUrl}/v1/recommendations/demo?configurationKey=byId&ItemId=hat`, {
      headers: { origin: 'https://shop.example' },
    });
    expect(cors.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers no hits for an unknown item, and clear errors for configurations and parameters', async () => {
    const none = await getJson<RecommendationsResponse>(service, '/v1/recommendations/demo', [
      ['configurationKey', 'byId'],
      ['ItemId', 'never-seen'],
    ]);
    expect(none.body).toMatchObject({ total_hits: 0, hits: [] });
    const cases: Array<[Array<[string, string]>, number, string, string]> = [
      [[['ItemId', 'shoes']], 400, 'invalid_parameter', 'configurationKey'],
      [[['configurationKey', 'byId']], 400, 'invalid_parameter', 'ItemId'],
      [
        [
          ['configurationKey', 'nope'],
          ['ItemId', 'shoes'],
        ],
        404,
        'not_found',
        'configurationKey',
      ],
      [
        [
          ['configurationKey', 'byId'],
          ['ItemId', 'x'.repeat(513)],
        ],
        400,
        'invalid_parameter',
        'ItemId',
      ],
      // PostgreSQL takes no NUL: refused on every engine.
      [
        [
          ['configurationKey', 'byId'],
          ['ItemId', 'shoes\u0000'],
        ],
        400,
        'invalid_parameter',
        'ItemId',
      ],
    ];
    for (const [params, status, code, parameter] of cases) {
      const answer = await getJson<ApiErrorBody>(service, '/v1/recommendations/demo', params);
      expect(answer.status).toBe(status);
      expect(answer.body.error).toMatchObject({ status, code, parameter });
    }
    const unknownIndex = await getJson<ApiErrorBody>(service, '/v1/recommendations/nope', [
      ['configurationKey', 'byId'],
      ['ItemId', 'a'],
    ]);
    expect(unknownIndex.status).toBe(404);
  });

  it('refuses writes without or with wrong credentials, bad bodies and bad events, storing nothing', async () => {
    const before = await stored();
    const good = { events: [{ transaction: 'new', item: 'shoes', time: '2024-06-01' }] };
    const cases: Array<[Promise<Response>, number, string, string | undefined]> = [
      [postEvents(service, good, { auth: null }), 401, 'unauthorized', undefined],
      [postEvents(service, good, { auth: basicAuth('demo', 'wrong') }), 401, 'unauthorized', undefined],
      [postEvents(service, good, { type: 'text/plain' }), 415, 'unsupported_media_type', undefined],
      [postEvents(service, '{"events": [', {}), 400, 'invalid_body', undefined],
      [postEvents(service, { items: [] }), 400, 'invalid_body', 'events'],
      [postEvents(service, { events: {} }), 400, 'invalid_body', 'events'],
      [postEvents(service, good, { path: '/v2/indices/demo/recommendations-datasets/bad%20name/events:batch' }), 400, 'invalid_parameter', 'dataset_name'],
      [postEvents(service, good, { path: '/v2/indices/nope/recommendations-datasets/carts/events:batch' }), 404, 'not_found', undefined],
      [
        postEvents(service, {
          events: [
            { transaction: 'new', item: 'shoes', time: '2024-06-01' },
            { transaction: 'new', item: 'socks', time: 'yesterday' },
            { transaction: 'new', item: 5, time: '2024-06-01' },
            { transaction: 'new', time: '2024-06-01' },
            'not an event',
            { transaction: 'x'.repeat(513), item: 'a', time: '2024-06-01' },
            { transaction: 'new', item: 'a', time: '1717200000000' },
            { transaction: 'new', item: 'a\u0000', time: '2024-06-01' },
          ],
        }),
        400,
        'invalid_body',
        'events',
      ],
    ];
    for (const [request, status, code, parameter] of cases) {
      const answer = await request;
      expect(answer.status).toBe(status);
      const error = ((await answer.json()) as ApiErrorBody).error;
      expect(error).toMatchObject({ status, code, ...(parameter !== undefined && { parameter }) });
      if (status === 401) expect(answer.headers.get('www-authenticate')).toBe('Basic realm="site-search"');
      if (error.errors !== undefined) {
        expect(error.errors.map((e) => [e.position, e.parameter])).toEqual([
          [1, 'time'],
          [2, 'item'],
          [3, 'item'],
          [4, undefined],
          [5, 'transaction'],
          [6, 'time'],
          [7, 'item'],
        ]);
      }
    }
    expect(await stored()).toBe(before);
  });

  it('refuses a bad configuration at start', async () => {
    const dataDir = '/tmp/site-search-never-created';
    await expect(buildApp({ dataDir, recommendations: { c: { dataset: 'has space' } } })).rejects.toThrow(/recommendations\.c\.dataset/);
    await expect(buildApp({ dataDir, recommendations: { c: { dataset: 'd', maxHits: 0 } } })).rejects.toThrow(/maxHits/);
  });
});
