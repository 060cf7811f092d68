/**
 * The crawl benchmark's generated documentation site: its pages, their links and what
 * each URL answers, pure and seeded. Besides the pages it knows the ground truth a crawl
 * is judged by: the reachable, allowed, canonical pages, which URLs robots.txt forbids,
 * and the words of the navigation repeated on every page.
 *
 * The site, from its start page `/`: sections (`/docs/{section}/`) each listing its
 * articles and documents, articles (`/docs/{section}/{slug}.html`) with Prev Up Home Next
 * links and cross links to other articles, one PDF or DOCX for about every hundred pages.
 * On every page the same navigation table (plain `<div>` and `<table>`, no landmarks) and
 * footer. What a crawler must see through: `/index.html` beside `/`, `?ref=` and `utm_*`
 * on links, a print version with rel=canonical, 301 chains, links to 404s, a linked
 * section robots.txt forbids, pages that answer 503 once, slow pages. A test can delete
 * pages and rewrite articles between crawls (`remove`, `change`).
 */
import { gzipSync } from 'node:zlib';
import { seededRandom } from '../../demo/seededRandom.ts';
import { docxFile, pdfFile } from './documentFiles.ts';

export type PageKind = 'home' | 'section' | 'article' | 'pdf' | 'docx' | 'open';

/** A canonical page of the site: reachable from `/` and allowed by robots.txt. */
export interface SitePage {
  index: number;
  kind: PageKind;
  /** The canonical path; its URL is the origin followed by it. */
  path: string;
  title: string;
  /** Section number; -1 for the home page and the open page. */
  section: number;
  /** Words no other page has, so a search finds this page alone. */
  uniqueWords: string[];
}

export interface SiteOptions {
  /** Canonical pages, all kinds together. @default 10000 */
  pages?: number;
  /** @default 38 */
  seed?: number;
  /** `Crawl-delay` in the `User-agent: *` group of robots.txt, seconds; 0 leaves it out. @default 0 */
  crawlDelaySeconds?: number;
  /** How long a slow page takes to answer. @default 300 */
  slowMs?: number;
}

/** What one request gets. */
export interface SiteAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** Milliseconds to wait before answering. */
  delayMs: number;
}

/** The words of the navigation, the footer and the pager: the same on every page, never content. */
const NAV_CELLS = ['Home', 'Handbook', 'Reference', 'Tutorials', 'Downloads', 'Members Area', 'Community Forum', 'Release Notes', 'Contact Support'];
const NAV_NOTE = 'Search the documentation or browse the chapters below';
const FOOTER = 'Copyright Example Documentation Foundation All rights reserved Privacy Policy Terms of Use Accessibility Statement';
const PAGER = ['Prev', 'Up', 'Home', 'Next'];

/** Every word of the repeated blocks, lower case. */
export const NAVIGATION_WORDS: ReadonlySet<string> = new Set(words([...NAV_CELLS, NAV_NOTE, FOOTER, ...PAGER].join(' ')));

/** Lower-case words of a text, as the boilerplate share counts them. */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

const CONSONANTS = 'bcdfgklmnprstvz';
const VOWELS = 'aeiou';
const PER_SECTION = 100;
const DOCUMENT_EVERY = 100;
const PRIVATE_PAGES = 20;
const LASTMOD = '2026-11-02';

/** One hundred in each of these, by the article's index: which carry a special link or behave oddly. */
const PRINT_LINK = 7;
const SLOW = 53;
/** One in two hundred, three hundred, five hundred. */
const REDIRECT_LINK = 13;
const DRAFT_LINK = 41;
const GONE_LINK = 29;
const FLAKY = 71;

/** Letters for a number: 0 → 'a', 25 → 'z', 26 → 'ba'..., at least `width` of them. */
function letters(n: number, width: number): string {
  let out = '';
  do {
    out = String.fromCharCode(97 + (n % 26)) + out;
    n = Math.floor(n / 26);
  } while (n > 0);
  return out.padStart(width, 'a');
}

export class CrawlSite {
  readonly pages: SitePage[] = [];
  /** The pages of `/private/`, linked from every page's navigation and forbidden by robots.txt. */
  readonly privatePaths: string[] = [];
  readonly sectionCount: number;
  private readonly byPath = new Map<string, SitePage>();
  private readonly vocabulary: string[];
  private readonly seed: number;
  private readonly crawlDelaySeconds: number;
  private readonly slowMs: number;
  /** Articles by section, in order (documents apart). */
  private readonly sectionArticles: SitePage[][] = [];
  private readonly sectionDocuments: SitePage[][] = [];
  private readonly articles: SitePage[] = [];
  /** Pages deleted from the site (see `remove`). */
  private readonly removed = new Set<string>();
  /** Pages rewritten (see `change`): the words added to each, and its new sitemap lastmod. */
  private readonly changes = new Map<string, { words: string; lastmod: string }>();
  /** Counts the site's alterations, so a server knows its built sitemaps are stale. */
  version = 0;

  constructor(options: SiteOptions = {}) {
    const total = options.pages ?? 10_000;
    if (!Number.isInteger(total) || total < 20) throw new Error('a generated site has at least 20 pages');
    this.seed = options.seed ?? 38;
    this.crawlDelaySeconds = options.crawlDelaySeconds ?? 0;
    this.slowMs = options.slowMs ?? 300;
    this.vocabulary = this.makeVocabulary(1500);
    const documents = Math.max(2, Math.round(total / DOCUMENT_EVERY));
    this.sectionCount = Math.max(2, Math.ceil(total / PER_SECTION));
    const articles = total - 2 - this.sectionCount - documents;
    const random = seededRandom(this.seed);
    const title = (n: number) =>
      Array.from({ length: n }, () => this.vocabulary[Math.floor(random() * this.vocabulary.length)]!)
        .map((w) => w[0]!.toUpperCase() + w.slice(1))
        .join(' ');
    this.add('home', '/', 'Product Manual', -1);
    this.add('open', '/private/open.html', `${title(2)} Open Letter`, -1);
    for (let s = 0; s < this.sectionCount; s++) {
      this.add('section', `/docs/${this.sectionSlug(s)}/`, title(2), s);
      this.sectionArticles.push([]);
      this.sectionDocuments.push([]);
    }
    for (let a = 0; a < articles; a++) {
      const s = Math.floor((a * this.sectionCount) / articles);
      const page = this.add('article', `/docs/${this.sectionSlug(s)}/${letters(a, 4)}-${this.vocabulary[a % this.vocabulary.length]}.html`, title(3), s);
      this.sectionArticles[s]!.push(page);
      this.articles.push(page);
    }
    for (let d = 0; d < documents; d++) {
      const s = d % this.sectionCount;
      const kind = d % 2 === 0 ? 'pdf' : 'docx';
      this.sectionDocuments[s]!.push(this.add(kind, `/files/${this.sectionSlug(s)}/guide-${letters(d, 3)}.${kind}`, `${title(2)} Guide`, s));
    }
    for (let p = 0; p < PRIVATE_PAGES; p++) this.privatePaths.push(`/private/member-${letters(p, 2)}.html`);
  }

  /**
   * Deletes pages, as a site owner does: they answer 404 and leave the sitemap and their
   * section's listing (other pages' cross links to them stay, as on a real site).
   */
  remove(paths: Iterable<string>): void {
    for (const path of paths) this.removed.add(path);
    this.version++;
  }

  /** Rewrites an article: `words` join its text, and its sitemap lastmod becomes `lastmod` (an ISO date), as an honest site's does. */
  change(path: string, words: string, lastmod: string): void {
    this.changes.set(path, { words, lastmod });
    this.version++;
  }

  /** The articles of a section, in order. */
  articlesOf(section: number): readonly SitePage[] {
    return this.sectionArticles[section] ?? [];
  }

  /** Canonical pages still on the site (not removed). */
  livePages(): SitePage[] {
    return this.pages.filter((p) => !this.removed.has(p.path));
  }

  /** The `n` most used words of the pages' text (the vocabulary's first words are chosen most), to search for. */
  queryWords(n: number): string[] {
    return this.vocabulary.slice(0, n);
  }

  /** The start URL of a crawl. */
  startUrl(origin: string): string {
    return `${origin}/`;
  }

  /** The canonical URLs a complete crawl indexes. */
  canonicalUrls(origin: string): string[] {
    return this.pages.map((p) => origin + p.path);
  }

  page(path: string): SitePage | undefined {
    return this.byPath.get(path);
  }

  /** Whether robots.txt forbids a path (with its query) to every crawler but its own group's: the ground truth, written apart from any parser. */
  disallowed(pathAndQuery: string): boolean {
    const path = pathAndQuery.split('?')[0]!;
    if (path === '/private/open.html') return false;
    return path.startsWith('/private/') || /^\/docs\/[^/]*\/drafts\//.test(path);
  }

  robotsTxt(origin: string): string {
    const delay = this.crawlDelaySeconds > 0 ? `Crawl-delay: ${this.crawlDelaySeconds}\n` : '';
    return `# The benchmark's generated documentation site
User-agent: slowbot
Crawl-delay: 30
Disallow: /

User-agent: *
Disallow: /private/
Allow: /private/open.html
Disallow: /docs/*/drafts/
${delay}
Sitemap: ${origin}/sitemap.xml
`;
  }

  /** The sitemap's files: `/sitemap.xml` (an index) → `/sitemaps/sections.xml.gz` and `/sitemaps/articles.xml.gz` (a gzipped index) → `/sitemaps/articles-{n}.xml.gz`. */
  sitemapFiles(origin: string): Map<string, Buffer> {
    const files = new Map<string, Buffer>();
    const index = (locations: string[]) =>
      `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${locations
        .map((l) => `<sitemap><loc>${origin}${l}</loc></sitemap>`)
        .join('\n')}\n</sitemapindex>\n`;
    const urlset = (pages: SitePage[]) =>
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${pages
        .map((p) => `<url><loc>${origin}${p.path}</loc><lastmod>${this.changes.get(p.path)?.lastmod ?? LASTMOD}</lastmod></url>`)
        .join('\n')}\n</urlset>\n`;
    const gzip = (text: string) => gzipSync(Buffer.from(text, 'utf8'), { level: 9 });
    const live = this.livePages();
    const top = live.filter((p) => p.kind === 'home' || p.kind === 'section' || p.kind === 'open');
    const rest = live.filter((p) => !top.includes(p));
    const children: string[] = [];
    for (let i = 0; i * 2000 < rest.length; i++) {
      const path = `/sitemaps/articles-${i + 1}.xml.gz`;
      children.push(path);
      files.set(path, gzip(urlset(rest.slice(i * 2000, (i + 1) * 2000))));
    }
    files.set('/sitemaps/articles.xml.gz', gzip(index(children)));
    files.set('/sitemaps/sections.xml.gz', gzip(urlset(top)));
    files.set('/sitemap.xml', Buffer.from(index(['/sitemaps/sections.xml.gz', '/sitemaps/articles.xml.gz']), 'utf8'));
    return files;
  }

  /** Pages that answer 503 to their first request. */
  flaky(page: SitePage): boolean {
    return page.kind === 'article' && this.articleNumber(page) % 500 === FLAKY;
  }

  /**
   * What a GET of `pathAndQuery` answers (`fetchedBefore`: times this exact URL was asked
   * before). Sitemaps are given by the caller, which keeps them built.
   */
  answer(origin: string, pathAndQuery: string, fetchedBefore: number): SiteAnswer {
    const url = new URL(pathAndQuery, origin);
    const path = url.pathname;
    const html = (body: string, status = 200): SiteAnswer => ({
      status,
      headers: { 'content-type': 'text/html; charset=utf-8' },
      body: Buffer.from(body, 'utf8'),
      delayMs: 0,
    });
    const notFound = () => html(this.layout('Page not found', '<p>There is no such page.</p>', null, null), 404);
    if (path === '/robots.txt') return { status: 200, headers: { 'content-type': 'text/plain' }, body: Buffer.from(this.robotsTxt(origin)), delayMs: 0 };
    const redirect = /^\/(old|moved)\/([a-z]+)$/.exec(path);
    if (redirect !== null) {
      const target = this.articles[this.numberOf(redirect[2]!)];
      if (target === undefined) return notFound();
      // Two hops: /old/x → /moved/x → the article.
      const location = redirect[1] === 'old' ? `/moved/${redirect[2]}` : origin + target.path;
      return { status: 301, headers: { location, 'content-type': 'text/plain' }, body: Buffer.from('moved'), delayMs: 0 };
    }
    if (path.startsWith('/print/')) {
      const page = this.byPath.get(path.slice('/print'.length));
      if (page?.kind !== 'article') return notFound();
      return html(this.articleHtml(origin, page, true));
    }
    if (path.startsWith('/private/') && path !== '/private/open.html') {
      const member = path === '/private/' || path === '/private/index.html' || this.privatePaths.includes(path);
      if (!member) return notFound();
      const links = this.privatePaths.map((p) => `<li><a href="${p}">Member page ${p.slice(-7, -5)}</a></li>`).join('');
      return html(this.layout('Members area', `<p>For members only.</p><ul>${links}</ul>`, `${origin}${path}`, null));
    }
    // `/index.html` serves its folder's page, as a web server does.
    const page = this.byPath.get(path.endsWith('/index.html') ? path.slice(0, -'index.html'.length) : path);
    if (page === undefined || this.removed.has(page.path)) return notFound();
    if (page.kind === 'pdf' || page.kind === 'docx') {
      const paragraphs = [this.paragraph(page, 0), `Reference words ${page.uniqueWords.join(' ')}.`];
      return {
        status: 200,
        headers: {
          'content-type': page.kind === 'pdf' ? 'application/pdf' : 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        },
        body: page.kind === 'pdf' ? pdfFile(page.title, paragraphs) : docxFile(page.title, paragraphs),
        delayMs: 0,
      };
    }
    if (this.flaky(page) && fetchedBefore === 0) {
      return { status: 503, headers: { 'retry-after': '1', 'content-type': 'text/plain' }, body: Buffer.from('busy, try again'), delayMs: 0 };
    }
    const answer = html(page.kind === 'article' ? this.articleHtml(origin, page, false) : this.listingHtml(origin, page));
    if (page.kind === 'article' && this.articleNumber(page) % 100 === SLOW) answer.delayMs = this.slowMs;
    return answer;
  }

  /** The article's number among the articles. */
  private articleNumber(page: SitePage): number {
    return page.index - 2 - this.sectionCount;
  }

  private numberOf(code: string): number {
    let n = 0;
    for (const c of code) n = n * 26 + (c.charCodeAt(0) - 97);
    return n;
  }

  private sectionSlug(s: number): string {
    return `${this.vocabulary[(s * 7) % this.vocabulary.length]}-${letters(s, 2)}`;
  }

  private add(kind: PageKind, path: string, title: string, section: number): SitePage {
    const index = this.pages.length;
    // Letters only, starting 'qx', which no word of the vocabulary does: a search for one finds this page alone.
    const uniqueWords = ['j', 'w', 'y'].map((end) => `qx${letters(index, 4)}${end}`);
    const page: SitePage = { index, kind, path, title, section, uniqueWords };
    this.pages.push(page);
    this.byPath.set(path, page);
    return page;
  }

  /** Pronounceable made-up words, none a navigation word and none starting with 'q'. */
  private makeVocabulary(size: number): string[] {
    const random = seededRandom(this.seed * 7919);
    const found = new Set<string>();
    while (found.size < size) {
      let word = '';
      const syllables = 2 + Math.floor(random() * 3);
      for (let i = 0; i < syllables; i++) word += CONSONANTS[Math.floor(random() * CONSONANTS.length)]! + VOWELS[Math.floor(random() * VOWELS.length)]!;
      if (!NAVIGATION_WORDS.has(word)) found.add(word);
    }
    return [...found];
  }

  /** A paragraph of the page's own, seeded by its index and `n`; Zipf-like word choice, so some words are common. */
  private paragraph(page: SitePage, n: number): string {
    const random = seededRandom(this.seed + page.index * 31 + n);
    const length = 30 + Math.floor(random() * 30);
    const out: string[] = [];
    for (let i = 0; i < length; i++) out.push(this.vocabulary[Math.floor(random() ** 2 * this.vocabulary.length)]!);
    return `${out.join(' ')}.`;
  }

  private layout(title: string, main: string, canonical: string | null, pager: string | null): string {
    const nav = NAV_CELLS.map((cell, i) => {
      const href = i === 0 ? '/index.html' : cell === 'Members Area' ? '/private/' : `/docs/${this.sectionSlug((i * 3) % this.sectionCount)}/index.html`;
      return `<td class="navcell"><a href="${href}">${cell}</a></td>`;
    }).join('');
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title>${canonical === null ? '' : `<link rel="canonical" href="${canonical}">`}</head>
<body>
<div class="top"><table class="navigation" width="100%"><tr>${nav}</tr></table><div class="note">${NAV_NOTE}</div></div>
${pager ?? ''}
<div class="page"><h1>${title}</h1>
${main}
</div>
${pager ?? ''}
<div class="bottom"><table width="100%"><tr><td>${FOOTER}</td></tr></table></div>
</body></html>
`;
  }

  private listingHtml(origin: string, page: SitePage): string {
    const intro = `<p>${this.paragraph(page, 0)} ${page.uniqueWords.join(' ')}</p>`;
    if (page.kind === 'home' || page.kind === 'open') {
      const sections = this.pages
        .filter((p) => p.kind === 'section' && !this.removed.has(p.path))
        .map((p) => `<li><a href="${p.path}">${p.title}</a></li>`)
        .join('');
      const extra = page.kind === 'home' ? `<p><a href="/private/open.html">An open letter</a></p><ul>${sections}</ul>` : '';
      return this.layout(page.title, intro + extra, origin + page.path, null);
    }
    const s = page.section;
    const items = [...this.sectionArticles[s]!, ...this.sectionDocuments[s]!]
      .filter((p) => !this.removed.has(p.path))
      .map((p) => `<li><a href="${p.path}">${p.title}</a></li>`)
      .join('');
    const next = this.pages.find((p) => p.kind === 'section' && p.section === (s + 1) % this.sectionCount)!;
    const prev = this.pages.find((p) => p.kind === 'section' && p.section === (s - 1 + this.sectionCount) % this.sectionCount)!;
    const pager = `<div class="pager"><a href="${prev.path}">Prev</a> <a href="/">Up</a> <a href="/index.html">Home</a> <a href="${next.path}">Next</a></div>`;
    return this.layout(page.title, `${intro}<ul>${items}</ul>`, origin + page.path, pager);
  }

  private articleHtml(origin: string, page: SitePage, print: boolean): string {
    const n = this.articleNumber(page);
    const siblings = this.sectionArticles[page.section]!;
    const at = siblings.indexOf(page);
    const prev = siblings[at - 1] ?? siblings[siblings.length - 1]!;
    const next = siblings[at + 1] ?? siblings[0]!;
    const up = `/docs/${this.sectionSlug(page.section)}/${at % 2 === 0 ? 'index.html' : ''}`;
    const pager = `<div class="pager"><a href="${prev.path}">Prev</a> <a href="${up}">Up</a> <a href="/">Home</a> <a href="${next.path}">Next</a></div>`;
    const random = seededRandom(this.seed * 104_729 + page.index);
    const related = Array.from({ length: 3 }, (_, i) => {
      const other = this.articles[Math.floor(random() * this.articles.length)]!;
      const pick = random();
      const href =
        pick < 0.4
          ? other.path
          : pick < 0.6
            ? `${other.path}?ref=related`
            : pick < 0.8
              ? `${other.path}?utm_source=docs&utm_medium=link&utm_campaign=related${i}`
              : `${other.path}#part-${i}`;
      return `<li><a href="${href}">${other.title}</a></li>`;
    }).join('');
    const special: string[] = [];
    if (n % 100 === PRINT_LINK && !print) special.push(`<a href="/print${page.path}" rel="alternate">Print this page</a>`);
    if (n % 200 === REDIRECT_LINK) special.push(`<a href="/old/${letters((n * 7) % this.articles.length, 1)}">The former address of a page</a>`);
    if (n % 300 === GONE_LINK) special.push(`<a href="/gone/${letters(n, 1)}.html">A page since removed</a>`);
    if (n % 200 === DRAFT_LINK) special.push(`<a href="/docs/${this.sectionSlug(page.section)}/drafts/${letters(n, 1)}.html">A draft</a>`);
    const documents = this.sectionDocuments[page.section]!;
    if (at === 0 && documents.length > 0) special.push(`<a href="${documents[0]!.path}">Download the guide</a>`);
    const main = `<p>${this.paragraph(page, 0)}</p>
<p>${this.paragraph(page, 1)} ${page.uniqueWords.join(' ')}</p>
<p>${this.paragraph(page, 2)}</p>${this.changes.has(page.path) ? `\n<p>${this.changes.get(page.path)!.words}</p>` : ''}
<h2>Related</h2><ul>${related}</ul>${special.length > 0 ? `<p>${special.join(' ')}</p>` : ''}`;
    return this.layout(page.title, main, origin + page.path, print ? null : pager);
  }
}
