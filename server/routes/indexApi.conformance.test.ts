import { describe, expect, it } from 'vitest';
import type { CreateIndexResponse, IndexListResponse, RotateSecretResponse } from '../../src/client/types.ts';
import { basicAuth, DEMO_AUTH, getJson, putJson, sendJson, startService, type TestService } from '../testing/service.ts';
import { servicesPerTest } from '../testing/servicesPerTest.ts';
import { signUserToken } from '../../src/node/userToken.ts';

const ADMIN_KEY = 'admin-key-of-the-tests-0123456789';
const ADMIN = `Bearer ${ADMIN_KEY}`;

async function create(service: TestService, publicKey: string): Promise<CreateIndexResponse> {
  const response = await sendJson(service, 'POST', '/v2/indices', { publicKey }, ADMIN);
  expect(response.status).toBe(201);
  return (await response.json()) as CreateIndexResponse;
}

async function searchUrls(service: TestService, key: string, term: string): Promise<string[]> {
  const answer = await getJson<{ hits: Array<{ url: string }> }>(service, `/v1/search/${key}`, [['term', term]]);
  expect(answer.status).toBe(200);
  return answer.body.hits.map((hit) => hit.url);
}

function putPage(service: TestService, key: string, auth: string): Promise<Response> {
  return putJson(
    service,
    `/v2/indices/${key}/documents/a`,
    { url: 'https://example.com/a', title: 'Lighthouse keeping', main_content: 'lamps and lenses' },
    auth,
  );
}

describe('the index API (admin key)', () => {
  const start = servicesPerTest();

  it('is off without an admin key, and refuses a wrong one or an index secret', async () => {
    const off = await start();
    expect((await sendJson(off, 'GET', '/v2/indices', undefined, ADMIN)).status).toBe(403);
    const on = await start({ adminKey: ADMIN_KEY });
    expect((await sendJson(on, 'GET', '/v2/indices', undefined, 'Bearer not-the-admin-key-at-all')).status).toBe(401);
    expect((await sendJson(on, 'GET', '/v2/indices', undefined, DEMO_AUTH)).status).toBe(401);
    expect((await sendJson(on, 'GET', '/v2/indices', undefined, null)).status).toBe(401);
    expect((await sendJson(on, 'POST', '/v2/indices', { publicKey: 'x' }, null)).status).toBe(401);
  });

  it("verifies user tokens signed with an API-made index's secret, which it keeps only as a hash, and stops the old ones at a rotation", async () => {
    const now = Date.UTC(2026, 5, 1, 12);
    const service = await start({ adminKey: ADMIN_KEY, clock: () => now });
    const made = await create(service, 'site3');
    expect((await putPage(service, 'site3', basicAuth('site3', made.secret))).status).toBeLessThan(300);
    const search = (userToken: string) =>
      getJson(service, '/v1/search/site3', [
        ['term', 'lamps'],
        ['session', 'visit-1'],
        ['userToken', userToken],
      ]);
    const signed = await signUserToken({ id: 'user-42', secret: made.secret, now });
    expect((await search(signed)).status).toBe(200);
    // The click shapes the user's profile: the token was taken as the user's, not refused or ignored.
    const click = { action: 'click', session: 'visit-1', keyword: 'lamps', docid: 'a', position: 1, userToken: signed };
    expect((await sendJson(service, 'POST', '/v1/stats/site3', click, null)).status).toBe(200);
    const forgotten = await sendJson(service, 'DELETE', '/v2/indices/site3/users/user-42', undefined, basicAuth('site3', made.secret));
    expect(((await forgotten.json()) as { forgotten: boolean }).forgotten).toBe(true);
    // No one signs for it with an empty secret, or with another index's.
    expect((await search(await signUserToken({ id: 'user-42', secret: '', now }))).status).toBe(400);
    expect((await search(await signUserToken({ id: 'user-42', secret: 'demo-secret', now }))).status).toBe(400);
    const rotated = await sendJson(service, 'POST', '/v2/indices/site3/secret', undefined, ADMIN);
    const { secret } = (await rotated.json()) as RotateSecretResponse;
    expect((await search(signed)).status).toBe(400);
    expect((await search(await signUserToken({ id: 'user-42', secret, now }))).status).toBe(200);
  });

  it('makes an index searchable at once, lists it without secrets, and keeps it over a restart', async () => {
    const service = await start({ adminKey: ADMIN_KEY });
    const made = await create(service, 'site2');
    expect(made.publicKey).toBe('site2');
    expect(made.secret.length).toBeGreaterThanOrEqual(32);
    expect((await putPage(service, 'site2', basicAuth('site2', made.secret))).status).toBeLessThan(300);
    expect(await searchUrls(service, 'site2', 'lighthouse')).toEqual(['https://example.com/a']);
    const listed = await getJson<IndexListResponse>(service, '/v2/indices', [], { headers: { authorization: ADMIN } });
    expect(listed.body.indices).toEqual([
      { publicKey: 'demo', source: 'config', documents: 0 },
      { publicKey: 'site2', source: 'api', documents: 1 },
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(made.secret);
    expect(JSON.stringify(listed.body)).not.toContain('demo-secret');
    // The same key twice, or a config-file key: 409.
    expect((await sendJson(service, 'POST', '/v2/indices', { publicKey: 'site2' }, ADMIN)).status).toBe(409);
    expect((await sendJson(service, 'POST', '/v2/indices', { publicKey: 'demo' }, ADMIN)).status).toBe(409);
    expect((await sendJson(service, 'POST', '/v2/indices', { publicKey: 'no spaces' }, ADMIN)).status).toBe(400);

    await service.close();
    const again = await startService({ dataDir: service.dataDir, adminKey: ADMIN_KEY });
    try {
      expect(await searchUrls(again, 'site2', 'lighthouse')).toEqual(['https://example.com/a']);
      expect((await sendJson(again, 'GET', '/v2/indices/site2/documents/a', undefined, basicAuth('site2', made.secret))).status).toBe(200);
      expect((await sendJson(again, 'GET', '/v2/indices/site2/documents/a', undefined, basicAuth('site2', 'wrong'))).status).toBe(401);
    } finally {
      await again.close();
    }
  });

  it('rotates a secret: the old one stops at once, the new one works', async () => {
    const service = await start({ adminKey: ADMIN_KEY });
    const made = await create(service, 'rotated');
    expect((await putPage(service, 'rotated', basicAuth('rotated', made.secret))).status).toBeLessThan(300);
    const response = await sendJson(service, 'POST', '/v2/indices/rotated/secret', undefined, ADMIN);
    expect(response.status).toBe(200);
    const { secret } = (await response.json()) as RotateSecretResponse;
    expect(secret).not.toBe(made.secret);
    expect((await putPage(service, 'rotated', basicAuth('rotated', made.secret))).status).toBe(401);
    expect((await putPage(service, 'rotated', basicAuth('rotated', secret))).status).toBeLessThan(300);
    // A config-file index's secret is the config file's.
    expect((await sendJson(service, 'POST', '/v2/indices/demo/secret', undefined, ADMIN)).status).toBe(409);
    expect((await sendJson(service, 'POST', '/v2/indices/nothing/secret', undefined, ADMIN)).status).toBe(404);
  });

  it('deletes an index with its documents and events, only when confirmed, never a config-file one', async () => {
    const service = await start({ adminKey: ADMIN_KEY });
    const made = await create(service, 'gone');
    expect((await putPage(service, 'gone', basicAuth('gone', made.secret))).status).toBeLessThan(300);
    expect((await sendJson(service, 'DELETE', '/v2/indices/gone', undefined, ADMIN)).status).toBe(400);
    expect((await sendJson(service, 'DELETE', '/v2/indices/gone?confirm=other', undefined, ADMIN)).status).toBe(400);
    expect((await sendJson(service, 'DELETE', '/v2/indices/demo?confirm=demo', undefined, ADMIN)).status).toBe(409);
    expect((await sendJson(service, 'DELETE', '/v2/indices/gone?confirm=gone', undefined, ADMIN)).status).toBe(200);
    expect((await getJson(service, '/v1/search/gone', [['term', 'lighthouse']])).status).toBe(404);
    expect((await sendJson(service, 'DELETE', '/v2/indices/gone?confirm=gone', undefined, ADMIN)).status).toBe(404);
    // Made again under the same key, it starts empty, and the old secret is no key to it.
    const remade = await create(service, 'gone');
    expect(await searchUrls(service, 'gone', 'lighthouse')).toEqual([]);
    expect((await putPage(service, 'gone', basicAuth('gone', made.secret))).status).toBe(401);
    expect((await putPage(service, 'gone', basicAuth('gone', remade.secret))).status).toBeLessThan(300);
  });
});
