import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { crawlGuides } from './guides.ts';

const servers: Array<ReturnType<typeof createServer>> = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

it('asks for the guides crawl on a connection of its own, never on one kept alive from an earlier request', async () => {
  const sockets = new Map<Socket, number>();
  const seen: Array<{ url: string; socket: number }> = [];
  const server = createServer((request: IncomingMessage, response) => {
    seen.push({ url: request.url ?? '', socket: sockets.get(request.socket)! });
    request.resume();
    request.on('end', () => response.writeHead(202, { 'Content-Type': 'application/json' }).end('{}'));
  });
  servers.push(server);
  server.on('connection', (socket: Socket) => sockets.set(socket, sockets.size + 1));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const api = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // An earlier request of the start-up leaves its connection kept alive.
  await (await fetch(`${api}/v2/indices/demo/documents:batch`, { method: 'PUT', body: '{}' })).text();
  // Its connection goes back to the pool once the answer's end is read, a turn after the body.
  await new Promise((turn) => setImmediate(turn));
  await crawlGuides(api, 'http://127.0.0.1:1');
  expect(seen.map((request) => request.url)).toEqual(['/v2/indices/demo/documents:batch', '/v2/indices/guides/crawls']);
  expect(seen[1]!.socket).not.toBe(seen[0]!.socket);
});
