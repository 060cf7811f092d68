import { crawlRefusal } from './crawlAllowList.ts';
import type { CrawlerSettings } from './crawler.ts';
import type { CrawlTools } from './crawlJobTools.ts';
import { crawlScope } from './crawlScope.ts';
import { fetchPage, DEFAULT_USER_AGENT } from './fetchPage.ts';
import { guardedDispatcher } from './guardedDispatcher.ts';
import { normalizeUrl, trapReason } from './normalizeUrl.ts';
import { PageReader, PageReadError } from './pageReader.ts';
import { RepeatedBlocks } from './repeatedBlocks.ts';
import { ALLOW_ALL, parseRobotsTxt, ROBOTS_MAX_BYTES } from './robotsTxt.ts';
import { readSitemap, SITEMAP_MAX_DEPTH } from './sitemaps.ts';
import { FAILED } from './crawlJobOptions.ts';

/** Reading threads of the crawl jobs, beside the one-page crawler's. */
const READ_THREADS = 2;
/** Heap of a reading thread (as the one-page crawler's). */
const READ_HEAP_MB = 512;

/** The User-Agent of crawl jobs: the service's product token, and the owner's contact URL when set. */
export function crawlUserAgent(contactUrl: string | null): string {
  return contactUrl === null ? DEFAULT_USER_AGENT : `${DEFAULT_USER_AGENT} (+${contactUrl})`;
}

/** The tools of crawl jobs with the User-Agent they send. */
export function crawlToolsFor(settings: CrawlerSettings, contactUrl: string | null): CrawlTools {
  return crawlTools(settings, crawlUserAgent(contactUrl));
}

/**
 * The crawl jobs' tools over the modules that fetch, read and discover: every fetch through
 * the SSRF guard and allow-lists of the one-page crawler (`settings.access`), unchanged.
 */
export function crawlTools(settings: CrawlerSettings, userAgent: string): CrawlTools {
  const dispatcher = guardedDispatcher(settings.access, settings.resolve);
  const reader = new PageReader({ threads: READ_THREADS, timeoutMs: settings.readTimeoutMs, maxHeapMb: READ_HEAP_MB });
  return {
    fetch: (url, accept, stop, maxBytes, truncate, validators) =>
      fetchPage(url, {
        truncate,
        ifNoneMatch: validators?.etag ?? null,
        ifModifiedSince: validators?.lastModified ?? null,
        timeoutMs: settings.timeoutMs,
        maxBytes: maxBytes ?? settings.maxBytes,
        maxRedirects: settings.maxRedirects,
        refusal: (next) => crawlRefusal(next, settings.access),
        dispatcher,
        stop,
        accept,
        userAgent,
      }),
    read: (fetched) => reader.readFetched(fetched.body, fetched.contentType, fetched.url, fetched.headers),
    robots: (text) => parseRobotsTxt(text, userAgent),
    allowAll: ALLOW_ALL,
    robotsMaxBytes: ROBOTS_MAX_BYTES,
    sitemap: (body) => readSitemap(body),
    sitemapMaxDepth: SITEMAP_MAX_DEPTH,
    normalize: (reference, base, ignoreParams) => normalizeUrl(reference, base, { ignoreParams }),
    trap: (url) => trapReason(url),
    scope: crawlScope,
    blocks: (state) => new RepeatedBlocks({}, state),
    readFailure: (error) => (error instanceof PageReadError && /too large|too big/i.test(error.reason) ? FAILED.tooLarge : FAILED.unreadable),
    close: async () => {
      await Promise.all([dispatcher.close(), reader.close()]);
    },
  };
}
