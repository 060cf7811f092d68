/**
 * The index API and sessions on two `site-search-server` processes sharing one
 * PostgreSQL database: both read secrets and sessions from the database on every
 * request, so a rotation, a deletion or a sign-out on one holds on the other at once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateIndexResponse, RotateSecretResponse, SessionResponse } from '../../src/client/types.ts';
import { testDatabase } from '../testing/postgresDatabase.ts';
import { basicAuth } from '../testing/service.ts';
import { ServiceNodes, type ServiceNode } from '../testing/serviceFromSource.ts';

const ADMIN_KEY = 'two-nodes-admin-key-0123456789';
const ADMIN = `Bearer ${ADMIN_KEY}`;

type Node = ServiceNode;

const folder = mkdtempSync(join(tmpdir(), 'site-search-console-nodes-'));
let databaseUrl = '';
const nodes = new ServiceNodes(folder, {
  SITE_SEARCH_RATE_LIMIT: 'off',
  SITE_SEARCH_ADMIN_KEY: ADMIN_KEY,
});
const startNode = (name: string): Promise<Node> => nodes.start(name, databaseUrl);

function call(node: Node, method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<Response> {
  return fetch(node.url + path, {
    method,
    headers: { ...headers, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
}

function putPage(node: Node, key: string, auth: string): Promise<Response> {
  return call(node, 'PUT', `/v2/indices/${key}/documents/a`, { authorization: auth }, { url: 'https://example.com/a', title: 'Tide tables' });
}

describe('the index API and sessions on two PostgreSQL nodes', () => {
  let a: Node;
  let b: Node;

  beforeAll(async () => {
    databaseUrl = await testDatabase('console_two_nodes');
    [a, b] = await Promise.all([startNode('a'), startNode('b')]);
  });

  afterAll(async () => {
    await nodes.killAll();
    rmSync(folder, { recursive: true, force: true });
  });

  it('serves on both an index made on one; a rotated secret stops on both at once; a deleted index is gone from both', async () => {
    const made = await call(a, 'POST', '/v2/indices', { authorization: ADMIN }, { publicKey: 'shared' });
    expect(made.status).toBe(201);
    const { secret } = (await made.json()) as CreateIndexResponse;
    // Node b never heard of it: it finds it in the database when a request names it.
    expect((await putPage(b, 'shared', basicAuth('shared', secret))).status).toBe(202);
    expect((await putPage(a, 'shared', basicAuth('shared', secret))).status).toBe(202);

    const rotated = await call(b, 'POST', '/v2/indices/shared/secret', { authorization: ADMIN });
    expect(rotated.status).toBe(200);
    const fresh = ((await rotated.json()) as RotateSecretResponse).secret;
    expect((await putPage(a, 'shared', basicAuth('shared', secret))).status).toBe(401);
    expect((await putPage(b, 'shared', basicAuth('shared', secret))).status).toBe(401);
    expect((await putPage(a, 'shared', basicAuth('shared', fresh))).status).toBe(202);
    expect((await putPage(b, 'shared', basicAuth('shared', fresh))).status).toBe(202);

    expect((await call(a, 'DELETE', '/v2/indices/shared?confirm=shared', { authorization: ADMIN })).status).toBe(200);
    expect((await call(b, 'GET', '/v1/search/shared?term=tide', {})).status).toBe(404);
    expect((await putPage(b, 'shared', basicAuth('shared', fresh))).status).toBe(404);
  });

  it('takes on one node a session made on the other, and a sign-out ends it on both', async () => {
    const signIn = await call(a, 'POST', '/v2/session', {}, { key: 'demo', secret: 'demo-secret' });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.getSetCookie()[0]!.split(';')[0]!;
    const { csrfToken } = (await signIn.json()) as SessionResponse;
    const onB = await call(b, 'GET', '/v2/session', { cookie });
    expect(onB.status).toBe(200);
    expect(((await onB.json()) as SessionResponse).identity).toEqual({ kind: 'index', publicKey: 'demo' });
    expect((await call(b, 'GET', '/v2/indices/demo/settings', { cookie })).status).toBe(200);

    expect((await call(b, 'DELETE', '/v2/session', { cookie, 'x-csrf-token': csrfToken })).status).toBe(204);
    expect((await call(a, 'GET', '/v2/session', { cookie })).status).toBe(401);
    expect((await call(b, 'GET', '/v2/session', { cookie })).status).toBe(401);
    expect((await call(a, 'GET', '/v2/indices/demo/settings', { cookie })).status).toBe(401);
  });
});
