import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiErrorBody, CrawlJob, CrawlJobCreated, CrawlJobList, CrawlUrlPage, DocumentStatus, SearchResponse } from '../../src/client/types.ts';
import { startPageServer, type PageServer, type TestPage } from '../testing/pageServer.ts';
import { eventually, getJson, sendJson, type TestService } from '../testing/service.ts';
import { servicesPerTest } from '../testing/servicesPerTest.ts';
import { DEMO_AUTH } from '../testing/service.ts';

const md5 = (text: string): string => createHash('md5').update(text).digest('hex');
const CRAWLS = '/v2/indices/demo/crawls';

/** A page of `words`, linking to `links`, with more in its head. */
function page(words: string, links: readonly string[] = [], head = ''): TestPage {
  const anchors = links.map((href) => `<a href="${href}">${href}</a>`).join(' ');
  return {
    body: `<!doctype html><html lang="en"><head><title>${words}</title>${head}</head><body><main><p>${words}</p><p>${anchors}</p></main></body></html>`,
  };
}

const sites: PageServer[] = [];
afterEach(async () => {
  await Promise.all(sites.splice(0).map((site) => site.close()));
});

async function site(pages: Record<string, TestPage>): Promise<PageServer> {
  const server = await startPageServer(pages);
  sites.push(server);
  return server;
}

/** A service that may crawl loopback, at full speed. */
function crawling(start: ReturnType<typeof servicesPerTest>, extra: Record<string, unknown> = {}): Promise<TestService> {
  return start({ crawlAllowPrivate: ['127.0.0.1'], crawlHostRate: 0, crawlHostConcurrency: 4, ...extra });
}

async function startCrawl(service: TestService, body: unknown): Promise<CrawlJobCreated> {
  const response = await sendJson(service, 'POST', CRAWLS, body);
  expect(response.status).toBe(202);
  const created = (await response.json()) as CrawlJobCreated;
  expect(response.headers.get('location')).toBe(`${CRAWLS}/${created.id}`);
  return created;
}

/** Waits for the crawl to end, and answers its report. */
async function ended(service: TestService, id: string): Promise<CrawlJob> {
  return eventually(async () => {
    const { body } = await getJson<CrawlJob>(service, `${CRAWLS}/${id}`, [], { headers: { authorization: DEMO_AUTH } });
    return body.state === 'queued' || body.state === 'running' ? undefined : body;
  });
}

async function status(service: TestService, url: string): Promise<DocumentStatus> {
  return (await getJson<DocumentStatus>(service, `/v1/indices/demo/documents/${md5(url)}`, [], { headers: { authorization: DEMO_AUTH } })).body;
}

async function search(service: TestService, term: string): Promise<string[]> {
  const { body } = await getJson<SearchResponse>(service, '/v1/search/demo', [['term', term]]);
  return body.hits.map((hit) => hit.url);
}

describe('a crawl job', () => {
  const start = servicesPerTest();

  it('follows links in scope, indexes each page once, and says why every other URL was left out', async () => {
    const s = await site({
      '/docs/': page('welcome alphaword', ['/docs/a.html', 'b.html', '/docs/private/x.html', '/docs/quiet.html', '/elsewhere.html', 'https://example.org/']),
      '/docs/a.html': page('apple betaword', ['/docs/', '/docs/b.html#part', '/docs/a.html?utm_source=mail']),
      '/docs/b.html': page('banana gammaword', ['/docs/gone.html', '/docs/index.html']),
      '/docs/quiet.html': page('quiet deltaword', [], '<meta name="robots" content="noindex">'),
      '/docs/private/x.html': page('secret epsilonword'),
      '/robots.txt': { body: 'User-agent: *\nDisallow: /docs/private/\n', headers: { 'content-type': 'text/plain' } },
    });
    const service = await crawling(start);
    const { id, state } = await startCrawl(service, { start: [`${s.origin}/docs/`] });
    expect(state).toBe('queued');
    const report = await ended(service, id);
    expect(report.state).toBe('done');
    expect(report.counts).toMatchObject({ indexed: 3, pending: 0 });
    expect(report.counts.excluded).toEqual({ 'robots.txt': 1, noindex: 1, 'out of scope': 2 });
    expect(report.counts.failed).toEqual({ 'not found': 1 });
    expect(report.samples.excluded['robots.txt']).toEqual([`${s.origin}/docs/private/x.html`]);
    // Disallowed: never fetched. Each page fetched once, whatever form its links took.
    expect(s.requests).not.toContain('/docs/private/x.html');
    for (const path of ['/docs/', '/docs/a.html', '/docs/b.html']) expect(s.requests.filter((p) => p === path)).toHaveLength(1);
    expect(await search(service, 'betaword')).toEqual([`${s.origin}/docs/a.html`]);
    expect(await search(service, 'deltaword')).toEqual([]);
    expect(await status(service, `${s.origin}/docs/quiet.html`)).toMatchObject({ status: 'EXCLUDED' });
    expect(await status(service, `${s.origin}/docs/gone.html`)).toMatchObject({ status: 'ERROR' });
    const urls = await getJson<CrawlUrlPage>(service, `${CRAWLS}/${id}/urls`, [['reason', 'out of scope']], { headers: { authorization: DEMO_AUTH } });
    expect(urls.body.urls.map((u) => u.url).sort()).toEqual([`${s.origin}/elsewhere.html`, 'https://example.org/']);
    const list = await getJson<CrawlJobList>(service, CRAWLS, [], { headers: { authorization: DEMO_AUTH } });
    expect(list.body.crawls.map((c) => c.id)).toEqual([id]);
  });

  it('seeds from sitemaps, indexes a page under its canonical URL, follows redirects once, and skips duplicates', async () => {
    const nav = '<div>Home Products Support Contact navwordzz</div>';
    const withNav = (words: string, links: readonly string[] = [], head = ''): TestPage => {
      const body = page(words, links, head).body as string;
      return { body: body.replace('<body>', `<body>${nav}`) };
    };
    const pages: Record<string, TestPage> = {
      '/': withNav('home zetaword', ['/print/guide', '/old', '/copy']),
      '/guide': withNav('guide etaword'),
      '/print/guide': withNav('guide printed thetaword', [], '<link rel="canonical" href="/guide">'),
      '/old': { status: 301, headers: { location: '/new' } },
      '/new': withNav('new iotaword'),
      '/copy': withNav('home zetaword', ['/print/guide', '/old', '/copy']),
      '/robots.txt': { body: 'User-agent: *\nAllow: /\nSitemap: /map.xml\n', headers: { 'content-type': 'text/plain' } },
    };
    for (let i = 0; i < 6; i++) pages[`/s${i}`] = withNav(`sitemap page ${i} kappaword`);
    const s = await site(pages);
    const urls = [0, 1, 2, 3, 4, 5].map((i) => `<url><loc>${s.origin}/s${i}</loc></url>`).join('');
    s.pages.set('/map.xml', {
      body: `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`,
      headers: { 'content-type': 'application/xml' },
    });
    s.pages.set('/robots.txt', { body: `User-agent: *\nAllow: /\nSitemap: ${s.origin}/map.xml\n`, headers: { 'content-type': 'text/plain' } });
    const service = await crawling(start);
    const { id } = await startCrawl(service, { start: [`${s.origin}/`] });
    const report = await ended(service, id);
    expect(report.state).toBe('done');
    expect(report.counts.excluded).toMatchObject({ 'canonical elsewhere': 1, redirected: 1, duplicate: 1 });
    expect(report.counts.indexed).toBe(9);
    expect(await search(service, 'kappaword')).toHaveLength(6);
    expect(await search(service, 'etaword')).toEqual([`${s.origin}/guide`]);
    expect(await search(service, 'iotaword')).toEqual([`${s.origin}/new`]);
    // The navigation stands on every page: it is not content.
    expect(await search(service, 'navwordzz')).toEqual([]);
    for (const path of ['/guide', '/new', '/old']) expect(s.requests.filter((p) => p === path)).toHaveLength(1);
  });

  it('asks a page again after a server error or a 429, and indexes it once it answers', async () => {
    const s = await site({
      '/': page('start omegaword', ['/busy.html', '/limited.html']),
      '/busy.html': { status: 503, body: 'busy', next: page('busy thetaword') },
      '/limited.html': { status: 429, headers: { 'retry-after': '1' }, body: 'slow down', next: page('limited iotaword') },
    });
    const service = await crawling(start);
    const { id } = await startCrawl(service, { start: [`${s.origin}/`] });
    const report = await ended(service, id);
    expect(report.state).toBe('done');
    expect(report.counts).toMatchObject({ indexed: 3, failed: {} });
    expect(s.requests.filter((path) => path === '/busy.html')).toHaveLength(2);
    expect(await search(service, 'thetaword')).toEqual([`${s.origin}/busy.html`]);
    expect(await search(service, 'iotaword')).toEqual([`${s.origin}/limited.html`]);
  });

  it('in a dry run, reports each URL in or out and writes no document', async () => {
    const s = await site({
      '/': page('home lambdaword', ['/a', '/private/b']),
      '/a': page('a muword'),
      '/robots.txt': { body: 'User-agent: *\nDisallow: /private/\n', headers: { 'content-type': 'text/plain' } },
    });
    const service = await crawling(start);
    const { id } = await startCrawl(service, { start: [`${s.origin}/`], dryRun: true });
    const report = await ended(service, id);
    expect(report).toMatchObject({ state: 'done', dryRun: true });
    expect(report.counts).toMatchObject({ indexed: 2, excluded: { 'robots.txt': 1 } });
    expect(await search(service, 'muword')).toEqual([]);
    expect((await getJson(service, `/v2/indices/demo/documents/${md5(`${s.origin}/a`)}`, [], { headers: { authorization: DEMO_AUTH } })).status).toBe(404);
  });

  it('resumes a running crawl after a restart, fetching no page twice but the one in flight', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const links = Array.from({ length: 8 }, (_, i) => `/p${i}`);
    const pages: Record<string, TestPage> = { '/': page('home nuword', [...links, '/slow']), '/slow': { ...page('slow nuword'), gate } };
    for (const link of links) pages[link] = page(`page ${link} nuword`);
    const s = await site(pages);
    const first = await crawling(start, { crawlHostConcurrency: 1 });
    const { id } = await startCrawl(first, { start: [`${s.origin}/`] });
    // Stopped while the slow page is in flight.
    await eventually(async () => (s.requests.includes('/slow') ? true : undefined));
    await first.close();
    release();
    const second = await crawling(start, { dataDir: first.dataDir });
    const report = await ended(second, id);
    expect(report.state).toBe('done');
    expect(report.counts.indexed).toBe(10);
    for (const path of ['/', ...links]) expect(s.requests.filter((p) => p === path)).toHaveLength(1);
    expect(await search(second, 'nuword')).toHaveLength(10);
  });

  it('ends on a hostile site within its bounds, with its reasons', async () => {
    const pages: Record<string, TestPage> = {
      '/': page('home xiword', ['/loop1', '/cal?day=0', '/a/a/a/a/x', '/secret.html']),
      '/loop1': { status: 302, headers: { location: '/loop2' } },
      '/loop2': { status: 302, headers: { location: '/loop1' } },
      '/secret.html': page('secret rhoword'),
      // 10 MB of robots.txt: read as far as the standard's 500 KiB, whose rules hold.
      '/robots.txt': {
        body: `User-agent: *\nDisallow: /secret.html\n# ${'x'.repeat(10 * 1024 * 1024)}\nDisallow: /\n`,
        headers: { 'content-type': 'text/plain' },
      },
      // A sitemap bomb: a few KB of gzip that would unpack to 64 MB.
      '/sitemap.xml': { body: gzipSync(Buffer.alloc(64 * 1024 * 1024, 32)), headers: { 'content-type': 'application/gzip' } },
    };
    // An endless calendar: each day links to the next.
    for (let day = 0; day < 50; day++) pages[`/cal?day=${day}`] = page(`day ${day} calword`, [`/cal?day=${day + 1}`]);
    const s = await site(pages);
    const service = await crawling(start);
    const { id } = await startCrawl(service, { start: [`${s.origin}/`], maxDepth: 5 });
    const report = await ended(service, id);
    expect(report.state).toBe('done');
    expect(report.counts.excluded).toMatchObject({ 'max depth': 1, trap: 1 });
    expect(Object.keys(report.counts.failed)).toEqual(['redirect loop']);
    expect(await search(service, 'calword')).toHaveLength(5);
    expect(report.counts.excluded['robots.txt']).toBe(1);
    expect(s.requests).not.toContain('/secret.html');
    expect(await search(service, 'xiword')).toEqual([`${s.origin}/`]);
  });

  it('answers 409 naming the crawl under way, and cancels it', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const s = await site({ '/': { ...page('slow page'), gate } });
    const service = await crawling(start);
    const { id } = await startCrawl(service, { start: [`${s.origin}/`] });
    const second = await sendJson(service, 'POST', CRAWLS, { start: [`${s.origin}/`] });
    expect(second.status).toBe(409);
    expect(((await second.json()) as ApiErrorBody).error.message).toContain(id);
    const cancelled = await sendJson(service, 'DELETE', `${CRAWLS}/${id}`);
    expect(cancelled.status).toBe(200);
    expect(((await cancelled.json()) as CrawlJob).state).toBe('cancelled');
    release();
    await startCrawl(service, { start: [`${s.origin}/`] });
  });

  it('refuses a crawl with nothing to start from, a URL not http(s), and unknown fields', async () => {
    const service = await start();
    for (const body of [{}, { start: ['not a url'] }, { start: ['ftp://example.org/'] }, { start: ['https://example.org/'], depth: 3 }]) {
      const response = await sendJson(service, 'POST', CRAWLS, body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as ApiErrorBody).error.code).toBe('invalid_body');
    }
    expect((await sendJson(service, 'POST', CRAWLS, { start: ['https://example.org/'] }, null)).status).toBe(401);
    expect((await sendJson(service, 'GET', `${CRAWLS}/nope`)).status).toBe(404);
  });
});
