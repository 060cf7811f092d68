/**
 * One crawl shared by two `site-search-server` processes on one PostgreSQL database:
 * each URL of the site is fetched once, whichever process claims it.
 */
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CrawlJob, CrawlJobCreated } from '../../src/client/types.ts';
import { startPageServer, type PageServer } from '../testing/pageServer.ts';
import { testDatabase } from '../testing/postgresDatabase.ts';
import { DEMO_AUTH, eventually } from '../testing/service.ts';
import { spawnServiceFromSource } from '../testing/serviceFromSource.ts';

const folder = mkdtempSync(join(tmpdir(), 'site-search-crawl-nodes-'));
let databaseUrl = '';
let site: PageServer;
const children: ChildProcessWithoutNullStreams[] = [];
const PAGES = 40;

async function startNode(name: string): Promise<string> {
  const child = spawnServiceFromSource(['--port', '0', '--quiet', '--data', join(folder, name), '--database-url', databaseUrl], {
    SITE_SEARCH_RATE_LIMIT: 'off',
    SITE_SEARCH_CRAWL_ALLOW_PRIVATE: '127.0.0.1',
    // Slow enough per process that the second joins while the first is under way.
    SITE_SEARCH_CRAWL_HOST_RATE: '10',
  });
  children.push(child);
  return new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const listening = /listening on (http:\/\/[\d.]+:\d+)/.exec(out);
      if (listening) resolve(listening[1]!);
    });
    child.on('exit', (code) => reject(new Error(`node ${name} exited with ${code}: ${out}`)));
  });
}

beforeAll(async () => {
  databaseUrl = await testDatabase('crawl two nodes');
  const links = Array.from({ length: PAGES }, (_, i) => `/p${i}`);
  const page = (words: string, hrefs: string[] = []) => ({
    body: `<!doctype html><html lang="en"><head><title>${words}</title></head><body><main><p>${words}</p>${hrefs.map((h) => `<a href="${h}">x</a>`).join('')}</main></body></html>`,
  });
  site = await startPageServer(Object.fromEntries([['/', page('home', links)], ...links.map((link) => [link, page(`page ${link} sharedword`)])]));
});

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await site.close();
  rmSync(folder, { recursive: true, force: true });
});

it('fetches each URL once between two processes', async () => {
  const [a, b] = await Promise.all([startNode('a'), startNode('b')]);
  const response = await fetch(`${a}/v2/indices/demo/crawls`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: DEMO_AUTH },
    body: JSON.stringify({ start: [`${site.origin}/`] }),
  });
  expect(response.status).toBe(202);
  const { id } = (await response.json()) as CrawlJobCreated;
  const report = await eventually(async () => {
    const crawl = (await (await fetch(`${b}/v2/indices/demo/crawls/${id}`, { headers: { authorization: DEMO_AUTH } })).json()) as CrawlJob;
    return crawl.state === 'running' || crawl.state === 'queued' ? undefined : crawl;
  }, 180_000);
  expect(report.state).toBe('done');
  expect(report.counts.indexed).toBe(PAGES + 1);
  const pages = site.requests.filter((path) => path !== '/robots.txt' && path !== '/sitemap.xml');
  expect(pages).toHaveLength(PAGES + 1);
  expect(new Set(pages).size).toBe(PAGES + 1);
});
