import { setMaxListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { CrawlJobOptions } from '../../src/client/types.ts';
import { documentIdFromUrl } from '../documents/documentId.ts';
import type {
  CrawledPage,
  CrawlRecord,
  CrawlRemoval,
  CrawlState,
  CrawlStore,
  FrontierEntry,
  PageVerdict,
  UnchangedPage,
  UrlOutcome,
} from '../engine/crawlStore.ts';
import type { SearchEngine, StoredDocument, PreparedDocument } from '../engine/engine.ts';
import { EXCLUDED, FAILED, storedOptions } from './crawlJobOptions.ts';
import { HostGate, type Politeness } from './crawlJobHosts.ts';
import { contentHash, crawledDocument, headerNofollow, headerNoindex } from './crawlJobPage.ts';
import type {
  BlocksState,
  CrawlBlocks,
  CrawlFetch,
  CrawlFetched,
  CrawlReading,
  CrawlRobots,
  CrawlTools,
  CrawlValidators,
  ScopeVerdict,
} from './crawlJobTools.ts';
import { mustHold, NOT_LINKED, pageFate, removePages, type RemovalRules } from './crawlRemovals.ts';

/** What a crawl job needs of its index. */
export interface CrawledIndex {
  publicKey: string;
  engine: Pick<SearchEngine, 'crawls' | 'write' | 'get' | 'markCrawl' | 'count'>;
}

/** How a crawl job runs: the same for every crawl of the service. */
export interface CrawlJobSettings {
  politeness: Politeness;
  /** Fetches and reads under way at a time in one crawl, over all its hosts. */
  parallel: number;
  /** How long a claim holds before another process may take the URL again. */
  leaseMs: number;
  /**
   * Pages read before the first is written: repeated blocks are told from content only
   * across pages, so the first pages wait for the first sample of the site.
   */
  sampleSize: number;
  /** The wait before robots.txt is asked again after a server error (doubled each time). */
  robotsRetryMs: number;
  /** Times a page that answered a server error, a 429 or nothing in time is asked again before it counts as failed. */
  fetchRetries: number;
  /** The wait before the first of those (doubled each time; a longer Retry-After wins, up to RETRY_WAIT_MAX_MS). */
  fetchRetryMs: number;
  /** How often a crawl looks whether it was cancelled (by this process or another). */
  checkMs: number;
  /** The largest sitemap fetched, in bytes. */
  sitemapMaxBytes: number;
  /** Sitemaps read at most in one crawl (a sitemap index may name thousands). */
  sitemapsMax: number;
  /** When crawled pages leave the index, and when a crawl holds its removals (crawlRemovals.ts). */
  removal: RemovalRules;
}

export interface CrawlJobContext {
  tools: CrawlTools;
  settings: CrawlJobSettings;
  /** This process's name on its claims. */
  worker: string;
  clock: () => number;
  log: FastifyBaseLogger;
}

/** The runner's own state, kept with the crawl (the store's `blocks`) across restarts. */
interface Progress {
  seeded: boolean;
  blocks?: BlocksState;
  lastmod?: LastmodTrust;
}

/**
 * Trust in the sitemaps' `<lastmod>`, per host (origin), carried from one full crawl to
 * the next: a host whose lastmod values matched what its pages were (a 304 or the same
 * text wherever lastmod said not changed) is `vouched` for the next crawl, which then
 * does not fetch its pages whose lastmod is not after the previous full crawl's start
 * (`since`); one page that changed under an old lastmod makes the host `untrusted`.
 */
interface LastmodTrust {
  /** Start of the previous full crawl (epoch ms); null: none, nothing is skipped. */
  since: number | null;
  /** Hosts whose lastmod this crawl trusts. */
  vouched: string[];
  /** Hosts whose lastmod matched their pages in this crawl. */
  consistent: string[];
  /** Hosts with a page changed under an old lastmod: trusted by no later crawl. */
  untrusted: string[];
}

interface HostState {
  gate: HostGate;
  robots: Promise<CrawlRobots>;
  /** Known once read, so links are judged by it before they are queued. */
  known: CrawlRobots | null;
}

/** A page read and waiting for the first sample of repeated blocks (see `sampleSize`). */
interface HeldPage {
  entry: FrontierEntry;
  headers: CrawlFetched['headers'];
  reading: CrawlReading;
  /** Of the page's title and text as read: a recrawl that reads the same writes nothing. */
  hash: string;
  /** The links followed from the page (none when nofollow): followed again on a 304. */
  links: readonly string[];
}

const DISALLOW_ALL: CrawlRobots = { allows: () => false, crawlDelayMs: null, sitemaps: [] };
/** Attempts at a robots.txt that answers with a server error before its host counts as disallowed (as the standard says). */
const ROBOTS_ATTEMPTS = 3;
/** The longest a page's Retry-After holds its claim: a host that asks for more is failed for this crawl. */
const RETRY_WAIT_MAX_MS = 60_000;
/** Crawled pages judged at a time after a crawl. */
const VERDICT_BATCH = 1000;
/** Recent crawls looked through for the repeated blocks of the last. */
const PREVIOUS_CRAWLS = 5;
/** Of the pages a trusted lastmod skips, every this many is fetched still, to check the trust. */
const LASTMOD_CHECK_EVERY = 20;
/** Pages of a host whose lastmod, all proved true in one crawl, make it trusted for the rest of that crawl. */
const LASTMOD_PROOFS = 20;
/** The longest a free place among `parallel` waits for others to be claimed with it (see crawl). */
const CLAIM_WAIT_MS = 50;
/** Unchanged pages recorded in one write (see recordUnchanged)... */
const UNCHANGED_BATCH = 50;
/** ...or once the first of them has waited this long. */
const UNCHANGED_WAIT_MS = 500;

/**
 * One crawl of one index, in this process: seeds the frontier (start URLs, sitemaps),
 * then claims URLs from the store in batches, fetches each politely (per host: robots.txt,
 * a concurrency and a rate), reads it, follows its links in scope, and indexes it under
 * its canonical URL, recording every URL's outcome. Several processes may run the same
 * crawl (PostgreSQL): the store gives each URL to one of them. Memory holds a batch of
 * URLs and the hosts seen, never the site: the frontier is in the database.
 */
export class CrawlJob {
  readonly id: string;
  private readonly options: CrawlJobOptions;
  private readonly store: CrawlStore;
  private readonly stopping = new AbortController();
  private cancelled = false;
  private readonly hosts = new Map<string, HostState>();
  private readonly running = new Set<Promise<void>>();
  private held: HeldPage[] = [];
  private blocks!: CrawlBlocks;
  private sampled = false;
  private inScope = 0;
  private readonly scope: (url: URL) => ScopeVerdict;
  private lastCheck = 0;
  private readonly progress: Progress;
  /**
   * A deploy hook's crawl (`changed`, `since`): only the URLs named or the sitemaps say
   * changed are fetched, no links are followed, and pages it did not look at stay.
   */
  private readonly partial: boolean;
  /** `since` in epoch milliseconds: sitemap pages with an older (or no) lastmod are not fetched. */
  private readonly since: number | null;
  /** The sitemaps' lastmod of their pages (epoch ms), read by this process (another's fetches its pages as usual). */
  private readonly lastmods = new Map<string, number>();
  private lastmodSkips = 0;
  /** Per host not yet trusted: its lastmod checks in this crawl (see lastmodDecision). */
  private readonly proofs = new Map<string, { started: number; ended: number; proved: number; settled: Promise<void>; settle: () => void }>();
  /** Unchanged pages not yet recorded, and when the first of them came (performance.now()). */
  private unchanged: UnchangedPage[] = [];
  private unchangedSince = 0;
  /** The write of the last batch of unchanged pages: each waits for the one before. */
  private unchangedWritten: Promise<void> = Promise.resolve();
  /** When a place among `parallel` was first freed since the last claim (performance.now()); null: none free. */
  private freedAt: number | null = null;
  /** How the crawl ended, when this process ended it (the one process that tells of it); null otherwise. */
  endedHere: CrawlState | null = null;

  constructor(
    private readonly index: CrawledIndex,
    record: CrawlRecord,
    private readonly context: CrawlJobContext,
  ) {
    this.id = record.id;
    this.options = storedOptions(record.options);
    this.partial = this.options.changed.length > 0 || this.options.since !== null;
    this.since = this.options.since === null ? null : Date.parse(this.options.since);
    this.store = index.engine.crawls;
    this.scope = context.tools.scope(this.startUrls(), this.options.include, this.options.exclude);
    this.progress = parseProgress(record.blocks);
    // Every page under way may listen for the stop at once (its host's queue, its fetch, a
    // retry's wait): more than the default 10, fewer than this.
    setMaxListeners(4 * context.settings.parallel, this.stopping.signal);
  }

  /** Stops this process's work on the crawl; the crawl stays running for the next start (or another process). */
  stop(): void {
    this.stopping.abort();
  }

  /** Stops the crawl for good: its state is already `cancelled` in the store. */
  cancel(): void {
    this.cancelled = true;
    this.stopping.abort();
  }

  /** Runs the crawl until it ends, is cancelled, or the service stops. */
  async run(): Promise<void> {
    const { clock } = this.context;
    try {
      if (!(await this.store.setState(this.id, 'running', clock()))) return;
      if (!this.progress.seeded && this.progress.blocks === undefined) this.progress.blocks = await this.previousBlocks();
      if (!this.progress.seeded && !this.partial && !this.options.dryRun) {
        const lastmod = await this.previousLastmod();
        this.progress.lastmod = lastmod;
        // Carried into this crawl's verdicts, which its processes' own are merged with.
        await this.store.judgeLastmod(this.id, [
          ...lastmod.vouched.map((host) => ({ host, trusted: true })),
          ...lastmod.untrusted.map((host) => ({ host, trusted: false })),
        ]);
      }
      this.blocks = this.context.tools.blocks(this.progress.blocks);
      this.sampled = (this.progress.blocks?.pages ?? 0) >= this.context.settings.sampleSize;
      // One process holds an SQLite file: a claim left there is from a run that stopped.
      if (!this.store.shared) await this.store.release(this.id, null);
      if (!this.progress.seeded) {
        await this.seed();
        this.progress.seeded = true;
        await this.saveProgress();
      }
      this.inScope = inScopeCount(await this.store.counts(this.id));
      await this.crawl();
      if (this.stopping.signal.aborted) return;
      await this.flushHeld();
      await this.flushUnchanged();
      await this.saveProgress();
      const end = this.options.dryRun ? 'done' : await this.judgePages();
      if (await this.store.setState(this.id, end, clock())) this.endedHere = end;
    } catch (error) {
      if (this.stopping.signal.aborted) return;
      this.context.log.error({ err: error, crawl: this.id, index: this.index.publicKey }, 'crawl failed');
      const failed = await this.store.setState(this.id, 'failed', clock(), error instanceof Error ? error.message : String(error)).catch(() => false);
      if (failed) this.endedHere = 'failed';
    } finally {
      await Promise.allSettled([...this.running]);
      // Stopped with the service: its claims (pages in flight, pages held) go back to the
      // queue at once, for the next start or another process, instead of after the lease.
      if (this.stopping.signal.aborted && !this.cancelled) await this.pause();
    }
  }

  /**
   * Leaves the crawl for the next start or another process: the pages held for the sample
   * are written (they were fetched), and the claims of pages in flight go back to the
   * queue at once, not after their lease.
   */
  private async pause(): Promise<void> {
    try {
      if (this.held.length > 0) await this.flushHeld();
    } catch (error) {
      this.context.log.warn({ err: error, crawl: this.id }, 'pages held for the sample not written');
    }
    // Their claims go back with the rest: a page not recorded is only looked at again.
    await this.flushUnchanged().catch(() => {});
    await this.store.release(this.id, this.context.worker).catch(() => {});
  }

  private startUrls(): URL[] {
    const urls: URL[] = [];
    for (const start of this.options.start) {
      const url = this.context.tools.normalize(start, undefined, this.options.ignoreParams);
      if (url !== null) urls.push(url);
    }
    // A crawl of sitemaps alone is scoped by the sitemaps' hosts; one of changed URLs alone, by theirs.
    for (const others of [this.options.sitemaps, this.options.changed]) {
      if (urls.length > 0) break;
      for (const other of others) {
        const url = this.context.tools.normalize(other, undefined, this.options.ignoreParams);
        if (url !== null) urls.push(new URL('/', url));
      }
    }
    return urls;
  }

  /**
   * The start URLs, then the pages of the sitemaps given, of `/sitemap.xml` and of
   * robots.txt's `Sitemap:` lines. A deploy hook's crawl: the URLs changed, and with
   * `since` the sitemaps' pages changed since.
   */
  private async seed(): Promise<void> {
    if (this.partial) {
      const [first] = this.options.changed;
      if (first !== undefined) await this.discover(this.options.changed, new URL(first), 0, null);
      if (this.since === null) return;
    }
    const starts = this.options.start
      .map((start) => this.context.tools.normalize(start, undefined, this.options.ignoreParams))
      .filter((url): url is URL => url !== null);
    if (!this.partial) {
      await this.store.enqueue(
        this.id,
        starts.map((url) => ({ url: url.href, depth: 0, foundFrom: null })),
      );
    }
    const sitemaps = new Set<string>(this.options.sitemaps);
    const origins = new Set([...starts, ...this.startUrls()].map((url) => url.origin));
    for (const origin of origins) {
      sitemaps.add(`${origin}/sitemap.xml`);
      const robots = await this.host(new URL(origin)).robots;
      for (const sitemap of robots.sitemaps) sitemaps.add(sitemap);
    }
    await this.readSitemaps([...sitemaps]);
  }

  /** Reads sitemaps and the indexes among them, breadth first, to a bounded depth and count. */
  private async readSitemaps(first: readonly string[]): Promise<void> {
    const { tools, settings } = this.context;
    const seen = new Set<string>();
    let level = [...first];
    for (let depth = 0; depth <= tools.sitemapMaxDepth && level.length > 0; depth++) {
      const next: string[] = [];
      for (const href of level) {
        if (seen.has(href) || seen.size >= settings.sitemapsMax) continue;
        seen.add(href);
        const url = tools.normalize(href, undefined, []);
        if (url === null) continue;
        const fetched = await this.fetchPolitely(url, 'any', settings.sitemapMaxBytes);
        this.stopping.signal.throwIfAborted();
        if (!fetched.ok) {
          this.context.log.info({ crawl: this.id, sitemap: href, reason: fetched.reason }, 'sitemap not read');
          continue;
        }
        try {
          const content = tools.sitemap(fetched.body);
          if (content.kind === 'index') next.push(...content.sitemaps);
          else {
            if (this.progress.lastmod?.since != null) this.keepLastmods(content.pages);
            await this.discover(
              content.pages.filter((page) => this.changedSince(page.lastmod)).map((page) => page.url),
              url,
              0,
              url.href,
            );
          }
        } catch (error) {
          this.context.log.info({ crawl: this.id, sitemap: href, err: error }, 'sitemap not read');
        }
      }
      level = next;
    }
  }

  private keepLastmods(pages: ReadonlyArray<{ url: string; lastmod: string | null }>): void {
    for (const page of pages) {
      const time = page.lastmod === null ? Number.NaN : Date.parse(page.lastmod);
      const url = this.context.tools.normalize(page.url, undefined, this.options.ignoreParams);
      if (url !== null && !Number.isNaN(time)) this.lastmods.set(url.href, time);
    }
  }

  /**
   * Whether the sitemap says the page has not changed since the previous full crawl began
   * (the page answered then).
   */
  private lastmodUnchanged(url: string, known: CrawledPage | null): boolean {
    const since = this.progress.lastmod?.since;
    const lastmod = this.lastmods.get(url);
    return since != null && lastmod !== undefined && lastmod <= since && known !== null && known.hash !== null && known.failures === 0;
  }

  /**
   * What becomes of a page the sitemap says is unchanged: `skip`, not fetched (its host is
   * trusted, but for one page in LASTMOD_CHECK_EVERY); `check`, fetched as one of the
   * first LASTMOD_PROOFS pages of a host not yet trusted, whose answers decide the rest of
   * this crawl; `fetch`. A page past those checks waits for them: once they all proved
   * true, the host is trusted for the rest of the crawl as it would be by the next one.
   */
  private async lastmodDecision(origin: string): Promise<'skip' | 'check' | 'fetch'> {
    const trust = this.progress.lastmod;
    if (trust === undefined || trust.untrusted.includes(origin)) return 'fetch';
    if (!trust.vouched.includes(origin)) {
      let proof = this.proofs.get(origin);
      if (proof === undefined) {
        let settle = () => {};
        const settled = new Promise<void>((resolve) => (settle = resolve));
        proof = { started: 0, ended: 0, proved: 0, settled, settle };
        this.proofs.set(origin, proof);
      }
      if (proof.started < LASTMOD_PROOFS) {
        proof.started++;
        return 'check';
      }
      await proof.settled;
      if (proof.proved < LASTMOD_PROOFS || trust.untrusted.includes(origin)) return 'fetch';
    }
    return ++this.lastmodSkips % LASTMOD_CHECK_EVERY !== 0 ? 'skip' : 'fetch';
  }

  /** One of a host's lastmod checks ended, proved or not (a failed fetch proves nothing). */
  private checkEnded(origin: string): void {
    const proof = this.proofs.get(origin);
    if (proof !== undefined && ++proof.ended >= LASTMOD_PROOFS) proof.settle();
  }

  /**
   * What a fetch proved of the host's lastmod, where the sitemap said the page had not
   * changed. Written to the store the first time in this process (merged there with
   * other processes' verdicts), so the next crawl has it even if this process dies.
   */
  private async judgeLastmod(origin: string, changed: boolean): Promise<void> {
    const trust = this.progress.lastmod;
    if (trust === undefined) return;
    const proof = this.proofs.get(origin);
    if (proof !== undefined && !changed) proof.proved++;
    // A page changed under an old lastmod: the pages waiting for the checks are fetched.
    if (proof !== undefined && changed) proof.settle();
    const list = changed ? trust.untrusted : trust.consistent;
    if (!list.includes(origin)) {
      list.push(origin);
      await this.store.judgeLastmod(this.id, [{ host: origin, trusted: !changed }]);
    }
    if (changed) this.context.log.info({ crawl: this.id, host: origin }, 'a page changed under an old sitemap lastmod: lastmod no longer trusted for the host');
  }

  /** Whether a sitemap page is to be fetched: always, but in a crawl `since` a time, when its lastmod is at or after it. */
  private changedSince(lastmod: string | null): boolean {
    if (this.since === null) return true;
    const time = lastmod === null ? Number.NaN : Date.parse(lastmod);
    return time >= this.since;
  }

  /** Claims and visits URLs until the frontier is empty, the crawl is cancelled, or the service stops. */
  private async crawl(): Promise<void> {
    const { settings, clock, worker } = this.context;
    const signal = this.stopping.signal;
    while (!signal.aborted) {
      await this.checkCancelled();
      if (signal.aborted) return;
      if (this.unchanged.length >= UNCHANGED_BATCH || (this.unchanged.length > 0 && performance.now() - this.unchangedSince >= UNCHANGED_WAIT_MS))
        await this.flushUnchanged();
      const room = settings.parallel - this.running.size;
      if (room <= 0) {
        await Promise.race(this.running);
        continue;
      }
      // Free places are filled together once half of them are free, or once the first has
      // waited CLAIM_WAIT_MS: each claim is a write (a sync on SQLite), and one per page
      // finished made most of an unchanged recrawl's time. What is claimed starts at once.
      const waited = this.freedAt === null ? 0 : performance.now() - this.freedAt;
      if (room < Math.ceil(settings.parallel / 2) && waited < CLAIM_WAIT_MS) {
        await this.nextFinished(CLAIM_WAIT_MS - waited);
        continue;
      }
      const now = clock();
      this.freedAt = null;
      const batch = await this.store.claim(this.id, worker, room, now, now + settings.leaseMs);
      if (batch.length === 0) {
        if (this.running.size > 0) {
          await Promise.race(this.running);
          continue;
        }
        await this.flushUnchanged();
        // Nothing left to claim: the pages held for the sample are written with the sample
        // there is. Waiting for it to fill would wait on the pages another process holds
        // for its own sample, and that process on these (a small site on PostgreSQL).
        if (this.held.length > 0) {
          await this.flushHeld();
          continue;
        }
        const { pending } = await this.store.counts(this.id);
        if (pending === 0) return;
        // Claims of another process (or its lease running out): look again shortly.
        await sleep(Math.min(settings.checkMs, 250), undefined, { signal }).catch(() => {});
        continue;
      }
      for (const entry of batch) this.launch(entry);
    }
  }

  private launch(entry: FrontierEntry): void {
    const visit: Promise<void> = this.visit(entry)
      .catch(async (error: unknown) => {
        if (this.stopping.signal.aborted) return;
        this.context.log.error({ err: error, url: entry.url, crawl: this.id }, 'crawled page not indexed');
        await this.finish(entry, { outcome: 'failed', reason: FAILED.unreadable }, true).catch(() => {});
      })
      .finally(() => {
        this.running.delete(visit);
        this.freedAt ??= performance.now();
      });
    this.running.add(visit);
  }

  /** Waits until a page under way is done, or `ms` at most. */
  private async nextFinished(ms: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([...this.running, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async checkCancelled(): Promise<void> {
    const now = performance.now();
    if (now - this.lastCheck < this.context.settings.checkMs) return;
    this.lastCheck = now;
    const record = await this.store.get(this.id);
    if (record === null || record.state !== 'running') this.cancel();
  }

  /** Fetches, reads and records one claimed URL. */
  private async visit(claimed: FrontierEntry): Promise<void> {
    const url = new URL(claimed.url);
    if (!(await this.host(url).robots).allows(url)) return this.finish(claimed, { outcome: 'excluded', reason: EXCLUDED.robots }, false);
    const known = this.options.dryRun ? null : await this.store.page(claimed.url);
    const byLastmod = this.lastmodUnchanged(claimed.url, known);
    const decision = byLastmod ? await this.lastmodDecision(url.origin) : 'fetch';
    if (decision === 'skip') return this.notModified(claimed, url, known!, false);
    if (decision === 'fetch') return this.fetchAndRead(claimed, known, byLastmod);
    try {
      return await this.fetchAndRead(claimed, known, byLastmod);
    } finally {
      this.checkEnded(url.origin);
    }
  }

  /** Fetches a claimed URL (sending its validators when known), reads it, and records it. */
  private async fetchAndRead(claimed: FrontierEntry, known: CrawledPage | null, byLastmod: boolean): Promise<void> {
    let entry = claimed;
    let url = new URL(entry.url);
    const fetched = await this.fetchWithRetries(url, known ?? undefined);
    if (!fetched.ok) {
      // The service stops: the URL stays claimed, and is taken again at the next start.
      if (fetched.kind === 'stopped' || this.stopping.signal.aborted) return;
      this.context.log.info({ url: entry.url, reason: fetched.reason, detail: fetched.detail }, 'crawl fetch failed');
      return this.finish(entry, { outcome: 'failed', reason: failureReason(fetched) }, true, fetched.reason);
    }
    if (fetched.status === 304 && known !== null) {
      if (byLastmod) await this.judgeLastmod(url.origin, false);
      return this.notModified(entry, url, known);
    }
    const landed = this.context.tools.normalize(fetched.url.href, undefined, this.options.ignoreParams) ?? fetched.url;
    if (landed.href !== entry.url) {
      // A redirect: the page is the target's, crawled under its own URL once.
      const target = { url: landed.href, depth: entry.depth, foundFrom: entry.url };
      const verdict = this.verdict(landed, entry.depth);
      if (verdict !== null) {
        await this.store.settle(this.id, [{ ...target, outcome: 'excluded', reason: verdict }]);
        return this.finish(entry, { outcome: 'excluded', reason: EXCLUDED.redirected }, true);
      }
      const adopted = await this.store.adopt(this.id, target, this.context.worker, this.context.clock() + this.context.settings.leaseMs);
      await this.finish(entry, { outcome: 'excluded', reason: EXCLUDED.redirected }, true);
      if (!adopted) return;
      this.inScope++;
      entry = target;
      url = landed;
    }
    let reading: CrawlReading;
    try {
      reading = await this.context.tools.read(fetched);
    } catch (error) {
      if (this.stopping.signal.aborted) return;
      return this.finish(entry, { outcome: 'failed', reason: this.context.tools.readFailure(error) }, true);
    }
    const nofollow = reading.nofollow || headerNofollow(fetched.headers.robots);
    if (!nofollow && !this.partial) await this.discover(reading.links, url, entry.depth + 1, url.href);
    if (reading.canonical !== null) {
      const canonical = this.context.tools.normalize(reading.canonical, url, this.options.ignoreParams);
      if (canonical !== null && canonical.href !== url.href) {
        // The canonical page is crawled in its own right, at this page's depth.
        await this.discover([canonical.href], url, entry.depth, url.href);
        return this.finish(entry, { outcome: 'excluded', reason: EXCLUDED.canonical }, true);
      }
    }
    if (reading.noindex || headerNoindex(fetched.headers.robots)) return this.finish(entry, { outcome: 'excluded', reason: EXCLUDED.noindex }, true);
    const hash = contentHash(reading.title, reading.mainContent);
    // An unchanged page queued with the same content holds it: its record goes first.
    if (this.unchanged.some((queued) => queued.hash === hash)) await this.flushUnchanged();
    const owner = await this.store.takeContent(this.id, hash, entry.url);
    if (owner !== entry.url) return this.finish(entry, { outcome: 'excluded', reason: EXCLUDED.duplicate }, true);
    this.blocks.see(reading.blocks);
    if (this.options.dryRun) return this.finish(entry, { outcome: 'indexed' }, true);
    const page: HeldPage = { entry, headers: fetched.headers, reading, hash, links: nofollow ? [] : reading.links };
    const current = known ?? (fetched.url.href === entry.url ? null : await this.store.page(entry.url));
    if (byLastmod && entry.url === claimed.url) await this.judgeLastmod(url.origin, current === null || current.hash !== hash);
    if (current !== null && current.hash === hash) return this.readSame(page);
    if (!this.sampled) {
      // Held, still claimed, until the sample is in (a crash fetches it again).
      this.held.push(page);
      if (this.held.length >= this.context.settings.sampleSize) await this.flushHeld();
      return;
    }
    await this.indexPage(page);
  }

  /** Writes the pages held for the first sample, now that it is in (or the crawl found no more). */
  private async flushHeld(): Promise<void> {
    this.sampled = true;
    const held = this.held;
    this.held = [];
    for (const page of held) await this.indexPage(page);
    if (held.length > 0) await this.saveProgress();
  }

  /** A page that answered 304: unchanged, its links as last read followed again. */
  private async notModified(entry: FrontierEntry, url: URL, known: CrawledPage, fetched = true): Promise<void> {
    if (!this.partial) await this.discover(known.links, url, entry.depth + 1, url.href);
    this.recordUnchanged({ url: entry.url, hash: known.hash, kept: null, fetched, now: this.context.clock() });
  }

  /** A page read the same as last time: nothing is written but its new validators, with the next batch. */
  private readSame({ entry, headers, hash, links }: HeldPage): void {
    const kept = { url: entry.url, etag: headers.etag, lastModified: headers.lastModified, hash, links: [...links] };
    this.recordUnchanged({ url: entry.url, hash: null, kept, fetched: true, now: this.context.clock() });
  }

  /**
   * Queues an unchanged page's record for the next batch, which the crawl loop writes
   * (UNCHANGED_BATCH, UNCHANGED_WAIT_MS): on a synchronous SQLite file each write is a
   * sync, and a recrawl of an unchanged site is nearly all such pages. The URL stays
   * claimed until then; a stop writes the batch before its claims go back.
   */
  private recordUnchanged(page: UnchangedPage): void {
    if (this.unchanged.length === 0) this.unchangedSince = performance.now();
    this.unchanged.push(page);
  }

  /**
   * Writes the unchanged pages queued, after any batch still being written. A batch not
   * written goes back to the queue, and the error to the caller.
   */
  private flushUnchanged(): Promise<void> {
    const pages = this.unchanged;
    if (pages.length === 0) return this.unchangedWritten;
    this.unchanged = [];
    const written = this.unchangedWritten.then(() => this.store.finishUnchanged(this.id, pages));
    this.unchangedWritten = written.catch(() => {
      this.unchanged = [...pages, ...this.unchanged];
    });
    return written;
  }

  private async keepPage({ entry, headers, hash, links }: HeldPage): Promise<void> {
    await this.store.keepPage({ url: entry.url, etag: headers.etag, lastModified: headers.lastModified, hash, links: [...links] });
  }

  private async indexPage(page: HeldPage): Promise<void> {
    const { entry, headers, reading } = page;
    const id = documentIdFromUrl(entry.url);
    const fetched = { headers } as CrawlFetched;
    let document: PreparedDocument;
    try {
      // A document read whole (no blocks) keeps its text as read.
      const content = reading.blocks.length === 0 ? reading.mainContent : this.blocks.contentOf(reading.blocks);
      document = crawledDocument(id, entry.url, fetched, reading, content);
    } catch (error) {
      this.context.log.error({ err: error, url: entry.url }, 'crawled page not indexed');
      return this.finish(entry, { outcome: 'failed', reason: FAILED.unreadable }, true);
    }
    const stored = await this.index.engine.get(id);
    if (stored !== null && sameDocument(stored, document)) return this.readSame(page);
    const written = await this.index.engine.write([document]);
    if (!written.ok) return this.finish(entry, { outcome: 'failed', reason: FAILED.unreadable }, true, 'a custom field type conflicts');
    await this.keepPage(page);
    await this.finish(entry, { outcome: 'indexed', reason: stored === null ? 'new' : 'changed' }, true);
  }

  /**
   * Judges links found on `from` (or in a sitemap): each normalised URL is queued, or
   * recorded as left out with its reason.
   */
  private async discover(links: readonly string[], from: URL, depth: number, foundFrom: string | null): Promise<void> {
    const queued: FrontierEntry[] = [];
    const settled: Array<FrontierEntry & UrlOutcome> = [];
    const seen = new Set<string>();
    for (const link of links) {
      const url = this.context.tools.normalize(link, from, this.options.ignoreParams);
      if (url === null || seen.has(url.href)) continue;
      seen.add(url.href);
      const entry = { url: url.href, depth, foundFrom };
      const reason = this.verdict(url, depth);
      if (reason !== null) settled.push({ ...entry, outcome: 'excluded', reason });
      else if (this.inScope + queued.length >= this.options.maxPages) settled.push({ ...entry, outcome: 'excluded', reason: EXCLUDED.maxPages });
      else queued.push(entry);
    }
    this.inScope += (await this.store.enqueue(this.id, queued)).length;
    await this.store.settle(this.id, settled);
  }

  /** Why a URL found is left out, or null when it is to be crawled. */
  private verdict(url: URL, depth: number): string | null {
    const trap = this.context.tools.trap(url);
    if (trap !== null) return EXCLUDED.trap;
    const scope = this.scope(url);
    if (scope !== 'in') return scope;
    if (depth > this.options.maxDepth) return EXCLUDED.maxDepth;
    const robots = this.hosts.get(url.origin)?.known;
    if (robots !== undefined && robots !== null && !robots.allows(url)) return EXCLUDED.robots;
    return null;
  }

  private async finish(entry: FrontierEntry, outcome: UrlOutcome, fetched: boolean, detail?: string): Promise<void> {
    if (!this.options.dryRun && (outcome.outcome === 'excluded' || outcome.outcome === 'failed'))
      await this.mark(entry.url, outcome.outcome, detail ?? outcome.reason);
    await this.store.finish(this.id, entry.url, outcome, this.context.clock(), fetched);
  }

  /**
   * The document status of a URL not indexed, as for a page crawled alone. A page this
   * crawl's index got from crawls leaves only when the crawl ends (judgePages), so a
   * crawl's removals can be held; meanwhile a failure keeps it, its status saying so. A
   * document written through the indexing API is not the crawl's to change.
   */
  private async mark(url: string, outcome: 'excluded' | 'failed', info: string): Promise<void> {
    const id = documentIdFromUrl(url);
    if ((await this.store.page(url)) !== null) {
      if (outcome === 'failed') await this.index.engine.markCrawl(id, url, { status: 'ERROR', info });
      return;
    }
    if ((await this.index.engine.get(id)) !== null) return;
    await this.index.engine.markCrawl(id, url, { status: outcome === 'excluded' ? 'EXCLUDED' : 'ERROR', info });
  }

  /**
   * After a crawl: every page crawls indexed is judged by what this crawl made of it
   * (crawlRemovals.ts). The removals are made, or held for the owner when they are too
   * many or the crawl failed too often (the crawl then ends `held`).
   */
  private async judgePages(): Promise<CrawlState> {
    const now = this.context.clock();
    const rules = { ...this.context.settings.removal, removalShare: this.options.maxRemovalShare, failureShare: this.options.maxFailureShare };
    const counts = await this.store.counts(this.id);
    // A crawl cut short by maxPages, or a deploy hook's, did not look for every page: a page it did not find is not gone.
    const complete = !this.partial && (counts.excluded[EXCLUDED.maxPages] ?? 0) === 0;
    const removals: CrawlRemoval[] = [];
    const failing: string[] = [];
    for (let after = ''; ;) {
      const batch = await this.store.verdicts(this.id, after, VERDICT_BATCH);
      if (batch.length === 0) break;
      after = batch[batch.length - 1]!.url;
      for (const verdict of batch) {
        const fate = pageFate(verdict, complete ? this.unfoundReason(verdict) : null, rules, now);
        if (fate.kind === 'failing') failing.push(verdict.url);
        else if (fate.kind === 'remove') removals.push({ url: verdict.url, reason: fate.reason, state: 'removed' });
      }
    }
    // A 404 is the site's word, counted among removals; failures are the site's trouble.
    const failed = Object.entries(counts.failed).reduce((sum, [reason, n]) => sum + (reason === FAILED.notFound ? 0 : n), 0);
    await this.store.countFailures(failing, now);
    if (mustHold(removals.length, await this.index.engine.count(), failed, counts.fetched, rules)) {
      this.context.log.warn({ crawl: this.id, index: this.index.publicKey, removals: removals.length, failed }, 'crawl removals held for approval');
      await this.store.addRemovals(
        this.id,
        removals.map((removal) => ({ ...removal, state: 'held' as const })),
      );
      return 'held';
    }
    await removePages(this.index.engine, removals);
    await this.store.addRemovals(this.id, removals);
    return 'done';
  }

  /** Why a page this crawl never found leaves: no longer linked (in scope), out of scope (on a host crawled); null: another site's. */
  private unfoundReason(verdict: PageVerdict): string | null {
    let url: URL;
    try {
      url = new URL(verdict.url);
    } catch {
      return null;
    }
    if (this.scope(url) === 'in') return NOT_LINKED;
    return this.startUrls().some((start) => start.origin === url.origin) ? EXCLUDED.outOfScope : null;
  }

  /**
   * Where this crawl's trust in lastmod starts: the start of the previous full crawl (one
   * not a deploy hook's, nor a dry run, that ended), and the hosts whose lastmod it found
   * true and none false: its verdicts in the store, which all its processes wrote (and,
   * for a crawl from before they were kept there, those in its progress).
   */
  private async previousLastmod(): Promise<LastmodTrust> {
    for (const record of await this.store.list(PREVIOUS_CRAWLS)) {
      if (record.id === this.id || record.startedAt === null || (record.state !== 'done' && record.state !== 'held')) continue;
      const options = storedOptions(record.options);
      if (options.dryRun || options.changed.length > 0 || options.since !== null) continue;
      const trust = parseProgress(record.blocks).lastmod;
      const verdicts = await this.store.lastmodVerdicts(record.id);
      const untrusted = new Set([...(trust?.untrusted ?? []), ...verdicts.filter((v) => !v.trusted).map((v) => v.host)]);
      const trusted = [...(trust?.vouched ?? []), ...(trust?.consistent ?? []), ...verdicts.filter((v) => v.trusted).map((v) => v.host)];
      const vouched = [...new Set(trusted)].filter((host) => !untrusted.has(host));
      return { since: record.startedAt, vouched, consistent: [], untrusted: [...untrusted] };
    }
    return { since: null, vouched: [], consistent: [], untrusted: [] };
  }

  /** The repeated blocks the last crawl of the index learnt: a recrawl that writes little has no sample of its own. */
  private async previousBlocks(): Promise<BlocksState | undefined> {
    for (const record of await this.store.list(PREVIOUS_CRAWLS)) {
      if (record.id === this.id || record.blocks === null || (record.state !== 'done' && record.state !== 'held')) continue;
      const blocks = parseProgress(record.blocks).blocks;
      if (blocks !== undefined) return blocks;
    }
    return undefined;
  }

  /**
   * A page's fetch, asked again after a transient failure (a 5xx, a 429, a timeout): a
   * site's passing trouble must not leave its pages out of the crawl. The URL stays
   * claimed while it waits.
   */
  private async fetchWithRetries(url: URL, validators?: CrawlValidators): Promise<CrawlFetch> {
    const { fetchRetries, fetchRetryMs } = this.context.settings;
    let fetched = await this.fetchPolitely(url, 'page', undefined, validators);
    for (let attempt = 0; !fetched.ok && fetched.kind === 'retry' && attempt < fetchRetries; attempt++) {
      const wait = Math.max(fetched.retryAfterMs ?? 0, fetchRetryMs * 2 ** attempt);
      if (wait > RETRY_WAIT_MAX_MS) break;
      await sleep(wait, undefined, { signal: this.stopping.signal }).catch(() => {});
      if (this.stopping.signal.aborted) break;
      fetched = await this.fetchPolitely(url, 'page', undefined, validators);
    }
    return fetched;
  }

  /** A fetch that waits its turn at its host. */
  private async fetchPolitely(url: URL, accept: 'page' | 'any', maxBytes?: number, validators?: CrawlValidators): Promise<CrawlFetch> {
    const host = this.host(url);
    if (accept === 'page') await host.robots;
    try {
      await host.gate.acquire(this.stopping.signal);
    } catch {
      return { ok: false, reason: 'the crawl stopped', kind: 'stopped', detail: 'stopped' };
    }
    try {
      return await this.context.tools.fetch(url, accept, this.stopping.signal, maxBytes, undefined, validators);
    } finally {
      host.gate.release();
    }
  }

  private host(url: URL): HostState {
    let host = this.hosts.get(url.origin);
    if (host === undefined) {
      const state: HostState = { gate: new HostGate(this.context.settings.politeness), robots: Promise.resolve(DISALLOW_ALL), known: null };
      state.robots = this.readRobots(url.origin, state).then((rules) => {
        state.known = rules;
        state.gate.setCrawlDelay(rules.crawlDelayMs);
        return rules;
      });
      // Read once per crawl; a failure is already turned into rules.
      state.robots.catch(() => {});
      this.hosts.set(url.origin, state);
      host = state;
    }
    return host;
  }

  /**
   * The host's robots.txt, read once per crawl within its own size bound: a 4xx (or none)
   * allows everything; a server error pauses the host and asks again, and after
   * ROBOTS_ATTEMPTS counts as disallowing everything, as the standard says.
   */
  private async readRobots(origin: string, state: HostState): Promise<CrawlRobots> {
    const { tools, settings } = this.context;
    const url = new URL('/robots.txt', origin);
    for (let attempt = 0; attempt < ROBOTS_ATTEMPTS; attempt++) {
      await state.gate.acquire(this.stopping.signal);
      let fetched: CrawlFetch;
      try {
        fetched = await tools.fetch(url, 'any', this.stopping.signal, tools.robotsMaxBytes, true);
      } finally {
        state.gate.release();
      }
      if (fetched.ok) return tools.robots(fetched.body.toString('utf8'));
      if (fetched.kind === 'stopped') throw new Error('the crawl stopped');
      const serverError = fetched.kind === 'retry' || (fetched.status !== undefined && fetched.status >= 500);
      if (!serverError) {
        this.context.log.info({ crawl: this.id, url: url.href, reason: fetched.reason }, 'robots.txt not read: every URL of the host is allowed');
        return tools.allowAll;
      }
      await sleep(fetched.retryAfterMs ?? settings.robotsRetryMs * 2 ** attempt, undefined, { signal: this.stopping.signal });
    }
    this.context.log.warn({ crawl: this.id, url: url.href }, 'robots.txt answers with server errors: the host is not crawled');
    return DISALLOW_ALL;
  }

  private async saveProgress(): Promise<void> {
    const progress: Progress = { seeded: this.progress.seeded, blocks: this.blocks.state(), lastmod: this.progress.lastmod };
    await this.store.saveBlocks(this.id, JSON.stringify(progress));
  }
}

function parseProgress(text: string | null): Progress {
  if (text === null) return { seeded: false };
  try {
    return JSON.parse(text) as Progress;
  } catch {
    return { seeded: false };
  }
}

/** URLs of the frontier that count against maxPages: those queued or crawled, not those left out on sight. */
function inScopeCount(counts: { found: number; excluded: Record<string, number> }): number {
  const unseen: string[] = [EXCLUDED.outOfScope, EXCLUDED.pattern, EXCLUDED.trap, EXCLUDED.maxDepth, EXCLUDED.maxPages, EXCLUDED.robots];
  return counts.found - unseen.reduce((sum, reason) => sum + (counts.excluded[reason] ?? 0), 0);
}

/** The failure reason of a fetch, in the API's words. */
export function failureReason(fetched: Extract<CrawlFetch, { ok: false }>): string {
  if (fetched.failure !== undefined) return fetched.failure;
  if (fetched.kind === 'gone') return FAILED.notFound;
  if (fetched.kind === 'unsupported') return FAILED.unsupported;
  if (fetched.kind === 'retry') return fetched.status === undefined ? FAILED.timeout : FAILED.serverError;
  if (/too large/.test(fetched.reason)) return FAILED.tooLarge;
  if (/redirect/.test(fetched.reason)) return FAILED.redirectLoop;
  if (/did not answer within/.test(fetched.reason)) return FAILED.timeout;
  if (/not be crawled|not public/.test(fetched.reason)) return FAILED.blocked;
  if (fetched.status !== undefined && fetched.status >= 500) return FAILED.serverError;
  if (fetched.status === 404 || fetched.status === 410) return FAILED.notFound;
  return FAILED.unreadable;
}

function sameDocument(stored: StoredDocument, document: PreparedDocument): boolean {
  return (
    stored.url === document.url &&
    stored.title === document.title &&
    stored.mainContent === document.mainContent &&
    stored.language === document.language &&
    stored.docDate === document.docDate &&
    stored.thumbnail === document.thumbnail &&
    JSON.stringify(stored.customFields) === JSON.stringify(document.customFields)
  );
}
