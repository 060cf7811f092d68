import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, openSocket, readUntilClosed } from '../testing/rawSocket.ts';
import { DEMO_AUTH, startService, type TestService } from '../testing/service.ts';

describe('errors raised before a route', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startService();
  });

  afterAll(async () => {
    await service.close();
    service.remove();
  });

  it('answers an id or key over 2,048 characters with 414 and the error JSON', async () => {
    for (const path of [`/v2/indices/demo/documents/${'a'.repeat(3000)}`, `/v1/search/${'k'.repeat(3000)}?term=a`]) {
      const response = await fetch(service.baseUrl + path, { headers: { authorization: DEMO_AUTH } });
      expect(response.status).toBe(414);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({ error: { status: 414, code: 'uri_too_long', message: expect.stringContaining('2048') } });
    }
  });

  it('answers a URL over 16 KB with 431 and the error JSON', async () => {
    const socket = await openSocket(service);
    const answer = readUntilClosed(socket);
    socket.write(`GET /v1/search/demo?term=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 431 /);
    expect(bodyOf(text)).toEqual({ error: { status: 431, code: 'headers_too_large', message: expect.any(String) } });
  });

  it('answers a path that is not valid percent-encoding with 400 and the error JSON', async () => {
    const socket = await openSocket(service);
    const answer = readUntilClosed(socket);
    socket.write('GET /v1/search/%E0%A4%A?term=a HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 400 /);
    expect(bodyOf(text)).toMatchObject({ error: { status: 400, code: 'invalid_parameter' } });
  });

  it('answers bytes that are not HTTP with 400 and the error JSON', async () => {
    const socket = await openSocket(service);
    const answer = readUntilClosed(socket);
    socket.write('NOT HTTP AT ALL\r\n\r\n');
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 400 /);
    expect(bodyOf(text)).toMatchObject({ error: { status: 400, code: 'invalid_body' } });
  });
});
