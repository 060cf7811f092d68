import { request as httpsRequest } from 'node:https';
import { describe, expect, it } from 'vitest';
import type { SessionResponse } from '../../src/client/types.ts';
import { SESSION_LIFETIME_MS } from '../http/access.ts';
import { SIGN_IN_FAILURES } from '../http/signInLimit.ts';
import { selfSignedCert } from '../testing/selfSignedCert.ts';
import { DEMO_AUTH, getJson, TWO_INDICES, type TestService } from '../testing/service.ts';
import { servicesPerTest } from '../testing/servicesPerTest.ts';

const ADMIN_KEY = 'admin-key-of-the-session-tests-0123';

interface Signed {
  cookie: string;
  setCookie: string;
  body: SessionResponse;
}

function send(service: TestService, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Response> {
  return fetch(service.baseUrl + path, { method, headers, ...(body !== undefined && { body }) });
}

async function signIn(service: TestService, credentials: unknown): Promise<Signed> {
  const response = await send(service, 'POST', '/v2/session', { 'content-type': 'application/json' }, JSON.stringify(credentials));
  expect(response.status).toBe(200);
  const setCookie = response.headers.getSetCookie()[0]!;
  return { cookie: setCookie.split(';')[0]!, setCookie, body: (await response.json()) as SessionResponse };
}

/** The synonyms of the demo index, read with its secret. */
async function synonyms(service: TestService): Promise<unknown> {
  const answer = await getJson<{ synonyms: unknown }>(service, '/v2/indices/demo/settings', [], { headers: { authorization: DEMO_AUTH } });
  return answer.body.synonyms;
}

const PATCH = JSON.stringify({ synonyms: [['car', 'automobile']] });

describe('sessions', () => {
  const start = servicesPerTest();

  it('signs in with an index key and secret: an HttpOnly, SameSite=Strict cookie of bounded life, a CSRF token, the one index', async () => {
    const service = await start({ indices: TWO_INDICES });
    const { setCookie, cookie, body } = await signIn(service, { key: 'demo', secret: 'demo-secret' });
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).toMatch(new RegExp(`Max-Age=${SESSION_LIFETIME_MS / 1000}`));
    // Plain HTTP: a Secure cookie would not come back.
    expect(setCookie).not.toMatch(/Secure/i);
    expect(setCookie).not.toContain('demo-secret');
    expect(body.identity).toEqual({ kind: 'index', publicKey: 'demo' });
    expect(body.indices).toEqual([{ publicKey: 'demo' }]);
    expect(body.csrfToken.length).toBeGreaterThanOrEqual(32);

    const who = await send(service, 'GET', '/v2/session', { cookie });
    expect(await who.json()).toEqual(body);
    // Its index's routes take the cookie; the other index's refuse it.
    expect((await send(service, 'GET', '/v2/indices/demo/settings', { cookie })).status).toBe(200);
    expect((await send(service, 'GET', '/v2/indices/other/settings', { cookie })).status).toBe(403);
    // A cookie whose signature does not hold is no session.
    expect((await send(service, 'GET', '/v2/session', { cookie: `${cookie.slice(0, -2)}xx` })).status).toBe(401);

    expect((await send(service, 'DELETE', '/v2/session', { cookie, 'x-csrf-token': body.csrfToken })).status).toBe(204);
    expect((await send(service, 'GET', '/v2/session', { cookie })).status).toBe(401);
    expect((await send(service, 'GET', '/v2/indices/demo/settings', { cookie })).status).toBe(401);
  });

  it('signs in with the admin key: every index, and the index API', async () => {
    const service = await start({ indices: TWO_INDICES, adminKey: ADMIN_KEY });
    const { cookie, body } = await signIn(service, { adminKey: ADMIN_KEY });
    expect(body.identity).toEqual({ kind: 'admin' });
    expect(body.indices).toEqual([{ publicKey: 'demo' }, { publicKey: 'other' }]);
    expect((await send(service, 'GET', '/v2/indices', { cookie })).status).toBe(200);
    const made = await send(
      service,
      'POST',
      '/v2/indices',
      { cookie, 'x-csrf-token': body.csrfToken, 'content-type': 'application/json' },
      '{"publicKey":"third"}',
    );
    expect(made.status).toBe(201);
    // An index's own session is no admin.
    const owner = await signIn(service, { key: 'demo', secret: 'demo-secret' });
    expect((await send(service, 'GET', '/v2/indices', { cookie: owner.cookie })).status).toBe(403);
  });

  it('ends a session when its lifetime is over', async () => {
    let now = Date.UTC(2026, 0, 1);
    const service = await start({ clock: () => now });
    const { cookie } = await signIn(service, { key: 'demo', secret: 'demo-secret' });
    now += SESSION_LIFETIME_MS - 1;
    expect((await send(service, 'GET', '/v2/session', { cookie })).status).toBe(200);
    now += 1;
    expect((await send(service, 'GET', '/v2/session', { cookie })).status).toBe(401);
  });

  it('refuses wrong credentials, and holds back an address after too many failures, right ones included', async () => {
    const now = Date.UTC(2026, 0, 1);
    const service = await start({ adminKey: ADMIN_KEY, clock: () => now });
    const attempt = (credentials: unknown) => send(service, 'POST', '/v2/session', { 'content-type': 'application/json' }, JSON.stringify(credentials));
    expect((await attempt({ key: 'demo', secret: 'wrong' })).status).toBe(401);
    expect((await attempt({ key: 'nothing', secret: 'demo-secret' })).status).toBe(401);
    expect((await attempt({ adminKey: 'not the admin key' })).status).toBe(401);
    expect((await attempt({ key: 'demo' })).status).toBe(400);
    for (let i = 3; i < SIGN_IN_FAILURES.max; i++) expect((await attempt({ key: 'demo', secret: `wrong${i}` })).status).toBe(401);
    const held = await attempt({ key: 'demo', secret: 'demo-secret' });
    expect(held.status).toBe(429);
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('marks the cookie Secure under TLS', async () => {
    const tls = selfSignedCert();
    try {
      const service = await start({ tls: { cert: tls.cert, key: tls.key } });
      const url = service.baseUrl.replace('http:', 'https:');
      const setCookie = await new Promise<string>((resolve, reject) => {
        const call = httpsRequest(`${url}/v2/session`, { method: 'POST', ca: tls.cert, headers: { 'content-type': 'application/json' } }, (response) => {
          response.resume();
          resolve(String(response.headers['set-cookie']?.[0] ?? ''));
        });
        call.on('error', reject);
        call.end(JSON.stringify({ key: 'demo', secret: 'demo-secret' }));
      });
      expect(setCookie).toMatch(/; Secure/);
      expect(setCookie).toMatch(/HttpOnly/);
    } finally {
      tls.remove();
    }
  });
});

describe('CSRF: calls made with the session cookie', () => {
  const start = servicesPerTest();

  it('change nothing without the session token, with a wrong one, or from another origin', async () => {
    const service = await start({ allowedOrigins: ['https://owner.example'] });
    const { cookie, body } = await signIn(service, { key: 'demo', secret: 'demo-secret' });
    const json = { cookie, 'content-type': 'application/json' };
    const refused = [
      await send(service, 'PATCH', '/v2/indices/demo/settings', json, PATCH),
      await send(service, 'PATCH', '/v2/indices/demo/settings', { ...json, 'x-csrf-token': 'guessed' }, PATCH),
      await send(service, 'PATCH', '/v2/indices/demo/settings', { ...json, 'x-csrf-token': body.csrfToken, origin: 'https://evil.example' }, PATCH),
      // A page elsewhere posting a form at the service, the browser adding the cookie.
      await send(
        service,
        'POST',
        '/v2/indices/demo/documents/',
        { cookie, origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
        'url=https%3A%2F%2Fevil.example%2F&title=planted',
      ),
      // And a fetch from there, sending what JSON it likes.
      await send(
        service,
        'PUT',
        '/v2/indices/demo/documents/planted',
        { ...json, origin: 'https://evil.example' },
        '{"url":"https://evil.example/","title":"planted"}',
      ),
      // Sign-out too is a change.
      await send(service, 'DELETE', '/v2/session', { cookie, origin: 'https://evil.example' }),
    ];
    expect(refused.map((response) => response.status)).toEqual([403, 403, 403, 403, 403, 403]);
    expect(await synonyms(service)).toEqual([]);
    expect((await send(service, 'GET', '/v2/indices/demo/documents/planted', { authorization: DEMO_AUTH })).status).toBe(404);
    expect((await send(service, 'GET', '/v2/session', { cookie })).status).toBe(200);
  });

  it('change what they ask with the token, from the service itself, from an allowed origin, or with no Origin', async () => {
    const service = await start({ allowedOrigins: ['https://owner.example'] });
    const { cookie, body } = await signIn(service, { key: 'demo', secret: 'demo-secret' });
    const headers = { cookie, 'content-type': 'application/json', 'x-csrf-token': body.csrfToken };
    expect((await send(service, 'PATCH', '/v2/indices/demo/settings', { ...headers, origin: service.baseUrl }, PATCH)).status).toBe(200);
    expect(await synonyms(service)).toEqual([['car', 'automobile']]);
    expect((await send(service, 'PATCH', '/v2/indices/demo/settings', { ...headers, origin: 'https://owner.example' }, '{"synonyms":[]}')).status).toBe(200);
    expect((await send(service, 'PATCH', '/v2/indices/demo/settings', headers, PATCH)).status).toBe(200);
  });

  it('leave Basic auth as it was: no token needed, from any origin', async () => {
    const service = await start();
    const response = await send(
      service,
      'PATCH',
      '/v2/indices/demo/settings',
      { authorization: DEMO_AUTH, 'content-type': 'application/json', origin: 'https://elsewhere.example' },
      PATCH,
    );
    expect(response.status).toBe(200);
    expect(await synonyms(service)).toEqual([['car', 'automobile']]);
  });
});
