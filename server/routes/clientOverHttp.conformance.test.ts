// The client's endpoints that the service gained after the client was written —
// documents, status and content, crawl, stats, recommendations, the rate limiter —
// and the CLI commands built on them, over real HTTP against the reference service.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/createClient.ts';
import { createIndexClient, type IndexClient } from '../../src/client/createIndexClient.ts';
import { SearchApiError } from '../../src/client/errors.ts';
import { sendRequest } from '../../src/client/sendRequest.ts';
import { sendClickEvent, sendSearchEvent } from '../../src/client/stats.ts';
import { cliEnv, runCli } from '../testing/cli.ts';
import { startPageServer, type PageServer } from '../testing/pageServer.ts';
import { eventually, startService, type TestService } from '../testing/service.ts';

const md5 = (text: string): string => createHash('md5').update(text, 'utf8').digest('hex');
const page = (title: string, text: string): string =>
  `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main><h1>${title}</h1><p>${text}</p></main></body></html>`;
const sitemap = (urls: string[]): string =>
  `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.map((u) => `<url><loc>${u}</loc></url>`).join('')}</urlset>`;

let service: TestService;
let site: PageServer;
let api: IndexClient;
const ids = async (term: string): Promise<string[]> => (await api.search({ term, limit: 10 })).hits.map((h) => h.id).sort();
const rejection = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => 'resolved',
    (e: unknown) => e,
  );

beforeAll(async () => {
  site = await startPageServer({
    '/one.html': { body: page('Orrery one', 'The quasarpendulum swings slowly.') },
    '/map/a.html': { body: page('Map page A', 'Nebulafrigate under sail.') },
    '/map/b.html': { body: page('Map page B', 'Another nebulafrigate, smaller.') },
  });
  site.pages.set('/sitemap.xml', { headers: { 'content-type': 'application/xml' }, body: sitemap([`${site.origin}/map/a.html`, `${site.origin}/map/b.html`]) });
  service = await startService({
    indices: [{ publicKey: 'demo', secret: 'demo-secret' }],
    recommendations: { together: { dataset: 'carts' } },
    // The crawl tests' site is on loopback, which the crawler reaches only when told to.
    crawlAllowPrivate: [new URL(site.origin).host],
  });
  api = createIndexClient({ siteKey: 'demo', secret: 'demo-secret', baseUrl: service.baseUrl, retryBaseMs: 20 });
});

afterAll(async () => {
  await service.close();
  service.remove();
  await site.close();
});

describe('documents (4.4-4.7)', () => {
  it('creates, reads, replaces and deletes a document; an unknown id is a 404 not_found', async () => {
    const created = await api.createDocument({ title: 'Gyroscopeword manual', main_content: 'How to spin it', custom_fields: { n: 3 } });
    expect(created.id).not.toBe('');
    expect(created.location).toBe(`/v2/indices/demo/documents/${encodeURIComponent(created.id)}`);
    expect(await api.getDocument(created.id)).toMatchObject({ id: created.id, title: 'Gyroscopeword manual', custom_fields: { n: 3 } });
    expect(await ids('gyroscopeword')).toEqual([created.id]);

    await expect(api.replaceDocument({ title: 'Tachyonword manual' }, created.id)).resolves.toEqual({ id: created.id });
    const replaced = await api.getDocument(created.id);
    expect(replaced.title).toBe('Tachyonword manual');
    expect(replaced.main_content ?? '').toBe(''); // a replacement, not a merge
    expect(await ids('gyroscopeword')).toEqual([]);
    expect(await ids('tachyonword')).toEqual([created.id]);

    await expect(api.deleteDocument(created.id)).resolves.toEqual({ id: created.id });
    const gone = await rejection(api.getDocument(created.id));
    expect(gone).toBeInstanceOf(SearchApiError);
    expect(gone).toMatchObject({ status: 404, code: 'not_found' });
    await expect(api.deleteDocument('no-such-id')).rejects.toMatchObject({ status: 404, code: 'not_found' });
    expect(await ids('tachyonword')).toEqual([]);
  });
});

describe('status, content and hidden keywords (4.8)', () => {
  it('answers the status and content of a document, UNKNOWN/404 for an unknown one, and searches hidden keywords', async () => {
    const url = 'https://site.example/docs/lantern.html';
    const { id } = await api.replaceDocument({ url, title: 'Lanternword guide', main_content: 'Light it carefully.' });
    expect(id).toBe(md5(url));
    const status = await api.getStatus(id);
    expect(status).toMatchObject({ indexPublicKey: 'demo', docId: id, status: 'INDEXED' });
    expect(status.content?.href).toBe(`/v1/indices/demo/documents/${id}/content`);
    const content = await api.getContent(id);
    expect(content).toMatchObject({ title: 'Lanternword guide', mainContent: 'Light it carefully.', hiddenKeywords: null });

    // The service answers an unknown status as UNKNOWN (200), and unknown content as 404.
    expect(await api.getStatus(md5('https://site.example/nowhere'))).toMatchObject({ status: 'UNKNOWN', lastFetched: null });
    await expect(api.getContent(md5('https://site.example/nowhere'))).rejects.toMatchObject({ status: 404, code: 'not_found' });

    expect(await ids('zeppelinlamp')).toEqual([]);
    await expect(api.setHiddenKeywords(id, 'zeppelinlamp glowworm')).resolves.toBeUndefined();
    expect((await api.getContent(id)).hiddenKeywords).toBe('zeppelinlamp glowworm');
    expect(await ids('zeppelinlamp')).toEqual([id]);
  });
});

describe('crawl (4.8)', () => {
  it('schedules a page of a loopback site, which becomes INDEXED and searchable', async () => {
    const url = `${site.origin}/one.html`;
    expect(await api.crawl(url)).toEqual({ message: 'Scheduled', docId: md5(url) });
    const status = await eventually(async () => {
      const s = await api.getStatus(md5(url));
      return s.status === 'INDEXED' ? s : undefined;
    });
    expect(status.lastFetched).not.toBeNull();
    expect(site.requests).toContain('/one.html');
    expect(await ids('quasarpendulum')).toEqual([md5(url)]);
    expect((await api.getContent(md5(url))).title).toBe('Orrery one');
  });

  it('site-search crawl --sitemap --wait crawls every page of the sitemap, which become searchable', async () => {
    const pages = [`${site.origin}/map/a.html`, `${site.origin}/map/b.html`];
    const result = await runCli(['crawl', '--sitemap', `${site.origin}/sitemap.xml`, '--wait'], cliEnv(service.baseUrl, 'demo', 'demo-secret'));
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/: done\n/);
    const found = await eventually(async () => {
      const hits = await ids('nebulafrigate');
      return hits.length === 2 ? hits : undefined;
    });
    expect(found).toEqual(pages.map(md5).sort());
  });
});

describe('stats events (4.9)', () => {
  const options = () => ({ siteKey: 'demo', baseUrl: service.baseUrl });
  const stored = () => service.app.eventStores.get('demo').counts();

  it('accepts a search and a click event with only the public key', async () => {
    const before = await stored();
    await expect(sendSearchEvent(options(), { session: 'sess-1', keyword: 'quasar', numberOfResults: 1 })).resolves.toBeUndefined();
    await expect(sendClickEvent(options(), { session: 'sess-1', keyword: 'quasar', docid: 'd1', position: 1 })).resolves.toBeUndefined();
    expect(await stored()).not.toEqual(before);
  });

  it('turns the service refusal of an over-long session into a SearchApiError naming session', async () => {
    const event = { action: 'search', session: 'x'.repeat(33), keyword: 'k', numberOfResults: 0 };
    // The client's own check refuses it before sending...
    await expect(sendSearchEvent(options(), event)).rejects.toMatchObject({ status: 0, parameter: 'session' });
    // ...so it goes through the raw request helper to reach the service.
    const error = await rejection(sendRequest({ retries: 0 }, { method: 'POST', url: `${service.baseUrl}/v1/stats/demo`, body: event }));
    expect(error).toBeInstanceOf(SearchApiError);
    expect(error).toMatchObject({ status: 400, parameter: 'session' });
  });
});

describe('recommendations (4.10, 4.11)', () => {
  it('sends dataset events, then answers the items seen together, most likely first', async () => {
    const carts: Array<[string, string[]]> = [
      ['t1', ['kettle', 'teapot', 'cups']],
      ['t2', ['kettle', 'teapot']],
      ['t3', ['kettle', 'teapot', 'cups', 'spoon']],
      ['t4', ['kettle', 'teapot']],
      ['t5', ['teapot', 'spoon']],
    ];
    const events = carts.flatMap(([transaction, items]) => items.map((item) => ({ transaction, item, time: '2024-05-01T10:00:00Z' })));
    // Items name documents by id (the configuration has no itemField).
    await api.indexBatch(['kettle', 'teapot', 'cups', 'spoon'].map((id) => ({ id, title: `A ${id}` })));
    await expect(api.sendDatasetEvents('carts', events)).resolves.toBeUndefined();
    const answer = await api.getRecommendations({ configurationKey: 'together', ItemId: 'kettle' });
    // Seen with kettle: teapot in 4 carts, cups in 2, spoon in 1.
    expect(answer.total_hits).toBe(3);
    expect(answer.hits.map((h) => [h.id, h.title])).toEqual([
      ['teapot', 'A teapot'],
      ['cups', 'A cups'],
      ['spoon', 'A spoon'],
    ]);
    expect(answer.hits[0]!.score).toBeGreaterThan(answer.hits[1]!.score);
    expect(answer.hits[1]!.score).toBeGreaterThan(answer.hits[2]!.score);
    await expect(api.getRecommendations({ configurationKey: 'together', ItemId: 'nothing-like-it' })).resolves.toMatchObject({ total_hits: 0, hits: [] });
  });
});

describe('the service rate limiter (API 8)', () => {
  let limited: TestService;
  // The service's clock, which only the tests move: a burst falls in one window however slow the machine.
  let now = Date.UTC(2026, 0, 5, 12, 0, 0);

  beforeAll(async () => {
    limited = await startService({ indices: [{ publicKey: 'demo', secret: 'demo-secret' }], rateLimit: { max: 2, windowMs: 1000 }, clock: () => now });
  });

  afterAll(async () => {
    await limited.close();
    limited.remove();
  });

  it('answers a search over the limit of its window with 429, which the client reports with retryAfter', async () => {
    const client = createClient({ siteKey: 'demo', baseUrl: limited.baseUrl });
    now += 1000;
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => rejection(client.search({ term: 'anything' }))));
    const refusals = outcomes.filter((o) => o instanceof SearchApiError);
    expect(refusals).toHaveLength(3);
    const [refused] = refusals;
    expect(refused).toMatchObject({ status: 429, code: 'rate_limited' });
    expect((refused as SearchApiError).retryAfter).toBeGreaterThanOrEqual(1);
  });

  it('retries an idempotent GET of the index client after a 429 and succeeds', async () => {
    const retries: number[] = [];
    const client = createIndexClient({
      siteKey: 'demo',
      secret: 'demo-secret',
      baseUrl: limited.baseUrl,
      retries: 3,
      maxRetryDelayMs: 3000,
      // The window the client is told to wait out passes on the service's clock too.
      onRetry: ({ error }) => {
        retries.push(error.status);
        now += 1000;
      },
    });
    const noRetry = createIndexClient({ siteKey: 'demo', secret: 'demo-secret', baseUrl: limited.baseUrl, retries: 0 });
    // Use up a new window.
    now += 1000;
    for (let i = 0; i < 2; i++) await noRetry.search({ term: 'x' });
    expect(await rejection(noRetry.search({ term: 'x' }))).toBeInstanceOf(SearchApiError);
    const answer = await client.search({ term: 'x' });
    expect(answer.total_hits).toBe(0);
    expect(retries.length).toBeGreaterThanOrEqual(1);
    expect(retries.every((status) => status === 429)).toBe(true);
  });
});

describe('CLI commands on documents', () => {
  const env = () => cliEnv(service.baseUrl, 'demo', 'demo-secret');

  it('status (by URL or id), get, hidden-keywords and delete, with their exit codes and output', async () => {
    const url = 'https://site.example/cli/anvil.html';
    const id = md5(url);
    await api.replaceDocument({ url, title: 'Anvilword page', main_content: 'Heavy.' });

    const status = await runCli(['status', url], env());
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ docId: id, status: 'INDEXED' });

    const got = await runCli(['get', id], env());
    expect(got.code).toBe(0);
    expect(JSON.parse(got.stdout)).toMatchObject({ id, url, title: 'Anvilword page' });

    const hidden = await runCli(['hidden-keywords', id, 'forgehammer'], env());
    expect(hidden.code).toBe(0);
    expect(hidden.stdout).toBe(`hidden keywords of ${id} set\n`);
    expect(await ids('forgehammer')).toEqual([id]);

    const deleted = await runCli(['delete', id], env());
    expect(deleted.code).toBe(0);
    expect(JSON.parse(deleted.stdout)).toEqual({ id });
    expect(await ids('anvilword')).toEqual([]);

    const missing = await runCli(['get', id], env());
    expect(missing.code).toBe(1);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toMatch(/404|not.found/i);

    const usage = await runCli(['delete'], env());
    expect(usage.code).toBe(2);
  });
});
