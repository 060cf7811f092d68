/**
 * Sitemap lastmod trust on two service nodes sharing one PostgreSQL database: what each
 * node finds of a host's lastmod is kept in the store and merged, so a node that found a
 * page changed under an old lastmod, and stopped before the crawl ended, still decides the
 * next crawl. The nodes run in this process (each with its own data folder).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CrawlJob, CrawlJobCreated } from '../../src/client/types.ts';
import { postgresEngines } from '../indices/postgresFactory.ts';
import { startPageServer, type PageServer, type TestPage } from '../testing/pageServer.ts';
import { testDatabase } from '../testing/postgresDatabase.ts';
import { DEMO_AUTH, eventually, getJson, sendJson, startService, type TestService } from '../testing/service.ts';

const CRAWLS = '/v2/indices/demo/crawls';
const T0 = Date.parse('2027-01-15T00:00:00Z');
const DAY = 24 * 60 * 60_000;
const OLD = '2026-11-20T00:00:00Z';
const PATHS = ['/', ...Array.from({ length: 24 }, (_, i) => `/p${i}`)];
let now = T0;
let databaseUrl = '';
let site: PageServer;
const services: TestService[] = [];

function page(words: string, links: readonly string[] = [], gate?: Promise<void>): TestPage {
  const anchors = links.map((link) => `<a href="${link}">${link}</a>`).join(' ');
  return { body: `<!doctype html><html lang="en"><head><title>${words}</title></head><body><main><p>${words}</p>${anchors}</main></body></html>`, gate };
}

beforeAll(async () => {
  databaseUrl = await testDatabase('crawl lastmod two nodes');
  site = await startPageServer(Object.fromEntries(PATHS.map((path) => [path, page(`page ${path} of the site`, path === '/' ? PATHS.slice(1) : [])])));
  const urls = PATHS.map((path) => `<url><loc>${site.origin}${path}</loc><lastmod>${OLD}</lastmod></url>`).join('');
  site.pages.set('/sitemap.xml', {
    headers: { 'content-type': 'application/xml' },
    body: `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`,
  });
});

afterAll(async () => {
  for (const service of services) {
    await service.close().catch(() => {});
    service.remove();
  }
  await site?.close();
});

async function node(): Promise<TestService> {
  const service = await startService({
    engine: postgresEngines(databaseUrl),
    crawlAllowPrivate: ['127.0.0.1'],
    crawlHostRate: 0,
    crawlHostConcurrency: 2,
    clock: () => now,
  });
  services.push(service);
  return service;
}

async function report(service: TestService, id: string): Promise<CrawlJob> {
  return (await getJson<CrawlJob>(service, `${CRAWLS}/${id}`, [], { headers: { authorization: DEMO_AUTH } })).body;
}

async function start(service: TestService): Promise<string> {
  const response = await sendJson(service, 'POST', CRAWLS, { start: [`${site.origin}/`] });
  expect(response.status).toBe(202);
  return ((await response.json()) as CrawlJobCreated).id;
}

async function ended(service: TestService, id: string): Promise<CrawlJob> {
  return eventually(async () => {
    const body = await report(service, id);
    return body.state === 'queued' || body.state === 'running' ? undefined : body;
  }, 60_000);
}

it('keeps a stopped node’s finding that a page changed under an old lastmod', async () => {
  const a = await node();
  expect(await ended(a, await start(a))).toMatchObject({ state: 'done', counts: { indexed: PATHS.length } });

  // The second crawl checks lastmod: /p0 changed under its old lastmod. Node a finds it,
  // and stops while /p1 keeps the crawl running; node b ends the crawl.
  now = T0 + DAY;
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  site.pages.set('/p0', page('page /p0 rewritten since'));
  site.pages.set('/p1', page('page /p1 of the site', [], gate));
  const second = await start(a);
  await eventually(async () => ((await report(a, second)).counts.indexed === 1 ? true : undefined), 60_000);
  await a.close();
  release();
  const b = await node();
  expect(await ended(b, second)).toMatchObject({ state: 'done', counts: { indexed: 1 } });

  // The third crawl does not trust the host's lastmod: every page is asked again.
  now = T0 + 2 * DAY;
  const before = site.requests.length;
  expect(await ended(b, await start(b))).toMatchObject({ state: 'done' });
  const fetched = site.requests.slice(before).filter((path) => path !== '/robots.txt' && path !== '/sitemap.xml');
  expect(new Set(fetched).size).toBe(PATHS.length);
});
