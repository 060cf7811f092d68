import { readSitemap } from '../crawl/sitemaps.ts';

/** What a sitemap file lists: pages (`<urlset>`) or further sitemaps (`<sitemapindex>`). */
export interface SitemapEntries {
  pages: string[];
  sitemaps: string[];
}

/** Reads the `<loc>` of each `<url>` and `<sitemap>` of a sitemap (sitemaps.org protocol), as the service's crawler does. Throws on XML that is not a sitemap. */
export function parseSitemap(xml: string | Buffer): SitemapEntries {
  const content = readSitemap(typeof xml === 'string' ? Buffer.from(xml, 'utf8') : xml);
  return content.kind === 'pages' ? { pages: content.pages.map((page) => page.url), sitemaps: [] } : { pages: [], sitemaps: content.sitemaps };
}

/** Every page of a sitemap, following a sitemap index one level down, each URL once in order. */
export async function sitemapPages(url: string, fetcher: typeof fetch = fetch, depth = 1): Promise<string[]> {
  const response = await fetcher(url);
  if (!response.ok) throw new Error(`fetching the sitemap ${url} failed: ${response.status} ${response.statusText}`);
  let entries: SitemapEntries;
  try {
    // The bytes, not text: a sitemap.xml.gz is gunzipped by its first bytes.
    entries = parseSitemap(Buffer.from(await response.arrayBuffer()));
  } catch (error) {
    throw new Error(`${url}: ${(error as Error).message}`, { cause: error });
  }
  const pages = [...entries.pages];
  if (depth > 0) for (const child of entries.sitemaps) pages.push(...(await sitemapPages(child, fetcher, depth - 1)));
  return [...new Set(pages)];
}
