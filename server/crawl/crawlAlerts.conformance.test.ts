// Crawl alerts (`crawlAlerts` in the index settings): a crawl that is held, fails, or finds
// more new failures than the threshold is told of at `warn` and POSTed to the webhook,
// which is reached through the crawler's outbound guard.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CrawlAlert, CrawlJob, CrawlJobCreated } from '../../src/client/types.ts';
import type { CrawlState } from '../engine/crawlStore.ts';
import { CrawlJob as CrawlRun } from './crawlJob.ts';
import { startFakeHost, type FakeHost } from '../testing/fakeHost.ts';
import { patchSettings } from '../testing/indexSettings.ts';
import { startPageServer, type PageServer, type TestPage } from '../testing/pageServer.ts';
import { DEMO_AUTH, eventually, getJson, sendJson, type TestService } from '../testing/service.ts';
import { servicesPerTest } from '../testing/servicesPerTest.ts';

const CRAWLS = '/v2/indices/demo/crawls';

function page(words: string, links: readonly string[] = []): TestPage {
  return {
    body: `<!doctype html><html lang="en"><head><title>${words}</title></head><body><main><p>${words}</p>${links.map((l) => `<a href="${l}">${l}</a>`).join(' ')}</main></body></html>`,
  };
}

/** A home page linking to `count` pages. */
function pages(count: number): Record<string, TestPage> {
  const paths = Array.from({ length: count }, (_, i) => `/p${i}`);
  return Object.fromEntries([['/', page('home of the site', paths)], ...paths.map((path, i) => [path, page(`page w${i}x`)])]);
}

const closing: Array<PageServer | FakeHost> = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((server) => server.close()));
});

async function crawl(service: TestService, origin: string, extra: Record<string, unknown> = {}): Promise<CrawlJob> {
  const response = await sendJson(service, 'POST', CRAWLS, { start: [`${origin}/`], ...extra });
  expect(response.status).toBe(202);
  const { id } = (await response.json()) as CrawlJobCreated;
  const ended = await eventually(async () => {
    const { body } = await getJson<CrawlJob>(service, `${CRAWLS}/${id}`, [], { headers: { authorization: DEMO_AUTH } });
    return body.state === 'queued' || body.state === 'running' ? undefined : body;
  });
  // The crawl's end is told of once its run is over here: then its alert is under way.
  await service.app.crawlJobs.idle({ publicKey: 'demo' });
  return ended;
}

/** A webhook receiver on loopback: answers `status` to each POST. */
async function receiver(status = 204): Promise<FakeHost> {
  const host = await startFakeHost((_request, res) => res.writeHead(status).end());
  closing.push(host);
  return host;
}

describe('crawl alerts', () => {
  const start = servicesPerTest();
  const crawling = (allowPrivate: string[]) =>
    start({ crawlAllowPrivate: allowPrivate, crawlHostRate: 0, crawlHostConcurrency: 4, clock: () => 1_800_000_000_000 });

  it('POST the report of a held crawl and of one with new failures over the threshold to the webhook, with a line at warn; a crawl that went well sends nothing', async () => {
    const site = await startPageServer(pages(10));
    closing.push(site);
    const hook = await receiver();
    const service = await crawling(['127.0.0.1']);
    const warn = vi.spyOn(service.app.log, 'warn');
    const webhook = `${hook.baseUrl}/hooks/crawls`;
    expect((await patchSettings(service, { crawlAlerts: { webhook, newFailures: 2 } })).crawlAlerts).toEqual({ webhook, newFailures: 2 });

    expect(await crawl(service, site.origin)).toMatchObject({ state: 'done' });
    await service.app.crawlAlerts.idle();
    expect(hook.requests).toEqual([]);

    // Three pages of ten fail with a server error: new failures (3 > 2), no removal.
    for (const i of [0, 1, 2]) site.pages.set(`/p${i}`, { status: 503, body: 'busy' });
    const failing = await crawl(service, site.origin, { maxFailureShare: 0.9 });
    expect(failing).toMatchObject({ state: 'done', change: { newFailures: 3 } });
    await eventually(async () => (hook.requests.length === 1 ? true : undefined));
    const [first] = hook.requests;
    expect(first).toMatchObject({ method: 'POST', url: '/hooks/crawls' });
    const alert = JSON.parse(first!.body) as CrawlAlert;
    expect(alert).toMatchObject({ index: 'demo', alerts: ['newFailures'], crawl: { id: failing.id, state: 'done', change: { newFailures: 3 } } });
    expect(alert.message).toBe(`crawl ${failing.id} of index 'demo' found 3 URLs failing that did not fail in the previous crawl`);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ index: 'demo', crawl: failing.id, alerts: ['newFailures'] }), alert.message);

    // The same failures again are not new; a third of the site deleted holds its removals.
    for (const i of [3, 4, 5, 6]) site.pages.delete(`/p${i}`);
    const held = await crawl(service, site.origin, { maxFailureShare: 0.9 });
    expect(held).toMatchObject({ state: 'held', change: { newFailures: 4 } });
    await eventually(async () => (hook.requests.length === 2 ? true : undefined));
    const second = JSON.parse(hook.requests[1]!.body) as CrawlAlert;
    expect(second.alerts).toEqual(['held', 'newFailures']);
    expect(second.message).toBe(
      `crawl ${held.id} of index 'demo' holds 4 removals for approval, and found 4 URLs failing that did not fail in the previous crawl`,
    );
    expect(second.crawl.removed.map((r) => r.url).sort()).toEqual([3, 4, 5, 6].map((i) => `${site.origin}/p${i}`));
  });

  it('tells of a held crawl in the log alone without a webhook, and refuses a webhook at a private address the allow-lists do not open', async () => {
    const site = await startPageServer(pages(4));
    closing.push(site);
    const hook = await receiver();
    // Only the site's port is open on loopback: the receiver's is not.
    const service = await crawling([new URL(site.origin).host]);
    const warn = vi.spyOn(service.app.log, 'warn');
    expect(await crawl(service, site.origin)).toMatchObject({ state: 'done' });

    site.pages.delete('/p0');
    site.pages.delete('/p1');
    const held = await crawl(service, site.origin);
    expect(held.state).toBe('held');
    await service.app.crawlAlerts.idle();
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ crawl: held.id, alerts: ['held'], webhook: false }),
      expect.stringContaining('holds 2 removals'),
    );

    const refused = await sendJson(service, 'PATCH', '/v2/indices/demo/settings', { crawlAlerts: { webhook: 'ftp://example.com/' } });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: { parameter: 'crawlAlerts.webhook', message: 'crawlAlerts.webhook must be null or an absolute http or https URL' },
    });
    expect((await patchSettings(service, { crawlAlerts: { webhook: `${hook.baseUrl}/hook` } })).crawlAlerts).toEqual({
      webhook: `${hook.baseUrl}/hook`,
      newFailures: 10,
    });
    expect((await sendJson(service, 'POST', `${CRAWLS}/${held.id}/discard`, {})).status).toBe(200);
    const again = await crawl(service, site.origin);
    expect(again.state).toBe('held');
    await service.app.crawlAlerts.idle();
    expect(hook.requests).toEqual([]);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ crawl: again.id, attempts: 1 }),
      'crawl alert not delivered to its webhook: the address is not public',
    );
  });

  it('tells of a crawl that failed once: one line at warn, one POST of its report', async () => {
    const site = await startPageServer(pages(4));
    closing.push(site);
    const hook = await receiver();
    const service = await crawling(['127.0.0.1']);
    const warn = vi.spyOn(service.app.log, 'warn');
    await patchSettings(service, { crawlAlerts: { webhook: `${hook.baseUrl}/hook` } });
    // An injected fault: the judging at the crawl's end cannot reach the index's storage.
    const judging = vi
      .spyOn(CrawlRun.prototype as unknown as { judgePages(): Promise<CrawlState> }, 'judgePages')
      .mockRejectedValueOnce(new Error('the index database is unavailable'));
    try {
      const failed = await crawl(service, site.origin);
      expect(failed).toMatchObject({ state: 'failed', error: 'the index database is unavailable' });
      await service.app.crawlAlerts.idle();
      expect(hook.requests).toHaveLength(1);
      const alert = JSON.parse(hook.requests[0]!.body) as CrawlAlert;
      const message = `crawl ${failed.id} of index 'demo' failed (the index database is unavailable)`;
      expect(alert).toMatchObject({ index: 'demo', alerts: ['failed'], message, crawl: { id: failed.id, state: 'failed' } });
      const told = warn.mock.calls.filter(([, said]) => typeof said === 'string' && said.startsWith(`crawl ${failed.id} `));
      expect(told).toEqual([[expect.objectContaining({ index: 'demo', crawl: failed.id, alerts: ['failed'], webhook: true }), message]]);
    } finally {
      judging.mockRestore();
    }
    // The next crawl, which goes well, tells nothing more.
    expect(await crawl(service, site.origin)).toMatchObject({ state: 'done' });
    await service.app.crawlAlerts.idle();
    expect(hook.requests).toHaveLength(1);
  });

  it('asks a failing receiver again, a few times, then gives up with a line at warn', async () => {
    const site = await startPageServer(pages(4));
    closing.push(site);
    const hook = await receiver(503);
    const service = await crawling(['127.0.0.1']);
    const warn = vi.spyOn(service.app.log, 'warn');
    await patchSettings(service, { crawlAlerts: { webhook: `${hook.baseUrl}/hook`, newFailures: 0 } });
    site.pages.set('/p0', { status: 500, body: 'broken' });
    const first = await crawl(service, site.origin);
    expect(first.change).toMatchObject({ previous: null, newFailures: 1 });
    await service.app.crawlAlerts.idle();
    expect(hook.requests).toHaveLength(3);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ crawl: first.id, attempts: 3 }), 'crawl alert not delivered to its webhook: it answered 503');
  });
});
