import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, StatsEvent, StoredStatsEventsResponse } from '../../src/client/types.ts';
import { DEMO_AUTH, getJson, putJson, startService, type TestService } from '../testing/service.ts';
import { storedStats } from '../testing/storedStats.ts';
import { signUserToken } from '../../src/node/userToken.ts';

// The service's clock: the time it stamps on events received.
const NOW = Date.parse('2026-05-01T12:00:00Z');

describe('POST /v1/stats/{key}', () => {
  let service: TestService;
  const stored = async () => storedStats(service.app.eventStores.get('demo'));

  const post = (body: string, type: string | null = 'application/json', path = '/v1/stats/demo', headers: Record<string, string> = {}) =>
    fetch(service.baseUrl + path, {
      method: 'POST',
      headers: { ...(type === null ? {} : { 'content-type': type }), ...headers },
      // Bytes: a string body would get text/plain from fetch itself.
      body: new TextEncoder().encode(body),
    });

  beforeAll(async () => {
    service = await startService({ clock: () => NOW });
    await putJson(service, '/v2/indices/demo/documents:batch', { documents: [{ id: 'a', title: 'Hello world' }] });
  });

  afterAll(async () => {
    await service.close();
    service.remove();
  });

  it('stores a search and a click event, as JSON or as sendBeacon text, with or without a trailing slash', async () => {
    const search: StatsEvent = { action: 'search', session: 's1', keyword: 'hello world', numberOfResults: 0, tag: 'docs' };
    const click: StatsEvent = { action: 'click', session: 's1', keyword: 'hello', docid: 'a', position: 1 };
    const before = (await stored()).length;
    const first = await post(JSON.stringify(search));
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({});
    expect((await post(JSON.stringify(click), 'text/plain;charset=UTF-8', '/v1/stats/demo/')).status).toBe(200);
    // Fields the API does not name are ignored.
    expect((await post(JSON.stringify({ ...click, position: 3, extra: true }), 'application/json; charset=utf-8')).status).toBe(200);
    expect((await stored()).slice(before)).toEqual([
      { source: 'stats', ...search },
      { source: 'stats', ...click },
      { source: 'stats', ...click, position: 3 },
    ]);
  });

  it('stores an event resent with the same eventId once', async () => {
    const before = (await stored()).length;
    const click: StatsEvent = { action: 'click', session: 's2', keyword: 'k', docid: 'a', position: 4, eventId: 'evt-1_A' };
    for (let i = 0; i < 3; i++) expect((await post(JSON.stringify(click), 'text/plain')).status).toBe(200);
    expect((await post(JSON.stringify({ ...click, eventId: 'evt-2' }))).status).toBe(200);
    expect((await stored()).slice(before)).toEqual([
      { source: 'stats', ...click },
      { source: 'stats', ...click, eventId: 'evt-2' },
    ]);
  });

  it('lists the stored events to the index owner only, oldest first, a page at a time', async () => {
    const auth = { headers: { authorization: DEMO_AUTH } };
    const all = await getJson<StoredStatsEventsResponse>(service, '/v2/indices/demo/stats/events', [['limit', '1000']], auth);
    expect(all.status).toBe(200);
    expect(all.body.events.length).toBe((await stored()).length);
    expect(all.body.events[0]).toMatchObject({ source: 'stats', action: 'search', keyword: 'hello world' });
    expect(Date.parse(all.body.events[0]!.received)).toBe(NOW);
    const page = await getJson<StoredStatsEventsResponse>(
      service,
      '/v2/indices/demo/stats/events',
      [
        ['after', '1'],
        ['limit', '1'],
      ],
      auth,
    );
    expect(page.body.events).toEqual([all.body.events[1]]);
    const mine = await getJson<StoredStatsEventsResponse>(
      service,
      '/v2/indices/demo/stats/events',
      [
        ['session', 's2'],
        ['limit', '1000'],
      ],
      auth,
    );
    expect(mine.body.events.length).toBeGreaterThan(0);
    expect(mine.body.events.every((event) => event.session === 's2')).toBe(true);
    expect(mine.body.events.length).toBeLessThan(all.body.events.length);
    expect((await getJson(service, '/v2/indices/demo/stats/events')).status).toBe(401);
    expect((await getJson(service, '/v2/indices/demo/stats/events', [['limit', '1001']], auth)).status).toBe(400);
  });

  it.each([
    ['after', '9223372036854775807'],
    ['after', '1e300'],
    ['after', '0x10'],
    ['limit', '1e2'],
  ])('answers %s=%s with a 400 that names the parameter', async (name, value) => {
    const answer = await getJson<ApiErrorBody>(service, '/v2/indices/demo/stats/events', [[name, value]], { headers: { authorization: DEMO_AUTH } });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'invalid_parameter', parameter: name });
  });

  it('answers CORS from any origin, without credentials', async () => {
    const preflight = await fetch(`${service.baseUrl}/v1/stats/demo`, {
      method: 'OPTIONS',
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    const event = JSON.stringify({ action: 'search', session: 's', keyword: 'k', numberOfResults: 2 });
    const answer = await post(event, 'text/plain', '/v1/stats/demo', { origin: 'https://shop.example' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
  });

  const bad: Array<[string, unknown, string]> = [
    ['no action', { session: 's', keyword: 'k', numberOfResults: 1 }, 'action'],
    ['an unknown action', { action: 'view', session: 's', keyword: 'k' }, 'action'],
    ['no session', { action: 'search', keyword: 'k', numberOfResults: 1 }, 'session'],
    ['an empty session', { action: 'search', session: '', keyword: 'k', numberOfResults: 1 }, 'session'],
    ['a session of 33 characters', { action: 'search', session: 'x'.repeat(33), keyword: 'k', numberOfResults: 1 }, 'session'],
    ['a numeric session', { action: 'search', session: 5, keyword: 'k', numberOfResults: 1 }, 'session'],
    ['no keyword', { action: 'search', session: 's', numberOfResults: 1 }, 'keyword'],
    ['no numberOfResults', { action: 'search', session: 's', keyword: 'k' }, 'numberOfResults'],
    ['a negative numberOfResults', { action: 'search', session: 's', keyword: 'k', numberOfResults: -1 }, 'numberOfResults'],
    ['a fractional numberOfResults', { action: 'search', session: 's', keyword: 'k', numberOfResults: 1.5 }, 'numberOfResults'],
    ['numberOfResults as text', { action: 'search', session: 's', keyword: 'k', numberOfResults: '3' }, 'numberOfResults'],
    ['a tag of 51 characters', { action: 'search', session: 's', keyword: 'k', numberOfResults: 1, tag: 't'.repeat(51) }, 'tag'],
    ['a click without docid', { action: 'click', session: 's', keyword: 'k', position: 1 }, 'docid'],
    ['a docid of 33 characters', { action: 'click', session: 's', keyword: 'k', docid: 'd'.repeat(33), position: 1 }, 'docid'],
    ['position 0', { action: 'click', session: 's', keyword: 'k', docid: 'a', position: 0 }, 'position'],
    ['position 1.5', { action: 'click', session: 's', keyword: 'k', docid: 'a', position: 1.5 }, 'position'],
    ['no position', { action: 'click', session: 's', keyword: 'k', docid: 'a' }, 'position'],
    ['an eventId with a space', { action: 'click', session: 's', keyword: 'k', docid: 'a', position: 1, eventId: 'a b' }, 'eventId'],
    ['an eventId of 65 characters', { action: 'search', session: 's', keyword: 'k', numberOfResults: 1, eventId: 'e'.repeat(65) }, 'eventId'],
    ['a numeric eventId', { action: 'search', session: 's', keyword: 'k', numberOfResults: 1, eventId: 7 }, 'eventId'],
    // PostgreSQL would keep NUL as U+FFFD: refused on every engine.
    ['NUL in the keyword', { action: 'search', session: 's', keyword: 'k\u0000', numberOfResults: 1 }, 'keyword'],
    ['NUL in the session', { action: 'search', session: 's\u0000', keyword: 'k', numberOfResults: 1 }, 'session'],
    ['NUL in the docid', { action: 'click', session: 's', keyword: 'k', docid: '\u0000', position: 1 }, 'docid'],
    ['NUL in the tag', { action: 'search', session: 's', keyword: 'k', numberOfResults: 1, tag: '\u0000' }, 'tag'],
  ];
  it.each(bad)('refuses %s with a 400 naming the field, storing nothing', async (_, body, field) => {
    const before = (await stored()).length;
    const answer = await post(JSON.stringify(body));
    expect(answer.status).toBe(400);
    const error = ((await answer.json()) as ApiErrorBody).error;
    expect(error).toMatchObject({ status: 400, code: 'invalid_body', parameter: field });
    expect(error.message).toContain(field);
    expect((await stored()).length).toBe(before);
  });

  it('refuses malformed JSON, a body that is not an object, other content types and unknown indices', async () => {
    const before = (await stored()).length;
    const cases: Array<[Promise<Response>, number, string]> = [
      [post('{"action": "search",'), 400, 'invalid_body'],
      [post('{"action": "search",', 'text/plain'), 400, 'invalid_body'],
      [post('[1, 2]'), 400, 'invalid_body'],
      [post('"search"'), 400, 'invalid_body'],
      [post('action=search', 'application/x-www-form-urlencoded'), 415, 'unsupported_media_type'],
      [post('{}', null), 415, 'unsupported_media_type'],
      [post(JSON.stringify({ action: 'search', session: 's', keyword: 'k', numberOfResults: 1 }), 'application/json', '/v1/stats/nope'), 404, 'not_found'],
      [post('{}', 'application/json', '/v1/stats/demo/extra'), 404, 'not_found'],
      [post(JSON.stringify({ action: 'search', session: 's', keyword: 'k'.repeat(1_100_000), numberOfResults: 1 })), 413, 'payload_too_large'],
      [post(JSON.stringify({ action: 'search', session: 's', keyword: 'k'.repeat(301), numberOfResults: 1 })), 400, 'invalid_body'],
    ];
    for (const [request, status, code] of cases) {
      const answer = await request;
      expect(answer.status).toBe(status);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(((await answer.json()) as ApiErrorBody).error).toMatchObject({ status, code });
    }
    const get = await getJson<ApiErrorBody>(service, '/v1/stats/demo');
    expect(get.status).toBe(405);
    expect((await stored()).length).toBe(before);
  });

  it('records searches made through the search endpoint unless collectAnalytics=false', async () => {
    const before = (await stored()).length;
    await getJson(service, '/v1/search/demo', [
      ['term', 'hello'],
      ['analyticsTag', 'header'],
      ['session', 'tracker-1'],
    ]);
    await getJson(service, '/v1/search/demo', [
      ['term', 'nothing matches this'],
      ['userToken', await signUserToken({ id: 'u'.repeat(40), secret: 'demo-secret' })],
    ]);
    await getJson(service, '/v1/search/demo', [['term', 'zzz']]);
    await getJson(service, '/v1/search/demo', [
      ['term', 'hidden'],
      ['collectAnalytics', 'false'],
    ]);
    await getJson(service, '/v1/search/demo', [
      ['term', 'x'],
      ['limit', '0'],
    ]);
    await service.app.eventStores.get('demo').flush();
    expect((await stored()).slice(before)).toEqual([
      { source: 'search', action: 'search', session: 'tracker-1', keyword: 'hello', numberOfResults: 1, tag: 'header' },
      { source: 'search', action: 'search', session: 'u'.repeat(32), keyword: 'nothing matches this', numberOfResults: 0 },
      { source: 'search', action: 'search', session: 'anonymous', keyword: 'zzz', numberOfResults: 0 },
    ]);
  });

  // With reader threads the queued searches are committed on a writer thread of their own.
  it.each([0, 1])('keeps events across a restart; queued search events are committed on close (%i reader threads)', async (searchThreads) => {
    const first = await startService({ searchThreads });
    await fetch(`${first.baseUrl}/v1/stats/demo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: DEMO_AUTH },
      body: JSON.stringify({ action: 'click', session: 's', keyword: 'k', docid: 'd', position: 2 }),
    });
    await getJson(first, '/v1/search/demo', [['term', 'queued']]);
    await first.close();
    const second = await startService({ dataDir: first.dataDir });
    try {
      expect(await storedStats(second.app.eventStores.get('demo'))).toEqual([
        { source: 'stats', action: 'click', session: 's', keyword: 'k', docid: 'd', position: 2 },
        { source: 'search', action: 'search', session: 'anonymous', keyword: 'queued', numberOfResults: 0 },
      ]);
    } finally {
      await second.close();
      second.remove();
    }
  });

  it('takes events only from the listed origins once statsAllowedOrigins is set (each index may list its own), and those without Origin', async () => {
    const listed = await startService({
      statsAllowedOrigins: ['https://docs.example'],
      indices: [
        { publicKey: 'demo', secret: 'demo-secret' },
        { publicKey: 'blog', secret: 'blog-secret', statsAllowedOrigins: ['https://blog.example'] },
      ],
    });
    try {
      const send = (key: string, session: string, origin?: string) =>
        fetch(`${listed.baseUrl}/v1/stats/${key}`, {
          method: 'POST',
          // What sendBeacon and fetch with mode 'no-cors' send from another site's page.
          headers: { 'content-type': 'text/plain', ...(origin !== undefined && { origin }) },
          body: JSON.stringify({ action: 'click', session, keyword: 'hello', docid: 'a', position: 1 }),
        });
      const refused = await send('demo', 'forged', 'https://evil.example');
      expect(refused.status).toBe(403);
      expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
      expect(((await refused.json()) as ApiErrorBody).error).toMatchObject({ status: 403, code: 'origin_not_allowed' });
      expect((await send('demo', 'sandboxed', 'null')).status).toBe(403);
      expect((await send('demo', 'page', 'https://docs.example')).status).toBe(200);
      expect((await send('demo', 'server')).status).toBe(200);
      expect((await send('blog', 'other-site', 'https://docs.example')).status).toBe(403);
      expect((await send('blog', 'page', 'https://blog.example')).status).toBe(200);
      expect((await storedStats(listed.app.eventStores.get('demo'))).map((event) => event.session)).toEqual(['page', 'server']);
      expect((await storedStats(listed.app.eventStores.get('blog'))).map((event) => event.session)).toEqual(['page']);
    } finally {
      await listed.close();
      listed.remove();
    }
  });

  it('limits the events of one address, apart from the search limit', async () => {
    const limited = await startService({ clock: () => NOW, statsRateLimit: { max: 5, windowMs: 3_600_000 } });
    try {
      const statuses: number[] = [];
      let refused: Response | null = null;
      for (let i = 0; i < 12; i++) {
        const response = await fetch(`${limited.baseUrl}/v1/stats/demo`, {
          method: 'POST',
          headers: { 'content-type': 'text/plain' },
          body: JSON.stringify({ action: 'search', session: `s${i}`, keyword: 'k', numberOfResults: 1 }),
        });
        statuses.push(response.status);
        if (response.status === 429) refused ??= response;
      }
      // Twelve requests may straddle two windows: at most ten get through.
      expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(10);
      expect(refused).not.toBeNull();
      expect(refused!.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(refused!.headers.get('x-rate-limit-limit')).toBe('5');
      expect(((await refused!.json()) as ApiErrorBody).error.code).toBe('rate_limited');
      expect((await storedStats(limited.app.eventStores.get('demo'))).length).toBe(statuses.filter((status) => status === 200).length);
      // Searches keep their own limit (none here).
      expect((await getJson(limited, '/v1/search/demo', [['term', 'k']])).status).toBe(200);
    } finally {
      await limited.close();
      limited.remove();
    }
  });
});
