import type { CrawlJobOptions, CrawlJobRequest } from '../../src/client/types.ts';
import type { ServiceOptions } from '../config/serviceConfig.ts';
import type { CrawlJobSettings } from './crawlJob.ts';
import { DEFAULT_POLITENESS } from './crawlJobHosts.ts';
import type { RemovalRules } from './crawlRemovals.ts';

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

/** Three failing crawls over a day remove a page; a tenth of the index, or a fifth of the fetches failing, holds removals. */
export const DEFAULT_REMOVAL_RULES: RemovalRules = { failuresToRemove: 3, failureSpanMs: 24 * 60 * 60_000, removalShare: 0.1, failureShare: 0.2 };

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
    maxRemovalShare: request.maxRemovalShare ?? DEFAULT_REMOVAL_RULES.removalShare,
    maxFailureShare: request.maxFailureShare ?? DEFAULT_REMOVAL_RULES.failureShare,
    changed: request.changed ?? [],
    since: request.since ?? null,
  };
}

/** The options stored with a crawl (JSON), read back. */
export function storedOptions(text: string): CrawlJobOptions {
  return crawlJobOptions(JSON.parse(text) as CrawlJobRequest);
}

/** How the service runs crawl jobs, from its options; throws an Error that says what is wrong. */
export function crawlJobSettings(options: ServiceOptions): CrawlJobSettings {
  const concurrency = options.crawlHostConcurrency ?? DEFAULT_POLITENESS.concurrency;
  const rate = options.crawlHostRate ?? DEFAULT_POLITENESS.ratePerSecond;
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error('crawlHostConcurrency must be a positive integer');
  if (!(rate >= 0)) throw new Error('crawlHostRate must be 0 (no limit) or a positive number');
  return {
    politeness: { concurrency, ratePerSecond: rate },
    parallel: 16,
    leaseMs: 10 * 60_000,
    sampleSize: 20,
    robotsRetryMs: 10_000,
    fetchRetries: 2,
    fetchRetryMs: 1000,
    checkMs: 500,
    sitemapMaxBytes: 10 * 1024 * 1024,
    sitemapsMax: 1000,
    removal: DEFAULT_REMOVAL_RULES,
  };
}
