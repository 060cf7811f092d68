// Sitemaps (sitemaps.org protocol): the pages of a `<urlset>`, the sitemaps of a
// `<sitemapindex>`, or the lines of a text sitemap, read within bounds so that a sitemap
// from any host (a gzip bomb, a million entries) costs no more than the bounds allow.
import { gunzipSync } from 'node:zlib';
import { XMLParser } from 'fast-xml-parser';

export interface SitemapPage {
  url: string;
  /** The `<lastmod>` as written (W3C datetime), null when there is none. */
  lastmod: string | null;
}

export type SitemapContent = { kind: 'pages'; pages: SitemapPage[] } | { kind: 'index'; sitemaps: string[] };

export interface SitemapLimits {
  /** The bytes of a sitemap, unzipped. @default SITEMAP_MAX_BYTES */
  maxBytes?: number;
  /** The `<url>` or `<sitemap>` entries of one sitemap. @default SITEMAP_MAX_ENTRIES */
  maxEntries?: number;
}

/** The protocol's bound on one sitemap, unzipped: 50 MiB. */
export const SITEMAP_MAX_BYTES = 50 * 1024 * 1024;

/** The protocol's bound on the entries of one sitemap. */
export const SITEMAP_MAX_ENTRIES = 50_000;

/** How many sitemap indexes deep a crawl follows: the protocol has one level, sites nest a few. */
export const SITEMAP_MAX_DEPTH = 5;

// parseTagValue off: a <loc> or <lastmod> stays the text it is (`2026` is not a number).
// fast-xml-parser expands no entity declared in a DOCTYPE into another, so no entity bomb.
const parser = new XMLParser({ ignoreAttributes: true, removeNSPrefix: true, parseTagValue: false, isArray: (name) => name === 'url' || name === 'sitemap' });

/** The first bytes of every gzip stream. */
const GZIP_MAGIC = [0x1f, 0x8b];

interface Entry {
  loc?: unknown;
  lastmod?: unknown;
}

/**
 * Reads a sitemap or a sitemap index, gunzipping the bytes when they are gzip (by their first
 * bytes, whatever the name or type said), within the bounds. Throws an Error that says what is
 * wrong: not a sitemap, not valid gzip, larger than maxBytes, more than maxEntries entries.
 */
export function readSitemap(body: Buffer, limits: SitemapLimits = {}): SitemapContent {
  const maxBytes = limits.maxBytes ?? SITEMAP_MAX_BYTES;
  const maxEntries = limits.maxEntries ?? SITEMAP_MAX_ENTRIES;
  const text = unzipped(body, maxBytes)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  if (!text.trimStart().startsWith('<')) return textSitemap(text, maxEntries);
  const doc = parser.parse(text) as { urlset?: { url?: Entry[] } | ''; sitemapindex?: { sitemap?: Entry[] } | '' };
  if (doc.urlset !== undefined) {
    const entries = typeof doc.urlset === 'object' ? (doc.urlset.url ?? []) : [];
    checkCount(entries.length, maxEntries);
    const pages: SitemapPage[] = [];
    for (const entry of entries) {
      const url = textOf(entry.loc);
      if (url !== null) pages.push({ url, lastmod: textOf(entry.lastmod) });
    }
    return { kind: 'pages', pages };
  }
  if (doc.sitemapindex !== undefined) {
    const entries = typeof doc.sitemapindex === 'object' ? (doc.sitemapindex.sitemap ?? []) : [];
    checkCount(entries.length, maxEntries);
    return { kind: 'index', sitemaps: entries.map((entry) => textOf(entry.loc)).filter((loc) => loc !== null) };
  }
  throw new Error('not a sitemap: expected <urlset> or <sitemapindex>');
}

function unzipped(body: Buffer, maxBytes: number): Buffer {
  const gzip = body.length >= 2 && body[0] === GZIP_MAGIC[0] && body[1] === GZIP_MAGIC[1];
  if (!gzip) {
    if (body.length > maxBytes) throw new Error(`sitemap larger than ${maxBytes} bytes`);
    return body;
  }
  try {
    // maxOutputLength stops inflating there: a small file that unzips to gigabytes fails early.
    return gunzipSync(body, { maxOutputLength: maxBytes });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
      throw new Error(`sitemap larger than ${maxBytes} bytes when unzipped`, { cause: error });
    throw new Error(`sitemap is not valid gzip: ${(error as Error).message}`, { cause: error });
  }
}

/** A text sitemap: one absolute http(s) URL a line, and nothing else. */
function textSitemap(text: string, maxEntries: number): SitemapContent {
  const lines = text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (lines.length === 0 || !lines.every((line) => /^https?:\/\//i.test(line) && URL.canParse(line))) {
    throw new Error('not a sitemap: expected <urlset>, <sitemapindex> or one URL a line');
  }
  checkCount(lines.length, maxEntries);
  return { kind: 'pages', pages: lines.map((url) => ({ url, lastmod: null })) };
}

function checkCount(count: number, maxEntries: number): void {
  if (count > maxEntries) throw new Error(`sitemap lists ${count} entries, more than the ${maxEntries} read`);
}

/** An element's text, trimmed; the first when it is repeated; null when empty or not text. */
function textOf(value: unknown): string | null {
  const first: unknown = Array.isArray(value) ? value[0] : value;
  if (typeof first !== 'string') return null;
  const text = first.trim();
  return text === '' ? null : text;
}
