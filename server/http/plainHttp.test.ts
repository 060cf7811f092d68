// Outside the conformance suite (server/testing/testEngine.ts): HTTPS and the plain-HTTP
// port, which no engine changes.
import { request } from 'node:https';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, SearchResponse } from '../../src/client/types.ts';
import { buildApp } from '../app.ts';
import { listenPlainHttp } from './plainHttp.ts';
import { selfSignedCert } from '../testing/selfSignedCert.ts';
import { DEMO_AUTH } from '../testing/service.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';

/** One HTTPS call that trusts only the test certificate. */
function httpsCall(url: string, ca: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const call = request(url, { method: init.method ?? 'GET', ca, headers: init.headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    call.on('error', reject);
    call.end(init.body);
  });
}

describe('TLS', () => {
  const tls = selfSignedCert();
  const dataDir = mkdtempSync(join(tmpdir(), 'site-search-tls-data-'));
  let app: FastifyInstance;
  let plain: Server;
  let httpsUrl: string;
  let httpUrl: string;

  beforeAll(async () => {
    app = await buildApp({ dataDir, tls: { cert: tls.cert, key: tls.key }, rateLimit: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    httpsUrl = `https://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    plain = await listenPlainHttp(0, '127.0.0.1');
    httpUrl = `http://127.0.0.1:${(plain.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    plain.close();
    await app.close();
    tls.remove();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the API over HTTPS', async () => {
    const write = await httpsCall(`${httpsUrl}/v2/indices/demo/documents:batch`, tls.cert, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: DEMO_AUTH },
      body: JSON.stringify({ documents: [{ id: 'tls', title: 'Secure transport' }] }),
    });
    expect(write.status).toBe(202);
    const search = await httpsCall(`${httpsUrl}/v1/search/demo?term=secure`, tls.cert);
    expect(search.status).toBe(200);
    expect((JSON.parse(search.body) as SearchResponse).hits.map((h) => h.id)).toEqual(['tls']);
  });

  it('answers every plain-HTTP call with 405 and the error JSON, whatever the method or path', async () => {
    const calls: Array<[string, string, string | undefined]> = [
      ['GET', '/v1/search/demo?term=secure', undefined],
      ['POST', '/v1/stats/demo', '{"action":"search","session":"s","keyword":"k","numberOfResults":1}'],
      ['PUT', '/v2/indices/demo/documents:batch', '{"documents":[{"id":"leak","title":"Sent in clear"}]}'],
      ['DELETE', '/v2/indices/demo/documents/tls', undefined],
      ['GET', '/health', undefined],
      ['PATCH', '/anything', 'x'],
    ];
    for (const [method, path, body] of calls) {
      const answer = await fetch(httpUrl + path, {
        method,
        headers: { 'content-type': 'application/json', authorization: DEMO_AUTH },
        ...(body !== undefined && { body }),
      });
      expect(answer.status, `${method} ${path}`).toBe(405);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(((await answer.json()) as ApiErrorBody).error).toMatchObject({ status: 405, code: 'method_not_allowed' });
    }
    // Nothing sent in clear was applied.
    const search = await httpsCall(`${httpsUrl}/v1/search/demo?term=clear`, tls.cert);
    expect((JSON.parse(search.body) as SearchResponse).total_hits).toBe(0);
  });
});
