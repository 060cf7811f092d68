// SQLite only, outside the conformance suite: a full disk. In-process, injected at the
// database layer: SQLite's page limit (`PRAGMA max_page_count`) makes every write that
// needs a new page fail with SQLITE_FULL, "database or disk is full", as a full disk
// does. Then for real: the service on a small tmpfs of its own, mounted in a user and
// mount namespace (skipped where the system allows none), filled while it runs.
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, HealthResponse } from '../../src/client/types.ts';
import { sqliteEngines } from '../indices/sqliteFactory.ts';
import type { SqliteEventStore } from '../events/sqliteEventStore.ts';
import { eventStoreDatabase, eventStorePragma } from '../testing/testInternals.ts';
import { DEMO_AUTH, eventually, getJson, putJson, startService, type TestService } from '../testing/service.ts';
import { storedStats } from '../testing/storedStats.ts';

describe('a full disk under the events database', () => {
  let service: TestService;
  let store: SqliteEventStore;

  beforeAll(async () => {
    service = await startService({ engine: sqliteEngines });
    expect((await putJson(service, '/v2/indices/demo/documents:batch', { documents: [{ id: 'a', title: 'kettle' }] })).status).toBe(202);
    store = service.app.eventStores.get('demo') as SqliteEventStore;
    await eventStorePragma(store, `max_page_count = ${eventStoreDatabase(store).pragma('page_count', { simple: true }) as number}`);
    // Fill the pages the file has with searches like the test's, until one needs one more.
    for (let i = 0; ; i++) {
      try {
        await store.addStats([{ action: 'search', session: `fill-${i}`, keyword: 'kettle', numberOfResults: 1 }]);
      } catch (error) {
        expect((error as { code?: string }).code).toBe('SQLITE_FULL');
        break;
      }
    }
  });

  afterAll(async () => {
    await service.close();
    service.remove();
  });

  it('keeps answering searches, keeps their events for a retry, and says so in /health', async () => {
    const before = (await storedStats(store, 100_000)).length;
    for (let i = 0; i < 3; i++) expect((await getJson(service, '/v1/search/demo', [['term', 'kettle']])).status).toBe(200);
    // The commit the search queued fails: no error escapes its timer (the test run would fail on one).
    await store.flush();
    const health = await getJson<HealthResponse>(service, '/health');
    expect(health.status).toBe(200);
    expect(health.body.status).toBe('degraded');
    expect(health.body.indices[0]).toEqual({ publicKey: 'demo', documents: 1, events: { queued: 3, dropped: 0 }, lastCrawl: null });
    expect(health.body.problems?.[0]).toMatch(/the events of index 'demo' cannot be saved since .* \(the disk is full\); 3 kept for a retry, 0 dropped/);

    await eventStorePragma(store, 'max_page_count = 1073741823');
    await store.flush();
    expect((await storedStats(store, 100_000)).length).toBe(before + 3);
    expect((await getJson<HealthResponse>(service, '/health')).body).toMatchObject({ status: 'ok', indices: [{ events: { queued: 0, dropped: 0 } }] });
    expect((await getJson<HealthResponse>(service, '/health')).body.problems).toBeUndefined();
    await eventStorePragma(store, `max_page_count = ${eventStoreDatabase(store).pragma('page_count', { simple: true }) as number}`);
  });

  it('answers a write 507 insufficient_storage with the error JSON, and stores nothing', async () => {
    const event = { action: 'click', session: 'full', keyword: `kettle ${'y'.repeat(200)}`, docid: 'a', position: 1 };
    let response: Response | null = null;
    // The first of these that needs a new page is refused.
    for (let i = 0; i < 200; i++) {
      response = await fetch(`${service.baseUrl}/v1/stats/demo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(event),
      });
      if (response.status !== 200) break;
    }
    expect(response!.status).toBe(507);
    expect(response!.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await response!.json()) as ApiErrorBody;
    expect(body.error).toEqual({ status: 507, code: 'insufficient_storage', message: expect.stringMatching(/disk is full/) as string });
    expect((await getJson(service, '/v1/search/demo', [['term', 'kettle']])).status).toBe(200);
  });
});

/** Whether this process may mount a tmpfs in a namespace of its own. */
const canMount = spawnSync('unshare', ['--user', '--map-root-user', '--mount', 'sh', '-c', 'mount -t tmpfs tmpfs /mnt'], { stdio: 'ignore' }).status === 0;

describe.skipIf(!canMount)('a full disk under a running service, on a tmpfs of its own', () => {
  it('never ends the process: writes answer 507, searches go on, /health says why, and it recovers once space is freed', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'site-search-full-'));
    const mountPoint = join(folder, 'disk');
    mkdirSync(mountPoint);
    const script = 'mount -t tmpfs -o size=4m tmpfs "$1" && exec "$2" --import tsx server/main.ts --port 0 --quiet --data "$1/data"';
    const child = spawn('unshare', ['--user', '--map-root-user', '--mount', 'sh', '-c', script, 'sh', mountPoint, process.execPath], {
      cwd: process.cwd(),
      env: { ...process.env, NODE_NO_WARNINGS: '1' },
    });
    let exited: number | null | undefined;
    const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve((exited = code))));
    try {
      const baseUrl = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const url = /listening on (http:\/\/[\d.]+:\d+)/.exec(out)?.[1];
          if (url !== undefined) resolve(url);
        });
        void exit.then(() => reject(new Error(`the service did not start: ${out}`)));
      });
      const service: TestService = { baseUrl, fetch: (path, init) => fetch(baseUrl + path, init) } as TestService;
      expect((await putJson(service, '/v2/indices/demo/documents:batch', { documents: [{ id: 'a', title: 'kettle' }] })).status).toBe(202);
      // The service's own view of the folder: the tmpfs is mounted in its namespace only.
      const filler = `/proc/${child.pid}/root${mountPoint}/filler`;
      const chunk = Buffer.alloc(64 * 1024);
      try {
        for (;;) appendFileSync(filler, chunk);
      } catch (error) {
        expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
      }

      for (let i = 0; i < 3; i++) expect((await getJson(service, '/v1/search/demo', [['term', 'kettle']])).status).toBe(200);
      const write = await putJson(service, '/v2/indices/demo/documents:batch', { documents: [{ id: 'b', title: `kettle ${'x'.repeat(20_000)}` }] }, DEMO_AUTH);
      expect(write.status).toBe(507);
      expect(((await write.json()) as ApiErrorBody).error.code).toBe('insufficient_storage');
      const degraded = await eventually(async () => {
        const health = await getJson<HealthResponse>(service, '/health');
        return health.body.status === 'degraded' ? health.body : undefined;
      });
      expect(degraded.problems?.[0]).toMatch(/the events of index 'demo' cannot be saved .*\(the disk is full\)/);
      const click = () =>
        fetch(`${baseUrl}/v1/stats/demo`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ action: 'click', session: 's', keyword: 'kettle', docid: 'a', position: 1 }),
        });
      expect((await click()).status).toBe(507);
      expect(exited).toBeUndefined();

      rmSync(filler);
      expect((await click()).status).toBe(200);
      const healthy = await eventually(async () => {
        const health = await getJson<HealthResponse>(service, '/health');
        return health.body.status === 'ok' && health.body.indices[0]?.events.queued === 0 ? health.body : undefined;
      });
      expect(healthy.indices[0]?.events).toEqual({ queued: 0, dropped: 0 });
      child.kill('SIGTERM');
      expect(await exit).toBe(0);
    } finally {
      if (exited === undefined) child.kill('SIGKILL');
      await exit;
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
