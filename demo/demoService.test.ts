import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { EventStore } from '../server/events/eventStore.ts';
import { startDemoService } from './demoService.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A port free a moment ago. */
const freePort = () =>
  new Promise<number>((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => done(port));
    });
  });

/** Whether anything takes a connection on `port` now. */
const answers = (port: number) =>
  new Promise<boolean>((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), done(true)));
    socket.once('error', () => done(false));
  });

it('loads the past traffic before the service takes a connection, and once per data folder', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'demo-service-'));
  folders.push(dataDir);
  const port = await freePort();
  const seen: boolean[] = [];
  const options = {
    app: { dataDir, logger: false, indices: [{ publicKey: 'demo', secret: 'demo-secret' }] },
    port,
    host: '127.0.0.1',
    siteKey: 'demo',
    traffic: async (events: EventStore) => {
      // Loading holds the thread for seconds: no connection may be open to outlast it.
      seen.push(await answers(port));
      await events.loadStats([
        { event: { action: 'search', keyword: 'grid', numberOfResults: 3, session: 'a'.repeat(32) }, received: Date.now() - 86_400_000 },
      ]);
    },
  };
  let service = await startDemoService(options);
  expect(seen).toEqual([false]);
  expect(await answers(port)).toBe(true);
  expect((await service.eventStores.get('demo').counts()).statsEvents).toBe(1);
  await service.close();
  // A restart keeps what is there.
  service = await startDemoService(options);
  expect(seen).toEqual([false]);
  expect((await service.eventStores.get('demo').counts()).statsEvents).toBe(1);
  await service.close();
});
