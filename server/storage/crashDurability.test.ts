// Outside the conformance suite (server/testing/testEngine.ts): it kills `npm run serve`
// processes over a data folder of SQLite files.
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { BatchResponse, CrawlJob, CrawlJobCreated, DocumentStatus, IndexedDocument, SearchResponse, WriteResponse } from '../../src/client/types.ts';
import { startPageServer, type PageServer } from '../testing/pageServer.ts';
import { DEMO_AUTH, eventually } from '../testing/service.ts';
import { spawnServiceFromSource } from '../testing/serviceFromSource.ts';

const folder = mkdtempSync(join(tmpdir(), 'site-search-crash-'));
const children: ChildProcessWithoutNullStreams[] = [];
let site: PageServer | null = null;

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await site?.close();
  rmSync(folder, { recursive: true, force: true });
});

const md5 = (text: string): string => createHash('md5').update(text).digest('hex');

/** Starts `server/main.ts` on a random port over `dataDir`; resolves with its base URL. */
function serve(dataDir: string, env: NodeJS.ProcessEnv = {}): Promise<{ child: ChildProcessWithoutNullStreams; base: string }> {
  const child = spawnServiceFromSource(['--port', '0', '--data', dataDir], {
    ...env,
    // Room for the 40 writes sent at once below, past the default bound of 16 under way.
    SITE_SEARCH_OVERLOAD: '{"maxInFlight": 64}',
    // The page server is on loopback, which the crawler reaches only when told to.
    SITE_SEARCH_CRAWL_ALLOW_PRIVATE: site === null ? '' : new URL(site.origin).host,
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(out);
      if (m !== null) resolve({ child, base: m[1]! });
    });
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`exited with ${code}: ${out}${err}`)));
  });
}

function killed(child: ChildProcessWithoutNullStreams): Promise<NodeJS.Signals | null> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.on('exit', (_code, signal) => resolve(signal));
    child.kill('SIGKILL');
  });
}

async function call<T>(base: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(base + path, {
    method,
    headers: { authorization: DEMO_AUTH, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as T };
}

describe('a service killed with SIGKILL', () => {
  it('keeps every acknowledged write, and crawls what it had only scheduled', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    site = await startPageServer({ '/later.html': { body: '<html><body><main><p>Resumedcrawlzz page</p></main></body></html>', gate } });
    const dataDir = join(folder, 'data');
    const first = await serve(dataDir);
    const base = first.base;

    const batch = await call<BatchResponse>(base, 'PUT', '/v2/indices/demo/documents:batch', {
      documents: [
        { id: 'b1', title: 'Batch one', main_content: 'Batchwordzz', custom_fields: { rank: 1 } },
        { id: 'b2', title: 'Batch two', main_content: 'to be deleted' },
      ],
    });
    expect(batch.status).toBe(202);
    expect((await call(base, 'PUT', '/v2/indices/demo/documents/p1', { title: 'Put with id', main_content: 'Putidzz' })).status).toBe(202);
    const url = 'https://site.example.com/by-url.html';
    const byUrl = await call<WriteResponse>(base, 'PUT', '/v2/indices/demo/documents/', { url, title: 'Put by url' });
    expect(byUrl.body.id).toBe(md5(url));
    const posted = await call<WriteResponse>(base, 'POST', '/v2/indices/demo/documents/', { title: 'Posted', main_content: 'Postedzz' });
    expect(posted.status).toBe(201);
    const hidden = await call(base, 'POST', '/v1/indices/demo/documents/p1/content/hiddenKeywords', { hiddenKeywords: 'Hiddenzz' });
    expect(hidden.status).toBe(200);
    expect((await call(base, 'DELETE', '/v2/indices/demo/documents/b2')).status).toBe(202);
    const crawlUrl = `${site.origin}/later.html`;
    const crawl = await call(base, 'POST', '/crawler', { action: 'FETCH', indexPublicKey: 'demo', url: crawlUrl });
    expect(crawl.status).toBe(202);
    // Many writes at once, each acknowledged before the kill.
    const many = await Promise.all(
      Array.from({ length: 40 }, (_, i) => call(base, 'PUT', `/v2/indices/demo/documents/many-${i}`, { title: `Many ${i}`, main_content: 'Manyzz' })),
    );
    expect(many.every((answer) => answer.status === 202)).toBe(true);

    expect(await killed(first.child)).toBe('SIGKILL');
    release();

    const second = await serve(dataDir);
    const get = (id: string) => call<IndexedDocument>(second.base, 'GET', `/v2/indices/demo/documents/${encodeURIComponent(id)}`);
    expect((await get('b1')).body).toMatchObject({ id: 'b1', title: 'Batch one', custom_fields: { rank: 1 } });
    expect((await get('p1')).body).toMatchObject({ id: 'p1', title: 'Put with id' });
    expect((await get(md5(url))).body).toMatchObject({ url, title: 'Put by url' });
    expect((await get(posted.body.id)).body).toMatchObject({ title: 'Posted' });
    expect((await get('b2')).status).toBe(404);
    const search = async (term: string): Promise<string[]> => {
      const answer = await call<SearchResponse>(second.base, 'GET', `/v1/search/demo?term=${term}&limit=100`);
      return answer.body.hits.map((h) => h.id);
    };
    expect(await search('hiddenzz')).toEqual(['p1']);
    expect(await search('batchwordzz')).toEqual(['b1']);
    expect((await search('manyzz')).sort()).toEqual(Array.from({ length: 40 }, (_, i) => `many-${i}`).sort());
    // The field type survived too: a text value for `rank` is still a conflict.
    const conflict = await call(second.base, 'PUT', '/v2/indices/demo/documents/c', { custom_fields: { rank: 'high' } });
    expect(conflict.status).toBe(400);

    // The crawl was accepted but never fetched before the kill: it resumes on start.
    const status = await eventually(async () => {
      const { body } = await call<DocumentStatus>(second.base, 'GET', `/v1/indices/demo/documents/${md5(crawlUrl)}`);
      return body.status === 'PENDING' ? undefined : body;
    }, 30_000);
    expect(status.status).toBe('INDEXED');
    expect(await search('resumedcrawlzz')).toEqual([md5(crawlUrl)]);
    await killed(second.child);
  });

  it('resumes a crawl job where it was, losing no page and fetching again only what was under way', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    // Each page's text differs by letters: repeated blocks are told apart without their digits.
    const letters = (n: number): string => `kc${'abcdefghijklmnopqrstuvwxyz'[n % 26]!}${'abcdefghijklmnopqrstuvwxyz'[Math.floor(n / 26)]!}`;
    const page = (n: number): string =>
      `<!doctype html><html lang="en"><head><title>Page ${n}</title></head><body><main><p>Killcrawlzz page ${letters(n)}</p></main></body></html>`;
    const paths = Array.from({ length: 40 }, (_, n) => `/p${n}.html`);
    const pages = Object.fromEntries(paths.map((path, n) => [path, { body: page(n), ...(n === 30 && { gate }) }]));
    const home = `<!doctype html><html><head><title>Home</title></head><body><main>${paths.map((p) => `<a href="${p}">${p}</a>`).join(' ')}</main></body></html>`;
    await site?.close();
    site = await startPageServer({ '/': { body: home }, ...pages });
    const crawlSite = site;
    const dataDir = join(folder, 'crawl');
    const env = { SITE_SEARCH_CRAWL_HOST_RATE: '0' };
    const first = await serve(dataDir, env);
    const started = await call<CrawlJobCreated>(first.base, 'POST', '/v2/indices/demo/crawls', { start: [`${crawlSite.origin}/`] });
    expect(started.status).toBe(202);
    const report = (base: string) => call<CrawlJob>(base, 'GET', `/v2/indices/demo/crawls/${started.body.id}`);
    // Killed once the held first pages are written and the gated page is under way.
    // Waits on the crawl's state alone; the test's own timeout bounds a crawl that never gets there.
    while (!crawlSite.requests.includes('/p30.html') || (await report(first.base)).body.counts.indexed < 20) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const indexedBefore: string[] = [];
    for (const path of ['/', ...paths]) {
      const status = await call<DocumentStatus>(first.base, 'GET', `/v1/indices/demo/documents/${md5(crawlSite.origin + path)}`);
      if (status.body.status === 'INDEXED') indexedBefore.push(path);
    }
    expect(indexedBefore.length).toBeGreaterThanOrEqual(20);
    expect(await killed(first.child)).toBe('SIGKILL');
    release();

    const second = await serve(dataDir, env);
    let ended = (await report(second.base)).body;
    while (ended.state === 'queued' || ended.state === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 50));
      ended = (await report(second.base)).body;
    }
    expect(ended.state).toBe('done');
    expect(ended.counts.indexed).toBe(41);
    const fetches = (path: string): number => crawlSite.requests.filter((asked) => asked === path).length;
    // A page written before the kill is not fetched again; one under way then is fetched once more.
    for (const path of indexedBefore) expect(fetches(path), path).toBe(1);
    for (const path of ['/', ...paths]) expect(fetches(path), path).toBeLessThanOrEqual(2);
    const hits = await call<SearchResponse>(second.base, 'GET', '/v1/search/demo?term=killcrawlzz&limit=100');
    expect(hits.body.total_hits).toBe(40);
    await killed(second.child);
  });
});
