// Outside the conformance suite (server/testing/testEngine.ts): the crawler on an SQLite
// engine of its own; the crawl routes are in the suite (routes/crawler.test.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { documentIdFromUrl } from '../documents/documentId.ts';
import { SqliteEngine } from '../engine/sqliteEngine.ts';
import type { SearchIndex } from '../indices/indexRegistry.ts';
import { startPageServer } from '../testing/pageServer.ts';
import { eventually } from '../testing/service.ts';
import { Crawler, crawlerSettings } from './crawler.ts';
import { UNREACHABLE } from './fetchPage.ts';
import type { ResolveAll } from './guardedDispatcher.ts';

const folder = mkdtempSync(join(tmpdir(), 'site-search-crawler-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('Crawler', () => {
  it('refuses, when connecting, a name that resolves to loopback, asked for or redirected to', async () => {
    const other = await startPageServer({ '/secret.html': { body: '<p>secretzz</p>' } });
    const otherPort = new URL(other.origin).port;
    const site = await startPageServer({
      '/to-name': { status: 302, headers: { location: `http://rebind.test:${otherPort}/secret.html` }, body: '' },
    });
    const index: Pick<SearchIndex, 'publicKey' | 'engine'> = { publicKey: 'n', engine: await SqliteEngine.open(join(folder, 'n.sqlite')) };
    const asked: string[] = [];
    // No name is looked up for real: rebind.test is what a hostile DNS server would answer.
    const resolve: ResolveAll = (hostname, callback) => {
      asked.push(hostname);
      callback(null, hostname === 'rebind.test' ? [{ address: '127.0.0.1', family: 4 }] : []);
    };
    const settings = crawlerSettings({ dataDir: folder, crawlAllowPrivate: [new URL(site.origin).host] });
    const crawler = new Crawler({ ...settings, resolve }, Fastify().log);
    try {
      for (const url of [`${site.origin}/to-name`, `http://rebind.test:${otherPort}/secret.html`]) {
        expect(crawler.refusal(new URL(url))).toBeNull();
        expect(await crawler.schedule(index, documentIdFromUrl(url), url)).toBe(true);
        const state = await eventually(async () => {
          const status = await index.engine.status(documentIdFromUrl(url));
          return status?.status === 'PENDING' ? undefined : status;
        });
        expect(state).toMatchObject({ status: 'ERROR', statusInfo: UNREACHABLE });
      }
      expect(asked).toEqual(['rebind.test', 'rebind.test']);
      expect(other.requests).toEqual([]);
    } finally {
      await crawler.close();
      await index.engine.close();
      await site.close();
      await other.close();
    }
  });

  it('gives a name that is not found the same status as one whose address is not public', async () => {
    const index: Pick<SearchIndex, 'publicKey' | 'engine'> = { publicKey: 'm', engine: await SqliteEngine.open(join(folder, 'm.sqlite')) };
    // What an internal DNS server answers: one name exists inside, the other nowhere.
    const resolve: ResolveAll = (hostname, callback) => {
      if (hostname === 'intranet.test') callback(null, [{ address: '10.0.0.7', family: 4 }]);
      else callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
    };
    const crawler = new Crawler({ ...crawlerSettings({ dataDir: folder }), resolve }, Fastify().log);
    try {
      const infos: Array<string | undefined> = [];
      for (const url of ['http://intranet.test/', 'http://nowhere.test/']) {
        expect(await crawler.schedule(index, documentIdFromUrl(url), url)).toBe(true);
        const state = await eventually(async () => {
          const status = await index.engine.status(documentIdFromUrl(url));
          return status?.status === 'PENDING' ? undefined : status;
        });
        infos.push(state?.statusInfo);
      }
      expect(infos).toEqual([UNREACHABLE, UNREACHABLE]);
    } finally {
      await crawler.close();
      await index.engine.close();
    }
  });

  it('bounds its queue: a crawl beyond it is refused and leaves no trace', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const html = (word: string) => ({ body: `<p>${word}</p>`, gate });
    const site = await startPageServer({ '/1': html('onezz'), '/2': html('twozz'), '/3': html('threezz') });
    const index: Pick<SearchIndex, 'publicKey' | 'engine'> = { publicKey: 't', engine: await SqliteEngine.open(join(folder, 't.sqlite')) };
    const crawler = new Crawler(
      { ...crawlerSettings({ dataDir: folder, crawlAllowPrivate: [new URL(site.origin).host] }), concurrency: 1, queueMax: 1 },
      Fastify().log,
    );
    try {
      const url = (n: number) => `${site.origin}/${n}`;
      expect(await crawler.schedule(index, documentIdFromUrl(url(1)), url(1))).toBe(true); // fetching
      expect(await crawler.schedule(index, documentIdFromUrl(url(2)), url(2))).toBe(true); // waiting
      expect(await crawler.schedule(index, documentIdFromUrl(url(3)), url(3))).toBe(false);
      expect(await index.engine.status(documentIdFromUrl(url(3)))).toBeNull();
      // Asking again for a page already waiting takes no room.
      expect(await crawler.schedule(index, documentIdFromUrl(url(2)), url(2))).toBe(true);
      release();
      for (const n of [1, 2]) {
        const state = await eventually(async () => {
          const status = await index.engine.status(documentIdFromUrl(url(n)));
          return status?.status === 'PENDING' ? undefined : status;
        });
        expect(state?.status).toBe('INDEXED');
      }
      expect(site.requests.filter((path) => path === '/2')).toHaveLength(1);
    } finally {
      await crawler.close();
      await index.engine.close();
      await site.close();
    }
  });
});
