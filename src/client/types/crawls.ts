// Crawl jobs, an addition of the reference service: the service finds a site's pages from
// its start URLs and sitemaps, reads and indexes them, and reports what it did with each.

/** `held`: ended with its removals waiting for the owner (`POST .../crawls/{id}/approve` or `.../discard`). */
export type CrawlJobState = 'queued' | 'running' | 'done' | 'held' | 'failed' | 'cancelled';

/** Body of `POST /v2/indices/{key}/crawls`: `start` or `sitemaps` (or both) is needed. */
export interface CrawlJobRequest {
  /** Absolute http(s) URLs the crawl starts from. */
  start?: string[];
  /** Sitemaps (or sitemap indexes) read for URLs, beside `/sitemap.xml` and robots.txt's. */
  sitemaps?: string[];
  /** Globs over whole URLs (`**` any characters, `*` any but `/`); by default the start URLs' hosts, under each one's folder. */
  include?: string[];
  /** Globs of URLs left out. */
  exclude?: string[];
  /** @default 100000 */
  maxPages?: number;
  /** Links followed from a start URL at most. @default 20 */
  maxDepth?: number;
  /** Query parameters dropped from URLs (globs). @default ['utm_*', 'fbclid', 'gclid'] */
  ignoreParams?: string[];
  /** Fetch only what discovery needs, index nothing, and report each URL in or out. @default false */
  dryRun?: boolean;
  /** A crawl that would remove more than this share of the index's documents holds its removals (state `held`). @default 0.1 */
  maxRemovalShare?: number;
  /** A crawl whose failed fetches are more than this share of its fetches holds its removals. @default 0.2 */
  maxFailureShare?: number;
  /**
   * A deploy hook: only these URLs are fetched (no links followed, no sitemaps read), and
   * pages not among them are left as they are. @default []
   */
  changed?: string[];
  /**
   * A deploy hook: only the pages of the sitemaps (those given, `/sitemap.xml` and
   * robots.txt's, of the start URLs' hosts) whose `<lastmod>` is at or after this time
   * (ISO 8601) are fetched, with `changed` if given. @default null
   */
  since?: string;
}

/** The options of a crawl, defaults filled in. */
export type CrawlJobOptions = Required<Omit<CrawlJobRequest, 'since'>> & { since: string | null };

/** Answer of `POST .../crawls` (202, with `Location`). */
export interface CrawlJobCreated {
  id: string;
  state: CrawlJobState;
}

/** How far a crawl got: URLs found, fetched, and what became of them, by reason. */
export interface CrawlJobCounts {
  found: number;
  /** Found and not yet done. */
  pending: number;
  fetched: number;
  indexed: number;
  unchanged: number;
  /** By reason: `robots.txt`, `noindex`, `canonical elsewhere`, `out of scope`, `excluded by pattern`, `duplicate`, `trap`, `max pages`, `max depth`, `nofollow`, `redirected`. */
  excluded: Record<string, number>;
  /** By reason: `not found`, `server error`, `timeout`, `too large`, `unsupported type`, `unreadable`, `blocked`, `redirect loop`. */
  failed: Record<string, number>;
}

/** Pages crawls had indexed that this crawl removed, holds for the owner, or was told to keep. */
export interface CrawlRemovalCounts {
  removed: number;
  held: number;
  discarded: number;
}

/** A page a crawl removed (or holds): why it goes. */
export interface CrawlRemovalEntry {
  url: string;
  /** `not found`, `noindex`, `canonical elsewhere`, `duplicate`, `out of scope`, `no longer linked`, `server error in 3 crawls in a row`... */
  reason: string;
  state: 'removed' | 'held' | 'discarded';
}

/** A crawl as `GET .../crawls` lists it. */
export interface CrawlJobSummary {
  id: string;
  state: CrawlJobState;
  dryRun: boolean;
  start: string[];
  /** ISO 8601. */
  createdAt: string;
  startedAt: string | null;
  endedAt: string | null;
  /** Why a failed crawl failed. */
  error: string | null;
  counts: CrawlJobCounts;
  removals: CrawlRemovalCounts;
}

/** `GET .../crawls/{id}`: the crawl, its options, and the first URLs of each reason. */
export interface CrawlJob extends CrawlJobSummary {
  options: CrawlJobOptions;
  samples: { excluded: Record<string, string[]>; failed: Record<string, string[]> };
  /** The first pages removed or held (all of them: `GET .../crawls/{id}/removals`). */
  removed: CrawlRemovalEntry[];
}

/** `GET .../crawls/{id}/removals`: a page of the crawl's removals, in URL order. */
export interface CrawlRemovalPage {
  page: number;
  pageSize: number;
  removals: CrawlRemovalEntry[];
}

export interface CrawlJobList {
  crawls: CrawlJobSummary[];
}

/** What `GET .../crawls/{id}/urls` narrows to: an outcome, or a reason of one. */
export interface CrawlUrlsParams {
  outcome?: 'indexed' | 'unchanged' | 'excluded' | 'failed';
  reason?: string;
  /** From 1. @default 1 */
  page?: number;
}

export interface CrawlUrl {
  url: string;
  depth: number;
  /** The page it was found on; null for a start URL or a sitemap's. */
  foundFrom: string | null;
  state: 'queued' | 'claimed' | 'done';
  outcome: 'indexed' | 'unchanged' | 'excluded' | 'failed' | null;
  reason: string | null;
  /** ISO 8601; null when never fetched. */
  fetchedAt: string | null;
}

export interface CrawlUrlPage {
  page: number;
  pageSize: number;
  urls: CrawlUrl[];
}
