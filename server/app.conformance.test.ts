import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, SearchResponse } from '../src/client/types.ts';
import { buildApp } from './app.ts';
import { DEMO_AUTH, getJson, putJson, startService, type TestService } from './testing/service.ts';

const ALLOWED = 'https://admin.example.com';

describe('the app', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startService({ allowedOrigins: [ALLOWED] });
    await putJson(service, '/v2/indices/demo/documents:batch', { documents: [{ id: 'a', title: 'Hello world' }] });
  });

  afterAll(async () => {
    await service.close();
    service.remove();
  });

  describe('CORS', () => {
    it('lets any origin call search, suggest and autocomplete', async () => {
      for (const path of ['/v1/search/demo?term=hello', '/v1/suggest/demo?term=hel', '/v1/autocomplete/document-field/demo?term=a&source=custom_fields.x']) {
        const response = await fetch(service.baseUrl + path, { headers: { origin: 'https://any.example.net' } });
        expect(response.status).toBe(200);
        expect(response.headers.get('access-control-allow-origin')).toBe('*');
      }
    });

    it('answers a preflight for the public endpoints from any origin', async () => {
      const response = await fetch(`${service.baseUrl}/v1/search/demo?term=x`, {
        method: 'OPTIONS',
        headers: { origin: 'https://any.example.net', 'access-control-request-method': 'GET' },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
    });

    it('lets only configured origins call the authenticated endpoints', async () => {
      const preflight = (origin: string) =>
        fetch(`${service.baseUrl}/v2/indices/demo/documents:batch`, {
          method: 'OPTIONS',
          headers: {
            origin,
            'access-control-request-method': 'PUT',
            'access-control-request-headers': 'authorization,content-type',
          },
        });
      const allowed = await preflight(ALLOWED);
      expect(allowed.status).toBe(204);
      expect(allowed.headers.get('access-control-allow-origin')).toBe(ALLOWED);
      expect(allowed.headers.get('access-control-allow-methods')).toContain('PUT');
      expect(allowed.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
      const stranger = await preflight('https://evil.example.net');
      expect(stranger.headers.get('access-control-allow-origin')).toBeNull();

      const put = await fetch(`${service.baseUrl}/v2/indices/demo/documents:batch`, {
        method: 'PUT',
        headers: { origin: 'https://evil.example.net', authorization: DEMO_AUTH, 'content-type': 'application/json' },
        body: JSON.stringify({ documents: [] }),
      });
      expect(put.headers.get('access-control-allow-origin')).toBeNull();
      const allowedPut = await fetch(`${service.baseUrl}/v2/indices/demo/documents:batch`, {
        method: 'PUT',
        headers: { origin: ALLOWED, authorization: DEMO_AUTH, 'content-type': 'application/json' },
        body: JSON.stringify({ documents: [] }),
      });
      expect(allowedPut.status).toBe(202);
      expect(allowedPut.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    });

    it('lets only configured origins send credentials to the public endpoints, as an explained search does', async () => {
      const preflight = (origin: string) =>
        fetch(`${service.baseUrl}/v1/search/demo?term=hello&explain=true`, {
          method: 'OPTIONS',
          headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization,x-trace' },
        });
      const allowHeaders = (response: Response) => (response.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(/\s*,\s*/);
      const stranger = await preflight('https://evil.example.net');
      expect(stranger.status).toBe(204);
      expect(stranger.headers.get('access-control-allow-origin')).toBe('*');
      expect(allowHeaders(stranger)).toEqual(['x-trace']);
      const owner = await preflight(ALLOWED);
      expect(owner.headers.get('access-control-allow-origin')).toBe(ALLOWED);
      expect(allowHeaders(owner)).toContain('authorization');

      // A browser that skips the preflight (credentials it keeps for the service) is refused by the route.
      const explain = (origin: string | null, params = '') =>
        fetch(`${service.baseUrl}/v1/search/demo?term=hello&explain=true${params}`, {
          headers: { authorization: DEMO_AUTH, ...(origin !== null && { origin }) },
        });
      const refused = await explain('https://evil.example.net');
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as ApiErrorBody).error).toMatchObject({ status: 403, code: 'origin_not_allowed' });
      const allowed = await explain(ALLOWED);
      expect(allowed.status).toBe(200);
      expect(allowed.headers.get('access-control-allow-origin')).toBe(ALLOWED);
      expect(((await allowed.json()) as SearchResponse).hits[0]?._rankingDetails).toBeDefined();
      expect((await explain(null)).status).toBe(200);
      // JSONP is read by a script tag of any page, which sends no Origin: never with explain.
      const jsonp = await explain(null, '&jsonp=show');
      expect(jsonp.status).toBe(400);
      expect(((await jsonp.json()) as ApiErrorBody).error).toMatchObject({ code: 'invalid_parameter', parameter: 'jsonp' });
      // A visitor's search from any origin is as before.
      const visitor = await fetch(`${service.baseUrl}/v1/search/demo?term=hello&jsonp=show`, { headers: { origin: 'https://evil.example.net' } });
      expect(visitor.status).toBe(200);
    });

    it('keeps CORS headers on error answers of public endpoints', async () => {
      const response = await fetch(`${service.baseUrl}/v1/search/demo?limit=0`, { headers: { origin: 'https://x.example' } });
      expect(response.status).toBe(400);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
    });
  });

  describe('unknown routes and methods', () => {
    it('answers 404 JSON for an unknown path', async () => {
      const answer = await getJson<ApiErrorBody>(service, '/v1/nothing-here');
      expect(answer.status).toBe(404);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(answer.body.error).toMatchObject({ status: 404, code: 'not_found' });
      expect((await getJson(service, '/')).status).toBe(404);
      expect((await getJson(service, '/v1/search/demo/extra', [['term', 'x']])).status).toBe(404);
    });

    it('answers 405 with Allow for a known path and a method it lacks', async () => {
      const search = await fetch(`${service.baseUrl}/v1/search/demo?term=x`, { method: 'POST' });
      expect(search.status).toBe(405);
      expect(search.headers.get('allow')).toBe('GET, HEAD');
      expect(((await search.json()) as ApiErrorBody).error).toMatchObject({ status: 405, code: 'method_not_allowed' });
      const batch = await fetch(`${service.baseUrl}/v2/indices/demo/documents:batch`, { method: 'GET' });
      expect(batch.status).toBe(405);
      expect(batch.headers.get('allow')).toBe('PUT');
      const document = await fetch(`${service.baseUrl}/v2/indices/demo/documents/abc`, { method: 'PATCH' });
      expect(document.status).toBe(405);
    });

    it('answers HEAD like GET without a body', async () => {
      const response = await fetch(`${service.baseUrl}/v1/search/demo?term=hello`, { method: 'HEAD' });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('');
    });
  });
});

describe('durability', () => {
  it('keeps documents and field types across a restart on the same folder', async () => {
    const first = await startService();
    const write = await putJson(first, '/v2/indices/demo/documents:batch', {
      documents: [{ id: 'kept', title: 'Persistent penguin', main_content: 'Still here after a restart.', custom_fields: { size: 3 } }],
    });
    expect(write.status).toBe(202);
    await first.close();

    const second = await startService({ dataDir: first.dataDir });
    try {
      const found = await getJson<SearchResponse>(second, '/v1/search/demo', [['term', 'penguin']]);
      expect(found.body.hits.map((h) => h.id)).toEqual(['kept']);
      expect(found.body.hits[0]!.highlight).toBe('Still here after a restart.');
      const suggestions = await getJson<{ suggestions: Array<{ value: string }> }>(second, '/v1/suggest/demo', [['term', 'pers']]);
      expect(suggestions.body.suggestions[0]!.value).toBe('Persistent');
      const conflict = await putJson(second, '/v2/indices/demo/documents:batch', {
        documents: [{ id: 'other', custom_fields: { size: 'large' } }],
      });
      expect(conflict.status).toBe(400);
      expect(((await conflict.json()) as ApiErrorBody).error.code).toBe('custom_field_type_conflict');
    } finally {
      await second.close();
      second.remove();
    }
  });
});

describe('buildApp options', () => {
  it('rejects bad index keys, duplicates, empty secrets and bad origins', async () => {
    const dataDir = '/tmp/site-search-never-created';
    await expect(buildApp({ dataDir, indices: [{ publicKey: 'a/b', secret: 's' }] })).rejects.toThrow(
      /^indices\[0\]\.publicKey must be 1 to 64 letters, digits, _ or -$/,
    );
    await expect(
      buildApp({
        dataDir,
        indices: [
          { publicKey: 'a', secret: 's' },
          { publicKey: 'a', secret: 't' },
        ],
      }),
    ).rejects.toThrow(/listed twice/);
    await expect(buildApp({ dataDir, indices: [{ publicKey: 'a', secret: '' }] })).rejects.toThrow(/secret/);
    await expect(buildApp({ dataDir, allowedOrigins: ['https://a.example/'] })).rejects.toThrow(/^allowedOrigins\[0\] must be an origin/);
    await expect(buildApp({ dataDir, rateLimit: { max: 0 } })).rejects.toThrow(/^rateLimit\.max must be an integer of at least 1$/);
    await expect(buildApp({ dataDir, overload: { maxInFlight: 0 } })).rejects.toThrow(/^overload\.maxInFlight must be an integer from 1 to 3600000$/);
  });
});
