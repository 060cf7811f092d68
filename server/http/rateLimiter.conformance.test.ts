import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../src/client/types.ts';
import { getJson, startService, type TestService } from '../testing/service.ts';

// The services' clock: every call falls in one window, and its reset is known.
const NOW = Date.parse('2026-05-01T12:00:00Z');
const clock = () => NOW;

describe('rate limits', () => {
  let service: TestService;

  // A long window: six calls in a row always fall in the same one.
  beforeAll(async () => {
    service = await startService({ clock, rateLimit: { max: 5, windowMs: 3_600_000 } });
  });

  afterAll(async () => {
    await service.close();
    service.remove();
  });

  it('counts search calls per IP, with X-Rate-Limit-* headers, then answers 429 with Retry-After', async () => {
    const remaining: Array<string | null> = [];
    let reset = '';
    for (let i = 0; i < 5; i++) {
      const answer = await getJson(service, '/v1/search/demo', [['term', `t${i}`]]);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-rate-limit-limit')).toBe('5');
      remaining.push(answer.headers.get('x-rate-limit-remaining'));
      reset = answer.headers.get('x-rate-limit-reset') ?? '';
    }
    expect(remaining).toEqual(['4', '3', '2', '1', '0']);
    expect(Number(reset)).toBeGreaterThan(NOW / 1000);
    expect(Number(reset)).toBeLessThanOrEqual(NOW / 1000 + 3600);

    const over = await getJson<ApiErrorBody>(service, '/v1/search/demo', [['term', 'more']], { headers: { origin: 'https://a.example' } });
    expect(over.status).toBe(429);
    expect(over.body.error).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(over.headers.get('x-rate-limit-remaining')).toBe('0');
    expect(over.headers.get('x-rate-limit-reset')).toBe(reset);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // A page can read the 429.
    expect(over.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('counts suggest and autocomplete apart from search, and leaves other endpoints alone', async () => {
    for (let i = 0; i < 5; i++) expect((await getJson(service, '/v1/suggest/demo', [['term', 'a']])).status).toBe(200);
    expect((await getJson(service, '/v1/suggest/demo', [['term', 'a']])).status).toBe(429);
    const autocomplete = await getJson(service, '/v1/autocomplete/document-field/demo', [
      ['term', 'a'],
      ['source', 'custom_fields.x'],
    ]);
    expect(autocomplete.status).toBe(200);
    expect(autocomplete.headers.get('x-rate-limit-remaining')).toBe('4');
    for (let i = 0; i < 10; i++) expect((await getJson(service, '/health')).status).toBe(200);
    const health = await getJson(service, '/health');
    expect(health.headers.get('x-rate-limit-limit')).toBeNull();
  });

  it('counts every spelling of a limited path that reaches the route against the same limit', async () => {
    const own = await startService({ clock, rateLimit: { max: 2, windowMs: 3_600_000 } });
    try {
      for (let i = 0; i < 2; i++) expect((await rawGet(own, '/v1/search/demo?term=a')).status).toBe(200);
      const spellings = [
        '/v1/%73earch/demo?term=a',
        '/v1/%73%65%61%72%63%68/demo?term=a',
        '/v1/search/%64emo?term=a',
        '//v1/search/demo?term=a',
        '/v1//search/demo?term=a',
        '/V1/SEARCH/demo?term=a',
        '/v1/search/demo/?term=a',
        '/v1/search/demo;x?term=a',
        '/v1/./search/demo?term=a',
        '/v1/x/../search/demo?term=a',
      ];
      for (const path of spellings) {
        const answer = await rawGet(own, path);
        // Either the router does not take it for the search route at all, or it is counted.
        expect([404, 429], path).toContain(answer.status);
        expect(answer.body, path).toMatch(/^\{"error":/);
      }
      // The spelling the attacker's review used is served by the search route, so it is the one that must be counted.
      const fresh = await startService({ clock, rateLimit: { max: 2, windowMs: 3_600_000 } });
      try {
        const statuses = [];
        for (let i = 0; i < 4; i++) statuses.push((await rawGet(fresh, '/v1/%73earch/demo?term=a')).status);
        expect(statuses).toEqual([200, 200, 429, 429]);
        expect((await rawGet(fresh, '/v1/search/demo?term=a')).status).toBe(429);
      } finally {
        await fresh.close();
        fresh.remove();
      }
    } finally {
      await own.close();
      own.remove();
    }
  });

  it('limits recommendations per address like search', async () => {
    const own = await startService({ clock, rateLimit: { max: 5, windowMs: 3_600_000 }, recommendations: { views: { dataset: 'views' } } });
    try {
      const statuses = [];
      for (let i = 0; i < 6; i++)
        statuses.push(
          (
            await getJson(own, '/v1/recommendations/demo', [
              ['configurationKey', 'views'],
              ['ItemId', 'kettle'],
            ])
          ).status,
        );
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await own.close();
      own.remove();
    }
  });

  it('counts the addresses of one IPv6 /64 as one client on every limited endpoint, and another /64 apart', async () => {
    const own = await startService({ clock, rateLimit: { max: 5, windowMs: 3_600_000 }, statsRateLimit: { max: 5, windowMs: 3_600_000 } });
    try {
      const event = JSON.stringify({ action: 'search', session: 's', keyword: 'k', numberOfResults: 1 });
      const paths: Array<[string, 'GET' | 'POST']> = [
        ['/v1/search/demo?term=a', 'GET'],
        ['/v1/suggest/demo?term=a', 'GET'],
        ['/v1/autocomplete/document-field/demo?term=a&source=custom_fields.x', 'GET'],
        ['/v1/stats/demo', 'POST'],
      ];
      for (const [url, method] of paths) {
        const send = (remoteAddress: string) =>
          own.app.inject({ method, url, remoteAddress, ...(method === 'POST' && { payload: event, headers: { 'content-type': 'application/json' } }) });
        const statuses = [];
        for (let i = 1; i <= 6; i++) statuses.push((await send(`2001:db8:1:2::${i}`)).statusCode);
        expect(statuses, url).toEqual([200, 200, 200, 200, 200, 429]);
        expect((await send('2001:db8:1:3::1')).statusCode, url).toBe(200);
      }
    } finally {
      await own.close();
      own.remove();
    }
  });

  it('limits to 5 per second by default and can be turned off', async () => {
    const limited = await startService({ clock, rateLimit: undefined });
    const open = await startService({ clock, rateLimit: false });
    try {
      const burst = (s: TestService) => Promise.all(Array.from({ length: 12 }, () => fetch(`${s.baseUrl}/v1/search/demo?term=x`).then((r) => r.status)));
      const statuses = await burst(limited);
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
      expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(5);
      expect(await burst(open)).toEqual(Array(12).fill(200));
    } finally {
      for (const s of [limited, open]) {
        await s.close();
        s.remove();
      }
    }
  });
});

/** A GET whose path goes on the wire exactly as written (fetch would normalise dots and case of escapes). */
function rawGet(service: TestService, path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(service.baseUrl);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: hostname, port, path, method: 'GET' }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end();
  });
}
