// The index stays true to the bench's generated site (site.ts) through scheduled recrawls,
// each started by the schedule on the app's clock: a fifth of the pages failing loses
// nothing; a twentieth deleted are gone after one crawl, and rewritten pages show their new
// text; a whole section deleted (a third of the site) is held until the owner approves.
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { CrawlJob, SearchResponse } from '../../src/client/types.ts';
import { patchSettings } from '../../server/testing/indexSettings.ts';
import { DEMO_AUTH, eventually, getJson, sendJson, type TestService } from '../../server/testing/service.ts';
import { servicesPerTest } from '../../server/testing/servicesPerTest.ts';
import { CrawlSite, type SitePage } from './site.ts';
import { serveSite, type SiteServer } from './siteServer.ts';

const CRAWLS = '/v2/indices/demo/crawls';
const T0 = 1_800_000_000_000;
const HOUR = 60 * 60_000;
/** Large enough for three sections and the site's odd pages, small enough for seconds a crawl. */
const PAGES = 250;

const servers: SiteServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** Keeps a crawl that never ends from hanging the run, no more: beside a second suite, one crawl of the site on PostgreSQL took over a minute. */
const CRAWL_BOUND_MS = 240_000;

async function ended(service: TestService, id: string): Promise<CrawlJob> {
  return eventually(async () => {
    const { body } = await getJson<CrawlJob>(service, `${CRAWLS}/${id}`, [], { headers: { authorization: DEMO_AUTH } });
    return body.state === 'queued' || body.state === 'running' ? undefined : body;
  }, CRAWL_BOUND_MS);
}

async function found(service: TestService, term: string): Promise<string[]> {
  const { body } = await getJson<SearchResponse>(service, '/v1/search/demo', [
    ['term', term],
    ['postfixWildcard', 'false'],
  ]);
  return body.hits.map((hit) => hit.url);
}

/** The pages of `pages` a search for their own word finds (under their URL), and those it does not. */
async function searchable(service: TestService, origin: string, pages: readonly SitePage[]): Promise<{ found: string[]; missing: string[] }> {
  const out = { found: [] as string[], missing: [] as string[] };
  for (const page of pages) {
    const url = origin + page.path;
    ((await found(service, page.uniqueWords[0]!)).includes(url) ? out.found : out.missing).push(url);
  }
  return out;
}

/** Whether a path is one of a fifth of the site's articles, chosen by a hash (spread over every section). */
const oneInFive = (path: string) => createHash('md5').update(path).digest()[0]! % 5 === 0;

describe("recrawls of the bench's generated site", () => {
  const start = servicesPerTest();

  it('lose nothing to a fifth failing, drop a twentieth deleted and show rewritten text after one scheduled crawl, and hold a deleted third until approved', async () => {
    let now = T0;
    const site = new CrawlSite({ pages: PAGES, slowMs: 0 });
    const server = await serveSite(site);
    servers.push(server);
    const service = await start({ crawlAllowPrivate: ['127.0.0.1'], crawlHostRate: 0, clock: () => now });
    await patchSettings(service, {
      crawlSchedule: { every: '6h', start: [site.startUrl(server.origin)], ignoreParams: ['utm_*', 'ref'], maxPages: PAGES * 2 },
    });
    /** The schedule's crawl due at `at` (a minute before, none), run to its end: started by the clock, never by waiting. */
    const scheduled = async (at: number): Promise<CrawlJob> => {
      if (at > T0) {
        now = at - 60_000;
        expect(await service.app.crawlSchedules.tick(), 'not due yet').toEqual([]);
      }
      now = at;
      const started = await service.app.crawlSchedules.tick();
      expect(started).toHaveLength(1);
      return ended(service, started[0]!);
    };

    // Never crawled: due at once.
    const first = await scheduled(T0);
    expect(first.state).toBe('done');
    expect(first.counts.indexed).toBe(PAGES);
    expect((await searchable(service, server.origin, site.pages)).missing).toEqual([]);

    // A fifth of the articles answer a transient 503 all through the crawl (retries too): nothing leaves.
    const articles = site.pages.filter((p) => p.kind === 'article');
    expect(articles.filter((p) => oneInFive(p.path)).length / PAGES).toBeGreaterThanOrEqual(0.18);
    const fetches = { pages: 0, refused: 0 };
    server.setUnavailable((path) => {
      const refuse = oneInFive(path) && site.page(path)?.kind === 'article';
      fetches.pages++;
      if (refuse) fetches.refused++;
      return refuse;
    });
    const unavailable = await scheduled(T0 + 6 * HOUR);
    // The sitemap's lastmod, proved true, spares most pages' fetches: of those made, a fifth or more failed.
    expect(fetches.refused / fetches.pages).toBeGreaterThanOrEqual(0.2);
    expect(unavailable.counts.failed['server error']).toBeGreaterThan(0);
    expect(unavailable.removals).toMatchObject({ removed: 0, held: 0 });
    expect(unavailable.removed).toEqual([]);
    expect((await searchable(service, server.origin, site.pages)).missing).toEqual([]);
    server.setUnavailable(null);

    // A twentieth deleted, a few rewritten (their sitemap lastmod with them): one crawl later,
    // the deleted are gone and the rewritten found by their new words.
    const deleted = articles.filter((_, i) => i % 20 === 7);
    expect(deleted.length / PAGES).toBeGreaterThanOrEqual(0.04);
    expect(deleted.length / PAGES).toBeLessThanOrEqual(0.06);
    site.remove(deleted.map((p) => p.path));
    const rewritten = articles.filter((_, i) => i % 25 === 3);
    const newWord = (i: number) => `qzrewritten${String.fromCharCode(97 + i)}`;
    rewritten.forEach((page, i) => site.change(page.path, `Rewritten with ${newWord(i)}.`, new Date(T0 + 7 * HOUR).toISOString()));
    const fewGone = await scheduled(T0 + 12 * HOUR);
    expect(fewGone.state).toBe('done');
    expect(fewGone.removals).toMatchObject({ removed: deleted.length, held: 0 });
    expect(fewGone.removed.map((r) => r.url).sort()).toEqual(deleted.map((p) => server.origin + p.path).sort());
    expect((await searchable(service, server.origin, deleted)).found).toEqual([]);
    for (const [i, page] of rewritten.entries()) expect(await found(service, newWord(i))).toEqual([server.origin + page.path]);
    expect((await searchable(service, server.origin, site.livePages())).missing).toEqual([]);

    // A whole section deleted, a third of the site: held, the pages searchable, until approved.
    const section = site.livePages().filter((p) => p.section === 0);
    expect(section.length / PAGES).toBeGreaterThanOrEqual(0.3);
    site.remove(section.map((p) => p.path));
    const held = await scheduled(T0 + 18 * HOUR);
    expect(held.state).toBe('held');
    expect(held.removals).toMatchObject({ removed: 0, held: section.length });
    expect(held.removed.map((r) => r.url).sort()).toEqual(section.map((p) => server.origin + p.path).sort());
    expect((await searchable(service, server.origin, section)).missing).toEqual([]);
    const approved = await sendJson(service, 'POST', `${CRAWLS}/${held.id}/approve`);
    expect(approved.status).toBe(200);
    expect(((await approved.json()) as CrawlJob).removals).toMatchObject({ removed: section.length, held: 0 });
    expect((await searchable(service, server.origin, section)).found).toEqual([]);
    expect((await searchable(service, server.origin, site.livePages())).missing).toEqual([]);
    // Four crawls, each bounded by CRAWL_BOUND_MS: a guard against a hang, not a time to meet.
  }, 960_000);
});
