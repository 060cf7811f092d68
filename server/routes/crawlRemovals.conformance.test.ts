// Recrawls keep an index true to its site: gone pages leave, failing ones stay, a crawl
// that would remove too much is held for the owner, and an unchanged page costs a 304.
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { CrawlJob, CrawlJobCreated, DocumentStatus, HealthResponse, SearchResponse } from '../../src/client/types.ts';
import { createIndexClient } from '../../src/client/index.ts';
import { startPageServer, type PageServer, type TestPage } from '../testing/pageServer.ts';
import { DEMO_AUTH, eventually, getJson, sendJson, type TestService } from '../testing/service.ts';
import { servicesPerTest } from '../testing/servicesPerTest.ts';

const md5 = (text: string): string => createHash('md5').update(text).digest('hex');
const CRAWLS = '/v2/indices/demo/crawls';

/** A page of `words` linking to `links`, with an ETag of its own. */
function page(words: string, links: readonly string[] = [], head = ''): TestPage {
  const anchors = links.map((href) => `<a href="${href}">${href}</a>`).join(' ');
  const body = `<!doctype html><html lang="en"><head><title>${words}</title>${head}</head><body><main><p>${words}</p><p>${anchors}</p></main></body></html>`;
  return { body, headers: { etag: `"${md5(body)}"` } };
}

/** A site of `count` pages (word `w{i}x`), all linked from its home page. */
function pages(count: number, skip: (i: number) => boolean = () => false): Record<string, TestPage> {
  const paths = Array.from({ length: count }, (_, i) => `/p${i}`);
  const table: Record<string, TestPage> = {
    '/': page(
      'home of the site',
      paths.filter((_, i) => !skip(i)),
    ),
  };
  paths.forEach((path, i) => (table[path] = page(`page w${i}x`)));
  return table;
}

const sites: PageServer[] = [];
afterEach(async () => {
  await Promise.all(sites.splice(0).map((site) => site.close()));
});

async function crawl(service: TestService, origin: string, extra: Record<string, unknown> = {}): Promise<CrawlJob> {
  const response = await sendJson(service, 'POST', CRAWLS, { start: [`${origin}/`], ...extra });
  expect(response.status).toBe(202);
  const { id } = (await response.json()) as CrawlJobCreated;
  return eventually(async () => {
    const { body } = await getJson<CrawlJob>(service, `${CRAWLS}/${id}`, [], { headers: { authorization: DEMO_AUTH } });
    return body.state === 'queued' || body.state === 'running' ? undefined : body;
  });
}

async function found(service: TestService, term: string): Promise<string[]> {
  const { body } = await getJson<SearchResponse>(service, '/v1/search/demo', [['term', term]]);
  return body.hits.map((hit) => hit.url);
}

async function status(service: TestService, url: string): Promise<DocumentStatus> {
  return (await getJson<DocumentStatus>(service, `/v1/indices/demo/documents/${md5(url)}`, [], { headers: { authorization: DEMO_AUTH } })).body;
}

describe('a recrawl', () => {
  const start = servicesPerTest();
  const crawling = (extra: Record<string, unknown> = {}) =>
    start({ crawlAllowPrivate: ['127.0.0.1'], crawlHostRate: 0, crawlHostConcurrency: 4, clock: () => 1_800_000_000_000, ...extra });

  it('removes the pages the site says are gone, keeps the failing ones, writes nothing for the unchanged, and never touches API documents', async () => {
    const s = await startPageServer(pages(12));
    sites.push(s);
    const service = await crawling();
    const apiDoc = `${s.origin}/written-by-api`;
    expect((await sendJson(service, 'POST', '/v2/indices/demo/documents/', { url: apiDoc, title: 'apidocword' })).status).toBeLessThan(300);
    const first = await crawl(service, s.origin);
    expect(first).toMatchObject({ state: 'done', counts: { indexed: 13 } });
    expect(first.change).toEqual({ previous: null, added: 13, changed: 0, removed: 0, failed: { now: 0, before: 0 }, newFailures: 0, newFailureSamples: [] });

    const url = (i: number) => `${s.origin}/p${i}`;
    s.pages.set(
      '/',
      page(
        'home of the site',
        [0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11].map((i) => `/p${i}`),
      ),
    );
    s.pages.delete('/p1');
    s.pages.set('/p2', { status: 410, body: 'gone' });
    s.pages.set('/p3', page('page w3x', [], '<meta name="robots" content="noindex">'));
    s.pages.set('/p4', page('page w4x', [], '<link rel="canonical" href="/p5">'));
    // /p6 is no longer linked (still served); /p7 now reads as the home page.
    s.pages.set('/p7', s.pages.get('/')!);
    s.pages.set('/p8', { status: 503, headers: { 'retry-after': '0' }, body: 'busy' });
    s.pages.set('/p9', page('page w9x changed newtextword'));
    const second = await crawl(service, s.origin, { maxRemovalShare: 0.9 });
    expect(second.state).toBe('done');
    expect(Object.fromEntries(second.removed.map((r) => [r.url, r.reason]))).toEqual({
      [url(1)]: 'not found',
      [url(2)]: 'not found',
      [url(3)]: 'noindex',
      [url(4)]: 'canonical elsewhere',
      [url(6)]: 'no longer linked',
      [url(7)]: 'duplicate',
    });
    expect(second.removals).toEqual({ removed: 6, held: 0, discarded: 0 });
    for (const i of [1, 2, 3, 4, 6, 7]) expect(await found(service, `w${i}x`)).toEqual([]);
    expect(await status(service, url(1))).toMatchObject({ status: 'EXCLUDED', statusInfo: 'removed by a crawl: not found' });
    // A server error keeps the page, its status saying why.
    expect(await found(service, 'w8x')).toEqual([url(8)]);
    expect(await status(service, url(8))).toMatchObject({ status: 'ERROR' });
    expect(await found(service, 'newtextword')).toEqual([url(9)]);
    expect(await found(service, 'apidocword')).toEqual([apiDoc]);
    // Unchanged pages answered 304 and wrote nothing.
    expect(second.counts.unchanged).toBe(4);
    expect(s.notModified.sort()).toEqual(['/p0', '/p10', '/p11', '/p5']);
    // The change since the first crawl: the home page and /p9 read anew, three URLs failing that did not.
    expect(second.change).toEqual({
      previous: first.id,
      added: 0,
      changed: 2,
      removed: 6,
      failed: { now: 3, before: 0 },
      newFailures: 3,
      newFailureSamples: [url(1), url(2), url(8)],
    });
    const latest = await getJson<CrawlJob>(service, `${CRAWLS}/latest`, [], { headers: { authorization: DEMO_AUTH } });
    expect(latest.body.change).toEqual(second.change);
  });

  it('removes a page failing with a server error only once it failed in three crawls in a row spread over a day', async () => {
    const s = await startPageServer(pages(20));
    sites.push(s);
    const HOUR = 60 * 60_000;
    let now = 1_800_000_000_000;
    const service = await crawling({ clock: () => now });
    expect(await crawl(service, s.origin)).toMatchObject({ state: 'done', counts: { indexed: 21 } });
    s.pages.set('/p0', { status: 503, headers: { 'retry-after': '0' }, body: 'busy' });
    // Three failing crawls within three hours: a bad afternoon, not a gone page.
    for (const hours of [1, 2, 3]) {
      now += HOUR;
      const failing = await crawl(service, s.origin);
      expect(failing, `after ${hours} h`).toMatchObject({ state: 'done', counts: { failed: { 'server error': 1 } }, removals: { removed: 0, held: 0 } });
      expect(await found(service, 'w0x')).toEqual([`${s.origin}/p0`]);
    }
    expect(await status(service, `${s.origin}/p0`)).toMatchObject({ status: 'ERROR' });
    // The fourth, a day after the first failure: the page goes, its status saying why.
    now += 23 * HOUR;
    const fourth = await crawl(service, s.origin);
    expect(fourth).toMatchObject({ state: 'done', removals: { removed: 1, held: 0 } });
    expect(fourth.removed).toEqual([{ url: `${s.origin}/p0`, reason: 'server error in 4 crawls in a row', state: 'removed' }]);
    expect(await found(service, 'w0x')).toEqual([]);
    expect(await status(service, `${s.origin}/p0`)).toMatchObject({ status: 'EXCLUDED', statusInfo: 'removed by a crawl: server error in 4 crawls in a row' });
  });

  it('holds removals of 30% of the site until approved (or discarded); a site 20% failing loses nothing; 5% deleted go at once', async () => {
    const s = await startPageServer(pages(20));
    sites.push(s);
    const service = await crawling();
    expect(await crawl(service, s.origin)).toMatchObject({ state: 'done', counts: { indexed: 21 } });

    for (const i of [0, 1, 2, 3]) s.pages.set(`/p${i}`, { status: 503, body: 'busy' });
    const failing = await crawl(service, s.origin);
    expect(failing).toMatchObject({ state: 'done', removals: { removed: 0, held: 0 } });
    expect(await found(service, 'w0x')).toHaveLength(1);

    const restored = pages(20);
    for (const i of [0, 1, 2, 3]) s.pages.set(`/p${i}`, restored[`/p${i}`]!);
    const deleted = [4, 5, 6, 7, 8, 9];
    for (const i of deleted) s.pages.delete(`/p${i}`);
    const held = await crawl(service, s.origin);
    expect(held).toMatchObject({ state: 'held', removals: { removed: 0, held: 6 } });
    expect(held.removed.map((r) => r.reason)).toEqual(Array(6).fill('not found'));
    expect(await found(service, 'w4x')).toHaveLength(1);
    // The owner's side, through the client: what would go, then leave it.
    const api = createIndexClient({ siteKey: 'demo', secret: 'demo-secret', baseUrl: service.baseUrl });
    expect((await api.crawls.removals(held.id)).removals.map((r) => r.reason)).toEqual(Array(6).fill('not found'));
    expect((await api.crawls.discard(held.id)).removals).toMatchObject({ held: 0, discarded: 6 });
    expect(await found(service, 'w4x')).toHaveLength(1);

    const heldAgain = await crawl(service, s.origin);
    expect(heldAgain.state).toBe('held');
    await expect(api.crawls.approve(held.id)).rejects.toMatchObject({ status: 409, code: 'crawl_not_held' });
    expect(await api.crawls.approve(heldAgain.id)).toMatchObject({ state: 'done', removals: { removed: 6, held: 0 } });
    for (const i of deleted) expect(await found(service, `w${i}x`)).toEqual([]);

    s.pages.delete('/p10');
    const small = await crawl(service, s.origin);
    expect(small).toMatchObject({ state: 'done', removals: { removed: 1 } });
    expect(await found(service, 'w10x')).toEqual([]);
    expect((await api.crawls.latest()).id).toBe(small.id);
    const health = await getJson<HealthResponse>(service, '/health');
    expect(health.body).toMatchObject({ status: 'ok', indices: [{ publicKey: 'demo', lastCrawl: { id: small.id, state: 'done' } }] });
  });
});
