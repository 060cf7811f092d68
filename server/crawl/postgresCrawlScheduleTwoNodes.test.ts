/**
 * A recrawl schedule on two service nodes sharing one PostgreSQL database: both look
 * when the crawl is due, by one clock, and one crawl starts, which both then work on.
 * The nodes run in this process (each with its own data folder) so the test moves their
 * clock rather than waiting.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CrawlJob, CrawlJobList } from '../../src/client/types.ts';
import { postgresEngines } from '../indices/postgresFactory.ts';
import { startPageServer, type PageServer } from '../testing/pageServer.ts';
import { testDatabase } from '../testing/postgresDatabase.ts';
import { patchSettings } from '../testing/indexSettings.ts';
import { DEMO_AUTH, eventually, getJson, startService, type TestService } from '../testing/service.ts';

const T0 = 1_800_000_000_000;
const HOUR = 60 * 60_000;
let now = T0;
let site: PageServer;
let a: TestService;
let b: TestService;

beforeAll(async () => {
  const databaseUrl = await testDatabase('crawl schedule two nodes');
  const links = Array.from({ length: 10 }, (_, i) => `/p${i}`);
  const page = (words: string, hrefs: readonly string[] = []) => ({
    body: `<!doctype html><html lang="en"><head><title>${words}</title></head><body><main><p>${words}</p>${hrefs.map((h) => `<a href="${h}">x</a>`).join('')}</main></body></html>`,
  });
  site = await startPageServer(Object.fromEntries([['/', page('home', links)], ...links.map((link) => [link, page(`page ${link}`)])]));
  const node = () => startService({ engine: postgresEngines(databaseUrl), crawlAllowPrivate: ['127.0.0.1'], crawlHostRate: 0, clock: () => now });
  [a, b] = await Promise.all([node(), node()]);
});

afterAll(async () => {
  for (const service of [a, b]) {
    await service?.close();
    service?.remove();
  }
  await site?.close();
});

async function list(service: TestService): Promise<CrawlJob[]> {
  return (await getJson<CrawlJobList>(service, '/v2/indices/demo/crawls', [], { headers: { authorization: DEMO_AUTH } })).body.crawls as CrawlJob[];
}

it('starts each due crawl once across two nodes', async () => {
  await patchSettings(a, { crawlSchedule: { every: '1h', start: [`${site.origin}/`] } });
  for (const due of [0, T0 + HOUR]) {
    now = due === 0 ? T0 : due;
    // Both look at once, and again: one crawl, made by one of them.
    const started = (await Promise.all([a.app.crawlSchedules.tick(), b.app.crawlSchedules.tick()])).flat();
    expect(started).toEqual([`scheduled-${due}`]);
    expect((await Promise.all([a.app.crawlSchedules.tick(), b.app.crawlSchedules.tick()])).flat()).toEqual([]);
    const report = await eventually(async () => {
      const [latest] = await list(b);
      return latest?.state === 'done' ? latest : undefined;
    }, 60_000);
    expect(report.id).toBe(`scheduled-${due}`);
    // The second finds every page as it was.
    expect(report.counts.indexed + report.counts.unchanged).toBe(11);
  }
  expect((await list(a)).map((crawl) => crawl.id)).toEqual([`scheduled-${T0 + HOUR}`, 'scheduled-0']);
});
