import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { parseConfigFile } from './configFile.ts';
import { configFromEnvironment } from './environment.ts';
import { DEFAULT_OVERLOAD, resolveOverload, type OverloadSettings } from './overloadSettings.ts';
import { bodyOf, openSocket, readUntilClosed } from '../testing/rawSocket.ts';
import { eventually } from '../testing/service.ts';
import { servicesPerTest } from '../testing/servicesPerTest.ts';

describe('overload settings', () => {
  const startWith = servicesPerTest();
  const start = (overload: Partial<OverloadSettings>) => startWith({ overload });

  it('answers 408 with the error JSON and closes when a body stops short of its Content-Length', async () => {
    const service = await start({ requestTimeoutMs: 300, headersTimeoutMs: 200 });
    const socket = await openSocket(service);
    const answer = readUntilClosed(socket);
    socket.write('POST /v1/stats/demo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"action":');
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(bodyOf(text)).toEqual({ error: { status: 408, code: 'request_timeout', message: expect.any(String) } });
    // The service still answers others.
    expect((await fetch(`${service.baseUrl}/health`)).status).toBe(200);
  });

  it('answers 408 when the headers never end', async () => {
    const service = await start({ requestTimeoutMs: 300, headersTimeoutMs: 200 });
    const socket = await openSocket(service);
    const answer = readUntilClosed(socket);
    socket.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    expect(await answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes connections past the cap at once, and takes new ones again once others go', async () => {
    const service = await start({ maxConnections: 3 });
    const held = await Promise.all([1, 2, 3].map(() => openSocket(service)));
    const refused = await openSocket(service);
    // Closed by the service without a byte, while the held connections stay open.
    expect(await readUntilClosed(refused)).toBe('');
    expect(held.every((socket) => !socket.destroyed)).toBe(true);
    for (const socket of held) socket.destroy();
    const status = await eventually(async () => {
      try {
        return (await fetch(`${service.baseUrl}/health`)).status;
      } catch {
        return undefined;
      }
    });
    expect(status).toBe(200);
  });

  it('closes the connections of one address past its own cap at once, while other addresses still get in', async () => {
    const service = await start({ maxConnectionsPerAddress: 3 });
    const sockets = await Promise.all([1, 2, 3].map(() => openSocket(service)));
    const ask = (socket: Socket) => {
      const answer = readUntilClosed(socket);
      socket.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
      return answer;
    };
    try {
      const refused = await openSocket(service);
      sockets.push(refused);
      // Closed by the service without a byte, while the held connections stay open.
      expect(await ask(refused)).toBe('');
      expect(sockets.slice(0, 3).every((socket) => !socket.destroyed)).toBe(true);
      const other = await openSocket(service, '127.0.0.2');
      sockets.push(other);
      expect(await ask(other)).toMatch(/^HTTP\/1\.1 200 /);
      // Once one of its connections goes, the first address gets a place again.
      sockets[0]!.destroy();
      const status = await eventually(async () => {
        try {
          return (await fetch(`${service.baseUrl}/health`)).status;
        } catch {
          return undefined;
        }
      });
      expect(status).toBe(200);
    } finally {
      for (const socket of sockets) socket.destroy();
    }
  });

  it('closes an idle kept-alive connection after keepAliveTimeoutMs', async () => {
    const service = await start({ keepAliveTimeoutMs: 100 });
    const socket = await openSocket(service);
    const answer = readUntilClosed(socket);
    socket.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect(await answer).toMatch(/^HTTP\/1\.1 200 [\s\S]*"status":"ok"/);
  });

  it('has defaults, and a config key and an environment variable that name what is wrong', () => {
    expect(resolveOverload(undefined)).toEqual(DEFAULT_OVERLOAD);
    expect(resolveOverload({ maxInFlight: 4 }).maxInFlight).toBe(4);
    expect(parseConfigFile({ overload: { maxConnections: 10 } })).toEqual({ overload: { maxConnections: 10 } });
    expect(() => parseConfigFile({ overload: { maxConnections: 0 } })).toThrow(/overload\.maxConnections must be an integer/);
    expect(() => parseConfigFile({ overload: { queue: 1 } })).toThrow(/unknown key 'overload\.queue'/);
    expect(() => parseConfigFile({ overload: { headersTimeoutMs: 5000, requestTimeoutMs: 1000 } })).toThrow(/headersTimeoutMs must be at most/);
    expect(configFromEnvironment({ SITE_SEARCH_OVERLOAD: '{"maxInFlight": 8}' })).toEqual({ overload: { maxInFlight: 8 } });
    expect(() => configFromEnvironment({ SITE_SEARCH_OVERLOAD: '{"maxInFlight": -1}' })).toThrow(/^SITE_SEARCH_OVERLOAD: overload\.maxInFlight/);
  });
});
