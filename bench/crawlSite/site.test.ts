import { gunzipSync, inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrawlSite, NAVIGATION_WORDS, words } from './site.ts';
import { serveSite, type SiteServer } from './siteServer.ts';

const ORIGIN = 'http://127.0.0.1:8000';
const TRACKING = /^(utm_.*|ref)$/;

/** A page's one URL, as the site means it: no fragment, no tracking parameters, a folder for its index.html. */
function canonicalForm(href: string, base: string): string {
  const url = new URL(href, base);
  url.hash = '';
  for (const name of [...url.searchParams.keys()]) if (TRACKING.test(name)) url.searchParams.delete(name);
  url.pathname = url.pathname.replace(/\/index\.html$/, '/');
  return url.href;
}

/**
 * A breadth-first walk of the site from `/` through `answer()`, as a careful crawler walks
 * it: robots.txt obeyed, redirects followed, a page kept under its rel=canonical URL.
 */
function walk(site: CrawlSite) {
  const queue = [`${ORIGIN}/`];
  const seen = new Set(queue);
  const indexed = new Set<string>();
  const statuses = new Map<number, number>();
  let linkedDisallowed = 0;
  const enqueue = (url: string) => {
    if (seen.has(url)) return;
    seen.add(url);
    queue.push(url);
  };
  while (queue.length > 0) {
    const url = queue.shift()!;
    const path = url.slice(ORIGIN.length);
    let answer = site.answer(ORIGIN, path, 0);
    if (answer.status === 503) answer = site.answer(ORIGIN, path, 1);
    statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    if (answer.status === 301) {
      const next = canonicalForm(answer.headers.location!, url);
      enqueue(next);
      continue;
    }
    if (answer.status !== 200) continue;
    const type = answer.headers['content-type']!;
    if (!type.startsWith('text/html')) {
      indexed.add(url);
      continue;
    }
    const html = answer.body.toString('utf8');
    const canonical = /<link rel="canonical" href="([^"]+)">/.exec(html)?.[1];
    indexed.add(canonical ?? url);
    for (const [, href] of html.matchAll(/<a href="([^"]+)"/g)) {
      const next = canonicalForm(href!, url);
      if (site.disallowed(next.slice(ORIGIN.length))) {
        linkedDisallowed++;
        continue;
      }
      enqueue(next);
    }
  }
  return { indexed, statuses, linkedDisallowed, fetched: seen.size };
}

describe('the generated crawl site', () => {
  const site = new CrawlSite({ pages: 500 });

  it('has the pages asked for, each path and unique word once', () => {
    expect(site.pages).toHaveLength(500);
    expect(new Set(site.pages.map((p) => p.path)).size).toBe(500);
    const unique = site.pages.flatMap((p) => p.uniqueWords);
    expect(new Set(unique).size).toBe(unique.length);
    expect(site.pages.filter((p) => p.kind === 'pdf').length).toBeGreaterThan(0);
    expect(site.pages.filter((p) => p.kind === 'docx').length).toBeGreaterThan(0);
  });

  it('is the same site for the same seed', () => {
    const again = new CrawlSite({ pages: 500 });
    expect(again.pages).toEqual(site.pages);
    const path = site.pages[300]!.path;
    expect(again.answer(ORIGIN, path, 0).body.equals(site.answer(ORIGIN, path, 0).body)).toBe(true);
  });

  it('reaches every canonical page from the start page, and nothing else, by allowed links', () => {
    const { indexed, statuses, linkedDisallowed, fetched } = walk(site);
    expect([...indexed].sort()).toEqual(site.canonicalUrls(ORIGIN).sort());
    expect(linkedDisallowed).toBeGreaterThan(0);
    expect(statuses.get(301)).toBeGreaterThan(0);
    expect(statuses.get(404)).toBeGreaterThan(0);
    // What a crawler must fetch beyond the pages themselves (print versions, redirects, dead links) stays under 5%.
    expect(fetched / site.pages.length).toBeLessThan(1.05);
  });

  it('forbids in robots.txt the private section it links, but the open letter', () => {
    const robots = site.robotsTxt(ORIGIN);
    expect(robots).toContain('Disallow: /private/');
    expect(robots).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(site.disallowed('/private/member-aa.html')).toBe(true);
    expect(site.disallowed('/docs/x/drafts/a.html?x=1')).toBe(true);
    expect(site.disallowed('/private/open.html')).toBe(false);
    expect(site.canonicalUrls(ORIGIN).some((u) => site.disallowed(new URL(u).pathname))).toBe(false);
    expect(new CrawlSite({ pages: 50, crawlDelaySeconds: 2 }).robotsTxt(ORIGIN)).toMatch(/User-agent: \*[^]*Crawl-delay: 2/);
  });

  it('lists every canonical page in its nested gzipped sitemap', () => {
    const files = site.sitemapFiles(ORIGIN);
    const read = (path: string) => {
      const bytes = files.get(path)!;
      return (path.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
    };
    const locations = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    const listed: string[] = [];
    const visit = (path: string, depth: number) => {
      const xml = read(path);
      if (xml.includes('<sitemapindex')) for (const child of locations(xml)) visit(child.slice(ORIGIN.length), depth + 1);
      else listed.push(...locations(xml));
    };
    visit('/sitemap.xml', 0);
    expect(read('/sitemaps/articles.xml.gz')).toContain('<sitemapindex');
    expect(listed.sort()).toEqual(site.canonicalUrls(ORIGIN).sort());
  });

  it('repeats the same navigation on every page, in words no content uses', () => {
    const html = (path: string) => site.answer(ORIGIN, path, 1).body.toString('utf8');
    const article = site.pages.find((p) => p.kind === 'article')!;
    const nav = (text: string) => text.slice(text.indexOf('<div class="top">'), text.indexOf('</div></div>') + 12);
    const linksless = (text: string) => nav(text).replace(/href="[^"]*"/g, '');
    expect(linksless(html(article.path))).toBe(linksless(html('/')));
    expect(html(article.path)).not.toMatch(/<(nav|header|footer|main)\b/);
    const content = html(article.path).slice(html(article.path).indexOf('<h1>'), html(article.path).indexOf('<h2>'));
    expect(words(content.replace(/<[^>]+>/g, ' ')).filter((w) => NAVIGATION_WORDS.has(w))).toEqual([]);
  });

  it('serves a print version with rel=canonical, the same page under index.html, a 503 once', () => {
    const print = [...Array(500).keys()].map((i) => site.pages[i]!).find((p) => site.answer(ORIGIN, p.path, 1).body.includes('/print/'))!;
    const printed = site.answer(ORIGIN, `/print${print.path}`, 0).body.toString('utf8');
    expect(printed).toContain(`<link rel="canonical" href="${ORIGIN}${print.path}">`);
    const section = site.pages.find((p) => p.kind === 'section')!;
    expect(site.answer(ORIGIN, `${section.path}index.html`, 0).body.equals(site.answer(ORIGIN, section.path, 0).body)).toBe(true);
    const flaky = site.pages.find((p) => site.flaky(p))!;
    expect(site.answer(ORIGIN, flaky.path, 0).status).toBe(503);
    expect(site.answer(ORIGIN, flaky.path, 1).status).toBe(200);
  });

  it('writes a PDF whose cross-reference offsets point at its objects, and a DOCX whose zip holds the text', () => {
    const pdf = site.pages.find((p) => p.kind === 'pdf')!;
    const bytes = site.answer(ORIGIN, pdf.path, 0).body.toString('latin1');
    expect(bytes.startsWith('%PDF-1.4')).toBe(true);
    const xref = Number(/startxref\n(\d+)/.exec(bytes)![1]);
    expect(bytes.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...bytes.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    offsets.forEach((offset, i) => expect(bytes.slice(offset, offset + 8)).toBe(`${i + 1} 0 obj\n`));
    expect(bytes).toContain(pdf.uniqueWords[0]);

    const docx = site.pages.find((p) => p.kind === 'docx')!;
    const zip = site.answer(ORIGIN, docx.path, 0).body;
    const entries = new Map<string, string>();
    for (let at = 0; zip.readUInt32LE(at) === 0x04034b50;) {
      const size = zip.readUInt32LE(at + 18);
      const nameLength = zip.readUInt16LE(at + 26);
      const name = zip.toString('utf8', at + 30, at + 30 + nameLength);
      const start = at + 30 + nameLength + zip.readUInt16LE(at + 28);
      entries.set(name, inflateRawSync(zip.subarray(start, start + size)).toString('utf8'));
      at = start + size;
    }
    expect([...entries.keys()]).toEqual(['[Content_Types].xml', '_rels/.rels', 'word/document.xml', 'docProps/core.xml']);
    expect(entries.get('word/document.xml')).toContain(docx.uniqueWords[0]);
    expect(zip.readUInt32LE(zip.length - 22)).toBe(0x06054b50);
  });
});

describe('the site server', () => {
  let server: SiteServer;
  const site = new CrawlSite({ pages: 40, slowMs: 1 });
  beforeAll(async () => {
    server = await serveSite(site);
  });
  afterAll(() => server.close());

  it('answers over HTTP and counts each request by its path and query', async () => {
    const robots = await fetch(`${server.origin}/robots.txt`);
    expect(await robots.text()).toContain(`Sitemap: ${server.origin}/sitemap.xml`);
    const sitemap = await fetch(`${server.origin}/sitemaps/sections.xml.gz`);
    expect(gunzipSync(Buffer.from(await sitemap.arrayBuffer())).toString()).toContain(`<loc>${server.origin}/</loc>`);
    const moved = await fetch(`${server.origin}/old/a`, { redirect: 'manual' });
    expect(moved.status).toBe(301);
    await fetch(`${server.origin}/?ref=x`);
    await fetch(`${server.origin}/?ref=x`);
    expect(server.requests().get('/?ref=x')).toBe(2);
    expect(server.total()).toBe(5);
  });
});
