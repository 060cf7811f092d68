/**
 * The development corpus that is a real site: the Python 3.11 documentation as Debian's
 * `python3-doc` installs it (long pages, 0.5 KB to hundreds of KB of text), served from
 * its folder on loopback, with a sitemap of every page written by the bench. The service
 * gets it through a crawl job from its start page (`crawlSite`); the engines that take documents get the same
 * pages read by the crawler's own page reader.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, relative, sep } from 'node:path';
import type { IndexDocument } from '../../src/client/types.ts';
import { createIndexClient } from '../../src/client/createIndexClient.ts';
import { readPage } from '../../server/crawl/readPage.ts';
import type { SiteCorpus } from './types.ts';

/** Where Debian's `python3-doc` puts the HTML (a link to the versioned package's folder). */
export const PYTHON_DOCS_FOLDER = '/usr/share/doc/python3-doc/html';
export const PYTHON_DOCS_MISSING = `the Python documentation is not installed (${PYTHON_DOCS_FOLDER}): on Debian or Ubuntu, \`sudo apt-get install python3-doc\`; the Python corpus is skipped`;

/** The folder when it holds the documentation, else null. */
export function pythonDocsFolder(folder = PYTHON_DOCS_FOLDER): string | null {
  return existsSync(join(folder, 'index.html')) && existsSync(join(folder, 'library', 'os.html')) ? folder : null;
}

/** Folders of the build that are not pages (sources, images, scripts). */
const NOT_PAGES = new Set(['_static', '_sources', '_images', '_downloads']);

/** Every HTML page of the folder as a path under the site's root (`/library/os.html`), sorted. */
export function sitePages(folder: string): string[] {
  const pages: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!NOT_PAGES.has(entry.name)) walk(join(dir, entry.name));
      } else if (entry.name.endsWith('.html')) {
        pages.push(`/${relative(folder, join(dir, entry.name)).split(sep).join('/')}`);
      }
    }
  };
  walk(folder);
  return pages.sort();
}

export function sitemapXml(origin: string, pages: readonly string[]): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const urls = pages.map((page) => `  <url><loc>${escape(origin + page)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
};

export interface ServedSite extends SiteCorpus {
  close(): Promise<void>;
}

/** Serves `folder` on loopback as a static site, with `/sitemap.xml` listing every page. */
export async function serveSite(folder: string): Promise<ServedSite> {
  const pages = sitePages(folder);
  let sitemap = '';
  const server: Server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname));
    if (path === '/sitemap.xml') return void response.writeHead(200, { 'content-type': 'application/xml' }).end(sitemap);
    if (path.includes('..')) return void response.writeHead(404).end();
    const file = join(folder, path.endsWith('/') ? `${path}index.html` : path);
    readFile(file).then(
      (body) => response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body),
      () => response.writeHead(404, { 'content-type': 'text/plain' }).end('not found'),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  sitemap = sitemapXml(origin, pages);
  return {
    folder,
    origin,
    pages,
    sitemap: `${origin}/sitemap.xml`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The pages as the crawler reads them (its own reader: title, and the text without
 * navigation, header, footer and asides), for the engines that are given documents.
 * Read from the folder, so they do not depend on the service's crawl.
 */
export function siteDocuments(site: SiteCorpus): IndexDocument[] {
  return site.pages.map((page) => {
    const url = site.origin + page;
    const reading = readPage(readFileSync(join(site.folder, page)).toString('utf8'), new URL(url));
    return { url, title: reading.title, main_content: reading.mainContent };
  });
}

export interface CrawlOutcome {
  indexed: number;
  /** URLs the crawl found and did not index, with its outcome and reason. */
  notIndexed: Array<{ url: string; status: string; info: string }>;
}

const POLL_MS = 1000;

/**
 * Feeds the site to the service through a crawl job (`POST /v2/indices/{key}/crawls`) from
 * its start page, as a site owner would: the service follows the links and reads the
 * site's `/sitemap.xml` itself, and indexes each page under its normalised URL (a folder's
 * `index.html` as the folder). Waits until the crawl ends. The service must allow crawling
 * the loopback origin (`SITE_SEARCH_CRAWL_ALLOW_PRIVATE`).
 */
export async function crawlSite(options: {
  baseUrl: string;
  siteKey: string;
  secret: string;
  site: SiteCorpus;
  log: (line: string) => void;
}): Promise<CrawlOutcome> {
  const { site, log } = options;
  const client = createIndexClient({ baseUrl: options.baseUrl, siteKey: options.siteKey, secret: options.secret });
  const { id } = await client.crawls.start({ start: [`${site.origin}/`] });
  log(`crawl ${id} started from ${site.origin}/`);
  let job = await client.crawls.get(id);
  while (job.state === 'queued' || job.state === 'running') {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    job = await client.crawls.get(id);
  }
  if (job.state !== 'done') throw new Error(`the crawl ended ${job.state}${job.error === null ? '' : `: ${job.error}`}`);
  const notIndexed: CrawlOutcome['notIndexed'] = [];
  for (const outcome of ['failed', 'excluded'] as const) {
    for (let page = 1; ; page++) {
      const { urls, pageSize } = await client.crawls.urls(id, { outcome, page });
      for (const url of urls) notIndexed.push({ url: url.url, status: outcome, info: url.reason ?? '' });
      if (urls.length < pageSize) break;
    }
  }
  return { indexed: job.counts.indexed, notIndexed };
}

/** How long the pages' texts are, for the log and the method note. */
export function lengthSummary(docs: readonly IndexDocument[]): string {
  const kb = docs.map((d) => (d.main_content ?? '').length / 1024).sort((a, b) => a - b);
  const at = (q: number) => kb[Math.min(kb.length - 1, Math.floor(q * kb.length))] ?? Number.NaN;
  const total = kb.reduce((sum, x) => sum + x, 0);
  const fixed = (x: number) => (x < 10 ? x.toFixed(1) : x.toFixed(0));
  return `${docs.length} pages, text ${fixed(at(0))} KB to ${fixed(at(1))} KB each (median ${fixed(at(0.5))} KB, 90th percentile ${fixed(at(0.9))} KB; ${(total / 1024).toFixed(1)} MB in all)`;
}
