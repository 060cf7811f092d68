// A recrawl schedule (`crawlSchedule` in the index settings) starts site crawls on its
// own when due by the app's clock: the test moves the clock and looks, never waits.
import { afterEach, describe, expect, it } from 'vitest';
import type { CrawlJob, CrawlJobList, SearchResponse } from '../../src/client/types.ts';
import { startPageServer, type PageServer, type TestPage } from '../testing/pageServer.ts';
import { patchSettings, readSettings, SETTINGS } from '../testing/indexSettings.ts';
import { DEMO_AUTH, eventually, getJson, sendJson, type TestService } from '../testing/service.ts';
import { servicesPerTest } from '../testing/servicesPerTest.ts';

const CRAWLS = '/v2/indices/demo/crawls';
const T0 = 1_800_000_000_000;
const HOUR = 60 * 60_000;

function page(words: string, links: readonly string[] = []): TestPage {
  return {
    body: `<!doctype html><html lang="en"><head><title>${words}</title></head><body><main><p>${words}</p>${links.map((l) => `<a href="${l}">${l}</a>`).join(' ')}</main></body></html>`,
  };
}

const sites: PageServer[] = [];
afterEach(async () => {
  await Promise.all(sites.splice(0).map((site) => site.close()));
});

async function site(): Promise<PageServer> {
  const s = await startPageServer({ '/': page('home of the site', ['/a', '/b']), '/a': page('tide tables'), '/b': page('harbour charts') });
  sites.push(s);
  return s;
}

async function crawls(service: TestService): Promise<CrawlJob[]> {
  return (await getJson<CrawlJobList>(service, CRAWLS, [], { headers: { authorization: DEMO_AUTH } })).body.crawls as CrawlJob[];
}

async function ended(service: TestService, id: string): Promise<CrawlJob> {
  return eventually(async () => {
    const { body } = await getJson<CrawlJob>(service, `${CRAWLS}/${id}`, [], { headers: { authorization: DEMO_AUTH } });
    return body.state === 'queued' || body.state === 'running' ? undefined : body;
  });
}

async function found(service: TestService, term: string): Promise<string[]> {
  const { body } = await getJson<SearchResponse>(service, '/v1/search/demo', [['term', term]]);
  return body.hits.map((hit) => hit.url);
}

describe('a recrawl schedule', () => {
  const start = servicesPerTest();
  let now = T0;
  const scheduled = (extra = {}) => start({ crawlAllowPrivate: ['127.0.0.1'], crawlHostRate: 0, clock: () => now, ...extra });

  it('starts a crawl when due by the clock, once, and again an interval after the latest crawl started', async () => {
    now = T0;
    const s = await site();
    const service = await scheduled();
    expect((await readSettings(service)).crawlSchedule).toBeNull();
    const schedule = { every: '6h', start: [`${s.origin}/`] };
    expect((await patchSettings(service, { crawlSchedule: schedule })).crawlSchedule).toEqual(schedule);

    // Never crawled: due at once.
    const [first] = await service.app.crawlSchedules.tick();
    expect(first).toBe('scheduled-0');
    expect(await ended(service, first!)).toMatchObject({ state: 'done', counts: { indexed: 3 } });
    expect(await found(service, 'tide')).toEqual([`${s.origin}/a`]);

    now = T0 + 5 * HOUR;
    expect(await service.app.crawlSchedules.tick()).toEqual([]);

    s.pages.set('/a', page('tide tables and moon phases'));
    now = T0 + 6 * HOUR;
    const [second] = await service.app.crawlSchedules.tick();
    expect(second).toBe(`scheduled-${T0 + 6 * HOUR}`);
    // Due once: the crawl under way, then ended, stands for the interval.
    expect(await service.app.crawlSchedules.tick()).toEqual([]);
    expect((await ended(service, second!)).state).toBe('done');
    expect(await service.app.crawlSchedules.tick()).toEqual([]);
    expect(await found(service, 'moon')).toEqual([`${s.origin}/a`]);

    // A crawl by hand counts: the next is due an interval after it.
    now = T0 + 10 * HOUR;
    const byHand = await sendJson(service, 'POST', CRAWLS, { start: [`${s.origin}/`] });
    expect(byHand.status).toBe(202);
    await ended(service, ((await byHand.json()) as { id: string }).id);
    now = T0 + 13 * HOUR;
    expect(await service.app.crawlSchedules.tick()).toEqual([]);
    now = T0 + 16 * HOUR;
    expect(await service.app.crawlSchedules.tick()).toEqual([`scheduled-${T0 + 16 * HOUR}`]);
    await ended(service, `scheduled-${T0 + 16 * HOUR}`);

    // Removed: nothing more starts.
    expect((await patchSettings(service, { crawlSchedule: null })).crawlSchedule).toBeNull();
    now = T0 + 100 * HOUR;
    expect(await service.app.crawlSchedules.tick()).toEqual([]);
    expect((await crawls(service)).map((c) => c.id)).toHaveLength(4);
  });

  it('takes a schedule from the config file, which the settings override', async () => {
    now = T0;
    const s = await site();
    const schedule = { every: '1d', start: [`${s.origin}/`], maxPages: 2 };
    const service = await scheduled({ indices: [{ publicKey: 'demo', secret: 'demo-secret', crawlSchedule: schedule }] });
    expect((await readSettings(service)).crawlSchedule).toEqual(schedule);
    const [id] = await service.app.crawlSchedules.tick();
    expect((await ended(service, id!)).options.maxPages).toBe(2);
    expect((await patchSettings(service, { crawlSchedule: null })).crawlSchedule).toBeNull();
    now = T0 + 48 * HOUR;
    expect(await service.app.crawlSchedules.tick()).toEqual([]);
  });

  it('refuses a schedule it cannot run, naming the field, and starts none for a URL the allow-lists refuse', async () => {
    now = T0;
    const service = await start({ clock: () => now });
    for (const [crawlSchedule, field] of [
      [{ every: '1m', start: ['https://example.com/'] }, 'crawlSchedule.every'],
      [{ every: '6h' }, 'crawlSchedule'],
      [{ every: '6h', start: ['ftp://example.com/'] }, 'crawlSchedule.start[0]'],
      [{ every: '6h', start: ['https://example.com/'], dryRun: true }, 'crawlSchedule.dryRun'],
    ] as const) {
      const answer = await sendJson(service, 'PATCH', SETTINGS, { crawlSchedule });
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { error: { parameter: string } }).error.parameter).toBe(field);
    }
    expect((await readSettings(service)).crawlSchedule).toBeNull();
    // Loopback is private: the allow-lists refuse it here.
    await patchSettings(service, { crawlSchedule: { every: '6h', start: ['http://127.0.0.1:9/'] } });
    expect(await service.app.crawlSchedules.tick()).toEqual([]);
    expect(await crawls(service)).toEqual([]);
  });
});
