import { XMLParser } from 'fast-xml-parser';

/** What a sitemap file lists: pages (`<urlset>`) or further sitemaps (`<sitemapindex>`). */
export interface SitemapEntries {
  pages: string[];
  sitemaps: string[];
}

const parser = new XMLParser({ ignoreAttributes: true, removeNSPrefix: true, isArray: (name) => name === 'url' || name === 'sitemap' });

/** Reads the `<loc>` of each `<url>` and `<sitemap>` of a sitemap (sitemaps.org protocol). Throws on XML that is not a sitemap. */
export function parseSitemap(xml: string): SitemapEntries {
  const doc = parser.parse(xml) as { urlset?: { url?: Array<{ loc?: unknown }> } | ''; sitemapindex?: { sitemap?: Array<{ loc?: unknown }> } | '' };
  if (doc.urlset === undefined && doc.sitemapindex === undefined) throw new Error('not a sitemap: expected <urlset> or <sitemapindex>');
  const locs = (items: Array<{ loc?: unknown }> | undefined): string[] =>
    (items ?? []).map((item) => (typeof item.loc === 'string' ? item.loc.trim() : '')).filter((loc) => loc !== '');
  return {
    pages: locs(typeof doc.urlset === 'object' ? doc.urlset.url : undefined),
    sitemaps: locs(typeof doc.sitemapindex === 'object' ? doc.sitemapindex.sitemap : undefined),
  };
}

/** Every page of a sitemap, following a sitemap index one level down, each URL once in order. */
export async function sitemapPages(url: string, fetcher: typeof fetch = fetch, depth = 1): Promise<string[]> {
  const response = await fetcher(url);
  if (!response.ok) throw new Error(`fetching the sitemap ${url} failed: ${response.status} ${response.statusText}`);
  let entries: SitemapEntries;
  try {
    entries = parseSitemap(await response.text());
  } catch (error) {
    throw new Error(`${url}: ${(error as Error).message}`, { cause: error });
  }
  const pages = [...entries.pages];
  if (depth > 0) for (const child of entries.sitemaps) pages.push(...(await sitemapPages(child, fetcher, depth - 1)));
  return [...new Set(pages)];
}
