// The deploy hook: a crawl of just the URLs a deploy changed (`changed`), or of what the
// sitemaps say changed since a time (`since`); pages it did not look at stay as they are.
import { afterEach, describe, expect, it } from 'vitest';
import type { CrawlJob, CrawlJobCreated, SearchResponse } from '../../src/client/types.ts';
import { createIndexClient } from '../../src/client/index.ts';
import { startPageServer, type PageServer, type TestPage } from '../testing/pageServer.ts';
import { DEMO_AUTH, eventually, getJson, sendJson, type TestService } from '../testing/service.ts';
import { servicesPerTest } from '../testing/servicesPerTest.ts';

const CRAWLS = '/v2/indices/demo/crawls';

function page(words: string, links: readonly string[] = []): TestPage {
  return {
    body: `<!doctype html><html lang="en"><head><title>${words}</title></head><body><main><p>${words}</p>${links.map((l) => `<a href="${l}">${l}</a>`).join(' ')}</main></body></html>`,
  };
}

function sitemap(origin: string, entries: ReadonlyArray<[string, string | null]>): TestPage {
  const urls = entries.map(([path, lastmod]) => `<url><loc>${origin}${path}</loc>${lastmod === null ? '' : `<lastmod>${lastmod}</lastmod>`}</url>`);
  return {
    headers: { 'content-type': 'application/xml' },
    body: `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>`,
  };
}

const PATHS = ['/a', '/b', '/c', '/d'];
const sites: PageServer[] = [];
afterEach(async () => {
  await Promise.all(sites.splice(0).map((site) => site.close()));
});

async function site(): Promise<PageServer> {
  const s = await startPageServer({
    '/': page('home of the site', PATHS),
    '/a': page('alpha page'),
    '/b': page('bravo page'),
    '/c': page('charlie page'),
    '/d': page('delta page'),
  });
  sites.push(s);
  return s;
}

async function ended(service: TestService, id: string): Promise<CrawlJob> {
  return eventually(async () => {
    const { body } = await getJson<CrawlJob>(service, `${CRAWLS}/${id}`, [], { headers: { authorization: DEMO_AUTH } });
    return body.state === 'queued' || body.state === 'running' ? undefined : body;
  });
}

async function crawl(service: TestService, body: Record<string, unknown>): Promise<CrawlJob> {
  const response = await sendJson(service, 'POST', CRAWLS, body);
  expect(response.status, await response.clone().text()).toBe(202);
  return ended(service, ((await response.json()) as CrawlJobCreated).id);
}

async function found(service: TestService, term: string): Promise<string[]> {
  const { body } = await getJson<SearchResponse>(service, '/v1/search/demo', [['term', term]]);
  return body.hits.map((hit) => hit.url);
}

/** Pages fetched since `from` in the site's log, robots.txt and sitemaps aside. */
function fetchedPages(s: PageServer, from: number): string[] {
  return s.requests.slice(from).filter((path) => path !== '/robots.txt' && !path.endsWith('.xml'));
}

describe('a deploy hook', () => {
  const start = servicesPerTest();
  const crawling = () => start({ crawlAllowPrivate: ['127.0.0.1'], crawlHostRate: 0, clock: () => 1_800_000_000_000 });

  it('crawls just the URLs changed: new text, a new page and a deleted one, the rest left alone', async () => {
    const s = await site();
    const service = await crawling();
    expect(await crawl(service, { start: [`${s.origin}/`] })).toMatchObject({ state: 'done', counts: { indexed: 5 } });

    s.pages.set('/a', page('alpha page with fresh kelp'));
    s.pages.set('/e', page('echo page'));
    s.pages.delete('/b');
    // /c is gone from the site too, but not named: a deploy hook judges only what it is told of.
    s.pages.delete('/c');
    const before = s.requests.length;
    const client = createIndexClient({ baseUrl: service.baseUrl, siteKey: 'demo', secret: 'demo-secret' });
    // One page of five is more than the safety check's tenth: this small site allows half.
    const { id } = await client.crawls.start({ changed: [`${s.origin}/a`, `${s.origin}/b`, `${s.origin}/e`], maxRemovalShare: 0.5 });
    const report = await ended(service, id);
    expect(report).toMatchObject({ state: 'done', counts: { found: 3, fetched: 3, indexed: 2, failed: { 'not found': 1 } } });
    expect(report.removed).toEqual([{ url: `${s.origin}/b`, reason: 'not found', state: 'removed' }]);
    expect(fetchedPages(s, before).sort()).toEqual(['/a', '/b', '/e']);
    expect(await found(service, 'kelp')).toEqual([`${s.origin}/a`]);
    expect(await found(service, 'echo')).toEqual([`${s.origin}/e`]);
    expect(await found(service, 'bravo')).toEqual([]);
    expect(await found(service, 'charlie')).toEqual([`${s.origin}/c`]);
  });

  it('crawls what the sitemap says changed since a time', async () => {
    const s = await site();
    const old = '2026-11-20T00:00:00Z';
    s.pages.set(
      '/sitemap.xml',
      sitemap(
        s.origin,
        PATHS.map((path) => [path, old]),
      ),
    );
    const service = await crawling();
    expect(await crawl(service, { start: [`${s.origin}/`] })).toMatchObject({ state: 'done', counts: { indexed: 5 } });

    s.pages.set('/b', page('bravo page with fresh kelp'));
    s.pages.set('/d', page('delta page with fresh kelp'));
    s.pages.set(
      '/sitemap.xml',
      sitemap(s.origin, [
        ['/a', old],
        ['/b', '2026-12-02T09:00:00+01:00'],
        ['/c', null],
        ['/d', '2026-12-01'],
      ]),
    );
    const before = s.requests.length;
    const report = await crawl(service, { start: [`${s.origin}/`], since: '2026-12-01T00:00:00Z' });
    expect(report).toMatchObject({ state: 'done', counts: { indexed: 2 }, removed: [] });
    expect(fetchedPages(s, before).sort()).toEqual(['/b', '/d']);
    expect((await found(service, 'kelp')).sort()).toEqual([`${s.origin}/b`, `${s.origin}/d`]);
    expect(await found(service, 'alpha')).toEqual([`${s.origin}/a`]);
  });

  it('refuses a hook with nothing to go on, a bad time, or a URL not http(s)', async () => {
    const service = await crawling();
    for (const [body, parameter] of [
      [{ since: '2026-12-01T00:00:00Z' }, 'since'],
      [{ start: ['https://example.com/'], since: 'yesterday' }, 'since'],
      [{ changed: ['ftp://example.com/a'] }, 'changed'],
      [{ changed: [] }, 'start'],
    ] as const) {
      const response = await sendJson(service, 'POST', CRAWLS, body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { parameter: string } }).error.parameter).toBe(parameter);
    }
  });
});
