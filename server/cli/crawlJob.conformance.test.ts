// `site-search crawl --site` and `--sitemap` as a child process against the reference
// service, which crawls a loopback site.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../src/client/types.ts';
import { cliEnv, runCli } from '../testing/cli.ts';
import { startPageServer, type PageServer } from '../testing/pageServer.ts';
import { testFolder } from '../testing/runFolder.ts';
import { startService, type TestService } from '../testing/service.ts';

let service: TestService;
let site: PageServer;

const page = (words: string, links: string[] = []) => ({
  body: `<!doctype html><html lang="en"><head><title>${words}</title></head><body><main><p>${words}</p>${links.map((l) => `<a href="${l}">${l}</a>`).join('')}</main></body></html>`,
});

beforeAll(async () => {
  site = await startPageServer({
    '/': page('home clipword', ['/a', '/gone']),
    '/a': page('page a clipword'),
    '/b': page('page b only in the sitemap'),
  });
  site.pages.set('/map.xml', {
    body: `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${site.origin}/b</loc></url></urlset>`,
    headers: { 'content-type': 'application/xml' },
  });
  service = await startService({ indices: [{ publicKey: 'k', secret: 's' }], crawlAllowPrivate: ['127.0.0.1'], crawlHostRate: 0 });
});

afterAll(async () => {
  await service.close();
  service.remove();
  await site.close();
});

describe('site-search crawl', () => {
  it('--site --wait crawls the site, shows its progress and reports by reason', async () => {
    const result = await runCli(['crawl', '--site', `${site.origin}/`, '--wait'], cliEnv(service.baseUrl, 'k', 's'));
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^crawl [\w-]+ started\n/);
    expect(result.stdout).toMatch(/: done\n/);
    expect(result.stdout).toContain('failed (not found): 1');
    expect(result.stdout).toContain(`    ${site.origin}/gone`);
    expect(result.stderr).toMatch(/found \d+, fetched \d+, indexed \d+, failed \d+, [\d.]+ pages\/s/);
    const search = (await (await fetch(`${service.baseUrl}/v1/search/k?term=clipword`)).json()) as SearchResponse;
    expect(search.total_hits).toBe(2);
  });

  it('--sitemap --dry-run starts a crawl job from the sitemap; with no URL it is a usage error', async () => {
    const env = cliEnv(service.baseUrl, 'k', 's');
    const result = await runCli(['crawl', '--sitemap', `${site.origin}/map.xml`, '--dry-run', '--wait'], env);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('(dry run: nothing was written)');
    expect(result.stdout).toMatch(/to index [1-9]/);
    expect((await runCli(['crawl'], env)).code).toBe(2);
  });

  it('--changed FILE crawls just the URLs listed (a deploy hook); from standard input with -', async () => {
    const env = cliEnv(service.baseUrl, 'k', 's');
    site.pages.set('/a', page('page a clipword deployword'));
    const folder = testFolder('site-search-changed-');
    const file = join(folder, 'changed.txt');
    writeFileSync(file, `# changed by the deploy\n${site.origin}/a\n\n`);
    const before = site.requests.length;
    const result = await runCli(['crawl', '--changed', file, '--wait'], env);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/: done\n/);
    expect(site.requests.slice(before).filter((path) => path !== '/robots.txt')).toEqual(['/a']);
    const search = (await (await fetch(`${service.baseUrl}/v1/search/k?term=deployword`)).json()) as SearchResponse;
    expect(search.hits.map((hit) => hit.url)).toEqual([`${site.origin}/a`]);
    const piped = await runCli(['crawl', '--changed', '-', '--wait'], env, { stdin: `${site.origin}/b\n` });
    expect(piped.code, piped.stderr).toBe(0);
    expect((await runCli(['crawl', '--changed', '-'], env, { stdin: '\n# none\n' })).code).toBe(2);
    expect((await runCli(['crawl', '--changed', file, '--since', '2026-12-01T00:00:00Z'], env)).code).toBe(2);
    rmSync(folder, { recursive: true, force: true });
  });
});
