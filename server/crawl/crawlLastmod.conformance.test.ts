// Sitemap lastmod on full recrawls: once a host's lastmod values proved true, pages whose
// lastmod is not after the previous full crawl's start are not fetched; a page changed
// under an old lastmod turns that off for the host.
import { afterEach, describe, expect, it } from 'vitest';
import type { CrawlJob, CrawlJobCreated, SearchResponse } from '../../src/client/types.ts';
import { startPageServer, type PageServer, type TestPage } from '../testing/pageServer.ts';
import { DEMO_AUTH, eventually, getJson, sendJson, type TestService } from '../testing/service.ts';
import { servicesPerTest } from '../testing/servicesPerTest.ts';

const CRAWLS = '/v2/indices/demo/crawls';
const T0 = Date.parse('2027-01-15T00:00:00Z');
const DAY = 24 * 60 * 60_000;
const OLD = '2026-11-20T00:00:00Z';
const PATHS = ['/', '/a', '/b', '/c', '/d'];

function page(words: string, links: readonly string[] = []): TestPage {
  return {
    body: `<!doctype html><html lang="en"><head><title>${words}</title></head><body><main><p>${words}</p>${links.map((l) => `<a href="${l}">${l}</a>`).join(' ')}</main></body></html>`,
  };
}

function sitemap(origin: string, lastmods: Record<string, string>): TestPage {
  const urls = PATHS.map((path) => `<url><loc>${origin}${path}</loc><lastmod>${lastmods[path] ?? OLD}</lastmod></url>`);
  return {
    headers: { 'content-type': 'application/xml' },
    body: `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>`,
  };
}

const sites: PageServer[] = [];
afterEach(async () => {
  await Promise.all(sites.splice(0).map((site) => site.close()));
});

async function site(): Promise<PageServer> {
  const s = await startPageServer({
    '/': page('home of the site', PATHS.slice(1)),
    '/a': page('alpha page'),
    '/b': page('bravo page'),
    '/c': page('charlie page'),
    '/d': page('delta page'),
  });
  s.pages.set('/sitemap.xml', sitemap(s.origin, {}));
  sites.push(s);
  return s;
}

async function crawl(service: TestService, origin: string): Promise<CrawlJob> {
  const response = await sendJson(service, 'POST', CRAWLS, { start: [`${origin}/`] });
  expect(response.status).toBe(202);
  const { id } = (await response.json()) as CrawlJobCreated;
  return eventually(async () => {
    const { body } = await getJson<CrawlJob>(service, `${CRAWLS}/${id}`, [], { headers: { authorization: DEMO_AUTH } });
    return body.state === 'queued' || body.state === 'running' ? undefined : body;
  });
}

/** Pages fetched since `from`, robots.txt and the sitemap aside. */
function fetchedPages(s: PageServer, from: number): string[] {
  return s.requests
    .slice(from)
    .filter((path) => path !== '/robots.txt' && path !== '/sitemap.xml')
    .sort();
}

async function found(service: TestService, term: string): Promise<string[]> {
  const { body } = await getJson<SearchResponse>(service, '/v1/search/demo', [['term', term]]);
  return body.hits.map((hit) => hit.url);
}

describe('sitemap lastmod on a recrawl', () => {
  const start = servicesPerTest();
  let now = T0;
  const crawling = () => start({ crawlAllowPrivate: ['127.0.0.1'], crawlHostRate: 0, clock: () => now });

  it('is trusted once it proved true: then pages not changed since the last full crawl are not fetched, and a new lastmod is', async () => {
    now = T0;
    const s = await site();
    const service = await crawling();
    expect(await crawl(service, s.origin)).toMatchObject({ state: 'done', counts: { indexed: 5 } });
    // The second crawl checks lastmod against the pages: every one as it was.
    now = T0 + DAY;
    let before = s.requests.length;
    expect(await crawl(service, s.origin)).toMatchObject({ state: 'done', counts: { unchanged: 5, fetched: 5 } });
    expect(fetchedPages(s, before)).toEqual(PATHS.slice().sort());
    // The third trusts it: only the page whose lastmod moved is fetched.
    s.pages.set('/b', page('bravo page with fresh kelp'));
    s.pages.set('/sitemap.xml', sitemap(s.origin, { '/b': new Date(T0 + 1.5 * DAY).toISOString() }));
    now = T0 + 2 * DAY;
    before = s.requests.length;
    const third = await crawl(service, s.origin);
    expect(third).toMatchObject({ state: 'done', counts: { found: 5, fetched: 1, indexed: 1, unchanged: 4 }, removed: [] });
    expect(fetchedPages(s, before)).toEqual(['/b']);
    expect(await found(service, 'kelp')).toEqual([`${s.origin}/b`]);
    expect(await found(service, 'charlie')).toEqual([`${s.origin}/c`]);
  });

  it('is not trusted for a host where a page changed under an old lastmod', async () => {
    now = T0;
    const s = await site();
    const service = await crawling();
    await crawl(service, s.origin);
    s.pages.set('/a', page('alpha page with fresh kelp'));
    now = T0 + DAY;
    expect(await crawl(service, s.origin)).toMatchObject({ counts: { indexed: 1, unchanged: 4 } });
    for (const day of [2, 3]) {
      now = T0 + day * DAY;
      const before = s.requests.length;
      expect(await crawl(service, s.origin)).toMatchObject({ counts: { fetched: 5 } });
      expect(fetchedPages(s, before)).toEqual(PATHS.slice().sort());
    }
  });
});
