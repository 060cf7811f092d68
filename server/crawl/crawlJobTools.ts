/**
 * What a crawl job needs of the modules that fetch, read and discover (fetchPage.ts,
 * pageReader.ts, repeatedBlocks.ts, robotsTxt.ts, sitemaps.ts, normalizeUrl.ts,
 * crawlScope.ts), as the runner (crawlJob.ts) calls them: one seam, so the runner is
 * tested with a loopback site and the real modules, and reads as the crawl it is.
 */
import type { FetchOutcome } from './fetchPage.ts';
import type { ContentBlock, PageReading } from './readPage.ts';

/** A fetch's outcome, a page's reading and its blocks: the types of fetchPage.ts and readPage.ts. */
export type CrawlFetch = FetchOutcome;
export type CrawlFetched = Extract<CrawlFetch, { ok: true }>;
export type CrawlBlock = ContentBlock;
export type CrawlReading = PageReading;

/** What a page answered last time, sent back on a recrawl (If-None-Match, If-Modified-Since). */
export interface CrawlValidators {
  etag: string | null;
  lastModified: string | null;
}

export interface CrawlRobots {
  allows(url: URL): boolean;
  crawlDelayMs: number | null;
  sitemaps: readonly string[];
}

export type CrawlSitemap = { kind: 'pages'; pages: Array<{ url: string; lastmod: string | null }> } | { kind: 'index'; sitemaps: string[] };

export interface BlocksState {
  pages: number;
  counts: Record<string, number>;
}

/** Repeated blocks learnt across a crawl's pages (repeatedBlocks.ts). */
export interface CrawlBlocks {
  see(blocks: readonly CrawlBlock[]): void;
  contentOf(blocks: readonly CrawlBlock[]): string;
  state(): BlocksState;
}

export type ScopeVerdict = 'in' | 'out of scope' | 'excluded by pattern';

export interface CrawlTools {
  /**
   * Fetches a page (`accept: 'page'`) or robots.txt and sitemaps (`'any'`, with its own byte
   * bound); with `truncate`, a body past `maxBytes` is cut there rather than failed
   * (robots.txt); with `validators` (a recrawl), a page not changed answers 304.
   */
  fetch(url: URL, accept: 'page' | 'any', stop: AbortSignal, maxBytes?: number, truncate?: boolean, validators?: CrawlValidators): Promise<CrawlFetch>;
  /** Reads a fetched page on a reading thread; throws with the reason when it cannot be read. */
  read(fetched: CrawlFetched): Promise<CrawlReading>;
  robots(text: string): CrawlRobots;
  readonly allowAll: CrawlRobots;
  readonly robotsMaxBytes: number;
  /** Reads a sitemap or sitemap index (gzipped or not); throws when it cannot. */
  sitemap(body: Buffer): CrawlSitemap;
  readonly sitemapMaxDepth: number;
  normalize(reference: string, base: URL | string | undefined, ignoreParams: readonly string[]): URL | null;
  trap(url: URL): string | null;
  scope(start: readonly URL[], include: readonly string[], exclude: readonly string[]): (url: URL) => ScopeVerdict;
  blocks(state: BlocksState | undefined): CrawlBlocks;
  /** Why a page's read failed, in the API's words (`unreadable`, `too large`...). */
  readFailure(error: unknown): string;
  close(): Promise<void>;
}
