import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../src/client/types.ts';
import { DEMO_AUTH, putJson, startService, type TestService } from '../testing/service.ts';

describe('JSON request bodies', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startService();
    await putJson(service, '/v2/indices/demo/documents:batch', {
      documents: [
        { id: 'a', title: 'Hello' },
        { id: 'b', title: 'World' },
        { id: 'd', title: 'Again' },
      ],
    });
  });
  afterAll(async () => {
    await service.close();
    service.remove();
  });

  const send = (method: string, path: string, type: string, body?: Uint8Array<ArrayBuffer>) =>
    fetch(service.baseUrl + path, { method, headers: { 'content-type': type, authorization: DEMO_AUTH }, ...(body !== undefined && { body }) });

  it('takes a GET or DELETE that declares JSON but sends no body, as common HTTP clients do', async () => {
    const got = await send('GET', '/v2/indices/demo/documents/a', 'application/json');
    expect(got.status).toBe(200);
    expect(((await got.json()) as { id: string }).id).toBe('a');
    expect((await send('DELETE', '/v2/indices/demo/documents/b', 'application/json')).status).toBe(202);
    expect((await send('DELETE', '/v2/indices/demo/documents/d', 'application/json; charset=utf-8', new Uint8Array())).status).toBe(202);
  });

  it('still refuses a PUT whose JSON body is empty', async () => {
    const answer = await send('PUT', '/v2/indices/demo/documents/c', 'application/json', new Uint8Array());
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as ApiErrorBody).error.code).toBe('invalid_body');
  });

  it('refuses a body declared in another charset than UTF-8 with a 415, rather than misreading it', async () => {
    const text = JSON.stringify({ id: 'c', title: 'Grüße' });
    const utf16 = new Uint8Array(Buffer.from(`\ufeff${text}`, 'utf16le'));
    for (const type of ['application/json; charset=utf-16', 'application/json;charset="UTF-16LE"', 'application/json; charset=iso-8859-1']) {
      const answer = await send('PUT', '/v2/indices/demo/documents/c', type, utf16);
      expect(answer.status, type).toBe(415);
      expect(((await answer.json()) as ApiErrorBody).error.code).toBe('unsupported_media_type');
    }
    const stats = await fetch(`${service.baseUrl}/v1/stats/demo`, { method: 'POST', headers: { 'content-type': 'text/plain; charset=utf-16' }, body: utf16 });
    expect(stats.status).toBe(415);
    for (const type of ['application/json; charset=UTF-8', 'application/json; charset="utf-8"', 'application/json']) {
      expect((await send('PUT', '/v2/indices/demo/documents/c', type, new TextEncoder().encode(text))).status, type).toBe(202);
    }
  });
});
