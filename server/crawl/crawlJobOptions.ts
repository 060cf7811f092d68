import type { CrawlJobOptions, CrawlJobRequest } from '../../src/client/types.ts';

/** Why a URL was left out: the strings of the API (`GET .../crawls/{id}`), in one place. */
export const EXCLUDED = {
  robots: 'robots.txt',
  noindex: 'noindex',
  canonical: 'canonical elsewhere',
  outOfScope: 'out of scope',
  pattern: 'excluded by pattern',
  duplicate: 'duplicate',
  trap: 'trap',
  maxPages: 'max pages',
  maxDepth: 'max depth',
  nofollow: 'nofollow',
  /** The URL redirects: its target is crawled (or was already) under its own URL. */
  redirected: 'redirected',
} as const;

/** Why a URL that was to be indexed was not. */
export const FAILED = {
  notFound: 'not found',
  serverError: 'server error',
  timeout: 'timeout',
  tooLarge: 'too large',
  unsupported: 'unsupported type',
  unreadable: 'unreadable',
  blocked: 'blocked',
  redirectLoop: 'redirect loop',
} as const;

export const DEFAULT_MAX_PAGES = 100_000;
export const DEFAULT_MAX_DEPTH = 20;
export const DEFAULT_IGNORE_PARAMS: readonly string[] = ['utm_*', 'fbclid', 'gclid'];

/** A crawl's options with the defaults filled in. */
export function crawlJobOptions(request: CrawlJobRequest): CrawlJobOptions {
  return {
    start: request.start ?? [],
    sitemaps: request.sitemaps ?? [],
    include: request.include ?? [],
    exclude: request.exclude ?? [],
    maxPages: request.maxPages ?? DEFAULT_MAX_PAGES,
    maxDepth: request.maxDepth ?? DEFAULT_MAX_DEPTH,
    ignoreParams: request.ignoreParams ?? [...DEFAULT_IGNORE_PARAMS],
    dryRun: request.dryRun ?? false,
  };
}

/** The options stored with a crawl (JSON), read back. */
export function storedOptions(text: string): CrawlJobOptions {
  return crawlJobOptions(JSON.parse(text) as CrawlJobRequest);
}
