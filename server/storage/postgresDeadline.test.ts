// PostgreSQL only, outside the conformance suite: a database that stops answering
// altogether (its connections stay open, nothing comes back), behind a proxy this test
// holds. The file starts a cluster of its own.
import { createServer, Socket, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEngine } from '../engine/postgresEngine.ts';
import { postgresEngines } from '../indices/postgresFactory.ts';
import { startCluster, type PostgresCluster } from '../testing/postgresCluster.ts';
import { getJson, putJson, startService, type TestService } from '../testing/service.ts';
import { DeadlineError } from './requestDeadline.ts';
import { storageProblem } from './storageErrors.ts';

/** A TCP proxy to `target` that, once `hang()` is called, passes nothing more either way. */
async function hangingProxy(target: URL): Promise<{ url: (from: string) => string; hang: () => void; close: () => void }> {
  let hung = false;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = new Socket();
    upstream.connect(Number(target.port), target.hostname);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(from);
      from.on('data', (chunk: Buffer) => void (hung || to.write(chunk)));
      from.on('error', () => {});
      from.on('close', () => to.destroy());
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: (from) => {
      const url = new URL(from);
      url.host = `127.0.0.1:${port}`;
      return url.href;
    },
    hang: () => void (hung = true),
    close: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

describe('PostgreSQL that hangs', () => {
  const timeouts = { connectMs: 1000, statementMs: 300 };
  let cluster: PostgresCluster;
  let proxy: Awaited<ReturnType<typeof hangingProxy>>;
  let service: TestService;
  let engine: PostgresEngine;

  beforeAll(async () => {
    cluster = await startCluster();
    proxy = await hangingProxy(new URL(cluster.url));
    service = await startService({ engine: postgresEngines(proxy.url(cluster.url), { timeouts }) });
    expect((await putJson(service, '/v2/indices/demo/documents:batch', { documents: [{ id: 'a', title: 'kettle' }] })).status).toBe(202);
    engine = await PostgresEngine.open({ url: proxy.url(cluster.url), schema: 'deadline', poolSize: 2, timeouts });
    expect((await getJson(service, '/v1/search/demo', [['term', 'kettle']])).status).toBe(200);
    await engine.read((reader) => reader.words({ has: ['kettle'], extends: [], near: [] }));
  });

  afterAll(async () => {
    await service?.close();
    service?.remove();
    proxy?.close();
    cluster?.stop();
  });

  it('gives up a request at one deadline for connecting and its statements together, and answers 503', async () => {
    proxy.hang();
    // The statement's own limit and its grace would have passed later, with another error.
    // A word not asked before: the engine remembers its answers.
    const failure = await engine.read((reader) => reader.words({ has: ['teapot'], extends: [], near: [] })).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DeadlineError);
    expect((failure as Error).message).toBe("the database did not answer within the request's deadline of 1300 ms");
    expect(storageProblem(failure)).toBe('unavailable');
    const answer = await getJson(service, '/v1/search/demo', [['term', 'teapot']]);
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).not.toBeNull();
  });
});
