import type { CrawlJobCounts } from '../../src/client/types.ts';
/**
 * The crawl store port: the crawl jobs of an index and their frontier (every URL a crawl
 * found, with its outcome), kept in the index's own database so a crawl survives a
 * restart and, on PostgreSQL, several service processes share one. The SQLite and
 * PostgreSQL engines implement it (sqliteCrawlStore.ts, postgresCrawlStore.ts); the cases
 * of server/testing/crawlStoreCases.ts hold both to the same answers.
 */

/** `held`: the crawl ended with removals held for the owner (approve or discard). */
export type CrawlState = 'queued' | 'running' | 'done' | 'held' | 'failed' | 'cancelled';

/** The states of a crawl still under way: at most one crawl of an index is in one of them. */
export const ACTIVE_CRAWL_STATES: readonly CrawlState[] = ['queued', 'running'];

export interface CrawlRecord {
  id: string;
  state: CrawlState;
  /** The crawl's options as asked (JSON text: the runner reads it). */
  options: string;
  /** Epoch milliseconds, from the app's clock. */
  createdAt: number;
  startedAt: number | null;
  endedAt: number | null;
  /** Why a failed crawl failed. */
  error: string | null;
  /** What the crawl learnt of its site's repeated blocks (JSON text), kept across restarts. */
  blocks: string | null;
}

/** A URL to put in a crawl's frontier. */
export interface FrontierEntry {
  /** Normalised: one page, one URL. */
  url: string;
  depth: number;
  /** The page (or sitemap) it was found on, or the URL that redirected to it; null for a start URL. */
  foundFrom: string | null;
}

/** Why a page was indexed: it was new to the index, or its text changed (a dry run says neither). */
export type IndexedReason = 'new' | 'changed';

/** How a URL of the frontier ended. */
export type UrlOutcome = { outcome: 'indexed'; reason?: IndexedReason } | { outcome: 'unchanged' } | { outcome: 'excluded' | 'failed'; reason: string };

/** The reason an outcome is stored with (null: none). */
export function outcomeReason(outcome: UrlOutcome): string | null {
  return 'reason' in outcome ? (outcome.reason ?? null) : null;
}

/**
 * How a crawl's frontier differs from the previous crawl's: pages indexed new or changed,
 * and URLs that failed in it but not in the previous one (the first `samples` of them).
 */
export interface FrontierChange {
  added: number;
  changed: number;
  newFailures: number;
  newFailureSamples: string[];
}

export type UrlOutcomeKind = UrlOutcome['outcome'];

/** A URL of the frontier as the report lists it. */
export interface FrontierUrl extends FrontierEntry {
  state: 'queued' | 'claimed' | 'done';
  outcome: UrlOutcomeKind | null;
  reason: string | null;
  /** Epoch milliseconds of its fetch; null when never fetched. */
  fetchedAt: number | null;
}

/** A crawl's counts, read from its frontier: the API's answer (src/client/types/crawls.ts). */
export type CrawlCounts = CrawlJobCounts;

/**
 * A page a crawl indexed, kept across crawls: what a recrawl sends back (its validators),
 * tells a change by (its content hash), and follows on a 304 (its links); and its run of
 * failing crawls, which removes it only once long enough.
 */
export interface CrawledPage {
  url: string;
  etag: string | null;
  lastModified: string | null;
  /** The content hash of its title and text as read (crawlJobPage.ts). */
  hash: string | null;
  /** The links it had, as read: followed again when it answers 304. */
  links: string[];
  /** Crawls in a row it failed in (a server error, a timeout...); 0 once it answers. */
  failures: number;
  /** Epoch milliseconds of the first crawl of that run; null with no failure. */
  firstFailureAt: number | null;
}

/** What a crawl kept of a page it indexed (or found unchanged). */
export type PageKept = Pick<CrawledPage, 'url' | 'etag' | 'lastModified' | 'hash' | 'links'>;

/**
 * A claimed URL found unchanged (a 304, a trusted sitemap lastmod, or the same text read
 * again), recorded with others in one write (`finishUnchanged`).
 */
export interface UnchangedPage {
  url: string;
  /** The page's content hash, taken for the crawl (duplicates are found by it); null: already taken. */
  hash: string | null;
  /** What was read of the page again (new validators); null: nothing to keep (not read). */
  kept: PageKept | null;
  /** Whether the URL was fetched, and when it was done (epoch ms). */
  fetched: boolean;
  now: number;
}

/** A crawled page with what the crawl `crawl` made of its URL (null outcome: not found at all). */
export interface PageVerdict {
  url: string;
  outcome: UrlOutcomeKind | null;
  reason: string | null;
  failures: number;
  firstFailureAt: number | null;
}

/**
 * A crawl's verdict on a host's sitemap lastmod (its origin): `trusted`, its lastmod
 * matched its pages (or an earlier crawl's did); not, a page changed under an old lastmod.
 */
export interface LastmodVerdict {
  host: string;
  trusted: boolean;
}

/** A page a crawl removed, holds for the owner, or was told not to remove. */
export interface CrawlRemoval {
  url: string;
  reason: string;
  state: RemovalState;
}

export type RemovalState = 'removed' | 'held' | 'discarded';

/** The first URLs of each reason, by outcome then reason. */
export type ReasonSamples = Record<'excluded' | 'failed', Record<string, string[]>>;

export interface CrawlStore {
  /**
   * Whether several service processes may work on one crawl (PostgreSQL). When not, a
   * claim left by the previous run of the one process is taken back at once (`release`).
   */
  readonly shared: boolean;
  /**
   * Records a queued crawl; when another is queued or running, or a crawl has the id
   * already (a schedule's ids are the same on every process), changes nothing and names it.
   */
  create(id: string, options: string, now: number): Promise<{ ok: true } | { ok: false; active: string }>;
  get(id: string): Promise<CrawlRecord | null>;
  /** The most recent crawls first. */
  list(limit: number): Promise<CrawlRecord[]>;
  /** The crawl queued or running, if any. */
  active(): Promise<CrawlRecord | null>;
  /**
   * Moves a crawl on: `running` (from queued, setting its start), or an end state (from an
   * active state, setting its end). False, changing nothing, when it had already ended.
   */
  setState(id: string, state: CrawlState, now: number, error?: string | null): Promise<boolean>;
  /** Keeps what the crawl learnt of its repeated blocks. */
  saveBlocks(id: string, blocks: string): Promise<void>;
  /**
   * Adds verdicts on hosts' sitemap lastmod to a crawl's, merged with those any process
   * gave before: a host untrusted once stays untrusted in that crawl.
   */
  judgeLastmod(crawl: string, verdicts: readonly LastmodVerdict[]): Promise<void>;
  /** A crawl's verdicts on its hosts' sitemap lastmod, by host. */
  lastmodVerdicts(crawl: string): Promise<LastmodVerdict[]>;
  /** Adds the URLs not yet in the frontier, queued; returns those added. */
  enqueue(crawl: string, entries: readonly FrontierEntry[]): Promise<string[]>;
  /**
   * Adds URLs decided without a fetch (out of scope, robots.txt...) with their outcome;
   * a URL already in the frontier keeps what it has. Returns those added.
   */
  settle(crawl: string, entries: ReadonlyArray<FrontierEntry & UrlOutcome>): Promise<string[]>;
  /**
   * Claims up to `limit` queued URLs (or claimed ones whose lease ended before `now`) for
   * `worker` until `leaseUntil`, shallowest first, then in the order found. On PostgreSQL
   * no two processes claim one row (FOR UPDATE SKIP LOCKED).
   */
  claim(crawl: string, worker: string, limit: number, now: number, leaseUntil: number): Promise<FrontierEntry[]>;
  /**
   * Adds a URL claimed by `worker` at once (a redirect's target, whose page is already in
   * hand); false, changing nothing, when the URL was already in the frontier.
   */
  adopt(crawl: string, entry: FrontierEntry, worker: string, leaseUntil: number): Promise<boolean>;
  /** Gives `worker`'s claims back to the queue (a URL not fetched after all). */
  release(crawl: string, worker: string | null, urls?: readonly string[]): Promise<void>;
  /** Records a claimed URL's outcome; `fetched` when the URL was fetched. */
  finish(crawl: string, url: string, outcome: UrlOutcome, now: number, fetched: boolean): Promise<void>;
  /**
   * Records claimed URLs found unchanged, in one write: each takes its content hash (as
   * `takeContent`, whoever holds it), keeps what was read again (as `keepPage`), and ends
   * `unchanged` (as `finish`). A recrawl of an unchanged site pays one write per batch,
   * not several per page.
   */
  finishUnchanged(crawl: string, pages: readonly UnchangedPage[]): Promise<void>;
  /**
   * Takes a content hash for `url`: the URL that holds it, `url` itself when it was free
   * (duplicate pages are found by their content, across processes).
   */
  takeContent(crawl: string, hash: string, url: string): Promise<string>;
  counts(crawl: string): Promise<CrawlCounts>;
  /**
   * What `crawl` indexed new or changed, and the URLs it failed on that `previous` did not
   * fail on (every one when previous is null), the first `samples` in the order found.
   */
  change(crawl: string, previous: string | null, samples: number): Promise<FrontierChange>;
  /** The first `perReason` URLs of each reason. */
  samples(crawl: string, perReason: number): Promise<ReasonSamples>;
  /** A page of the frontier, in the order found; `outcome`/`reason` narrow it. */
  urls(crawl: string, filter: { outcome?: UrlOutcomeKind; reason?: string }, offset: number, limit: number): Promise<FrontierUrl[]>;
  /** Moves a held crawl to `done` (approved or discarded); false when it was not held. */
  endHeld(id: string, now: number): Promise<boolean>;
  /** The page a crawl indexed under `url`, or null (never crawled, or written through the indexing API). */
  page(url: string): Promise<CrawledPage | null>;
  /** Keeps what a crawl read of a page it indexed; its run of failures ends. */
  keepPage(page: PageKept): Promise<void>;
  /** Every crawled page with what the crawl made of its URL, in URL order, from `after` (exclusive) on. */
  verdicts(crawl: string, after: string, limit: number): Promise<PageVerdict[]>;
  /** Counts one more failing crawl for each URL (its run starts at `now` when it had none). */
  countFailures(urls: readonly string[], now: number): Promise<void>;
  /** Forgets crawled pages (removed from the index). */
  forgetPages(urls: readonly string[]): Promise<void>;
  /** Records a crawl's removals in `state`. */
  addRemovals(crawl: string, removals: readonly CrawlRemoval[]): Promise<void>;
  /** A crawl's removals in `state` (all when undefined), in URL order. */
  removals(crawl: string, state: RemovalState | undefined, offset: number, limit: number): Promise<CrawlRemoval[]>;
  /** How many of a crawl's removals are in each state. */
  removalCounts(crawl: string): Promise<Record<RemovalState, number>>;
  /** Moves a crawl's removals from one state to another. */
  setRemovals(crawl: string, from: RemovalState, to: RemovalState): Promise<void>;
}

/** The crawled page of a row, both engines. */
export interface CrawledPageRow {
  url: string;
  etag: string | null;
  last_modified: string | null;
  hash: string | null;
  links: string | null;
  failures: number | string;
  first_failure_at: number | string | null;
}

export const CRAWLED_PAGE_COLUMNS = 'url, etag, last_modified, hash, links, failures, first_failure_at';

export function crawledPage(row: CrawledPageRow): CrawledPage {
  let links: string[] = [];
  try {
    links = row.links === null ? [] : (JSON.parse(row.links) as string[]);
  } catch {
    // A row written by hand: the page is fetched whole next time anyway.
  }
  return {
    url: row.url,
    etag: row.etag,
    lastModified: row.last_modified,
    hash: row.hash,
    links,
    failures: Number(row.failures),
    firstFailureAt: row.first_failure_at === null ? null : Number(row.first_failure_at),
  };
}

export function removalCountsOf(rows: ReadonlyArray<{ state: string; n: number | string }>): Record<RemovalState, number> {
  const counts: Record<RemovalState, number> = { removed: 0, held: 0, discarded: 0 };
  for (const row of rows) if (row.state in counts) counts[row.state as RemovalState] = Number(row.n);
  return counts;
}

/** Rows of a counts query, both engines: outcome (null while pending), reason, how many, how many fetched. */
export interface CountRow {
  state: string;
  outcome: string | null;
  reason: string | null;
  n: number | string;
  fetched: number | string;
}

/** Counts from grouped rows. */
export function countsOf(rows: readonly CountRow[]): CrawlCounts {
  const counts: CrawlCounts = { found: 0, pending: 0, fetched: 0, indexed: 0, unchanged: 0, excluded: {}, failed: {} };
  for (const row of rows) {
    const n = Number(row.n);
    counts.found += n;
    counts.fetched += Number(row.fetched);
    if (row.state !== 'done' || row.outcome === null) counts.pending += n;
    else if (row.outcome === 'indexed' || row.outcome === 'unchanged') counts[row.outcome] += n;
    else if (row.outcome === 'excluded' || row.outcome === 'failed') {
      const reason = row.reason ?? '';
      counts[row.outcome][reason] = (counts[row.outcome][reason] ?? 0) + n;
    }
  }
  return counts;
}

/** A frontier's change from the counts of its indexed rows by reason, and its new failures. */
export function frontierChange(
  indexed: ReadonlyArray<{ reason: string | null; n: number | string }>,
  newFailures: number,
  samples: ReadonlyArray<{ url: string }>,
): FrontierChange {
  const count = (reason: IndexedReason) => indexed.reduce((sum, row) => sum + (row.reason === reason ? Number(row.n) : 0), 0);
  return { added: count('new'), changed: count('changed'), newFailures, newFailureSamples: samples.map((row) => row.url) };
}

/** Samples from rows of (outcome, reason, url), in order. */
export function samplesOf(rows: ReadonlyArray<{ outcome: string; reason: string | null; url: string }>): ReasonSamples {
  const samples: ReasonSamples = { excluded: {}, failed: {} };
  for (const row of rows) {
    if (row.outcome !== 'excluded' && row.outcome !== 'failed') continue;
    (samples[row.outcome][row.reason ?? ''] ??= []).push(row.url);
  }
  return samples;
}

/** The SQL both engines share for a crawl's record. */
export const CRAWL_COLUMNS = 'id, state, options, created_at, started_at, ended_at, error, blocks';

export interface CrawlRow {
  id: string;
  state: CrawlState;
  options: string;
  created_at: number | string;
  started_at: number | string | null;
  ended_at: number | string | null;
  error: string | null;
  blocks: string | null;
}

export function crawlRecord(row: CrawlRow): CrawlRecord {
  const time = (value: number | string | null) => (value === null ? null : Number(value));
  return {
    id: row.id,
    state: row.state,
    options: row.options,
    createdAt: Number(row.created_at),
    startedAt: time(row.started_at),
    endedAt: time(row.ended_at),
    error: row.error,
    blocks: row.blocks,
  };
}

export interface FrontierRow {
  url: string;
  depth: number | string;
  found_from: string | null;
  state: FrontierUrl['state'];
  outcome: UrlOutcomeKind | null;
  reason: string | null;
  fetched_at: number | string | null;
}

export const FRONTIER_COLUMNS = 'url, depth, found_from, state, outcome, reason, fetched_at';

export function frontierUrl(row: FrontierRow): FrontierUrl {
  return {
    url: row.url,
    depth: Number(row.depth),
    foundFrom: row.found_from,
    state: row.state,
    outcome: row.outcome,
    reason: row.reason,
    fetchedAt: row.fetched_at === null ? null : Number(row.fetched_at),
  };
}
