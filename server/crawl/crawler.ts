import type { FastifyBaseLogger } from 'fastify';
import type { ServiceOptions } from '../config/serviceConfig.ts';
import { validateDocument } from '../documents/validateDocument.ts';
import type { PreparedDocument } from '../engine/engine.ts';
import type { SearchIndex } from '../indices/indexRegistry.ts';

/** What the crawler needs of an index: its key and its engine. */
type CrawledIndex = Pick<SearchIndex, 'publicKey' | 'engine'>;
import { crawlRefusal, hostRules, type CrawlAccess } from './crawlAllowList.ts';
import type { fetchPage, FetchOutcome } from './fetchPage.ts';
import type { guardedDispatcher, ResolveAll } from './guardedDispatcher.ts';
import { PageReader, PageReadError } from './pageReader.ts';
import type { PageReading } from './readPage.ts';

export interface CrawlerSettings {
  /** Which hosts, ports and addresses may be fetched. */
  access: CrawlAccess;
  /** Name resolution for connections; tests give their own. @default dns.lookup */
  resolve?: ResolveAll;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  /** Fetches at a time, over all indices. */
  concurrency: number;
  /** Crawls waiting at most; more are refused, so a flood of requests cannot exhaust memory. */
  queueMax: number;
  /** Longest a fetched page may take to read (parse and extract), on its own thread. */
  readTimeoutMs: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const MAX_BYTES = 5 * 1024 * 1024;
const MAX_REDIRECTS = 5;
const CONCURRENCY = 2;
const QUEUE_MAX = 10_000;
const READ_TIMEOUT_MS = 30_000;
/** Heap of a reading thread: room for the tree of a 5 MB page of tiny elements, and a bound on anything worse. */
const READ_HEAP_MB = 512;
/** Fields of a page that are dropped, rather than failing the crawl, when they are not valid. */
const OPTIONAL_FIELDS = new Set(['language', 'thumbnail_external_src', 'doc_date']);

/** The crawler's settings from the app's options; throws an Error that says what is wrong. */
export function crawlerSettings(options: ServiceOptions): CrawlerSettings {
  const timeoutMs = options.crawlTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1) throw new Error('crawlTimeoutMs must be a positive integer');
  return {
    access: {
      hosts: options.crawlAllowHosts === undefined ? null : hostRules(options.crawlAllowHosts, 'crawlAllowHosts'),
      privateHosts: hostRules(options.crawlAllowPrivate ?? [], 'crawlAllowPrivate'),
    },
    timeoutMs,
    maxBytes: MAX_BYTES,
    maxRedirects: MAX_REDIRECTS,
    concurrency: CONCURRENCY,
    queueMax: QUEUE_MAX,
    readTimeoutMs: READ_TIMEOUT_MS,
  };
}

/** How pages are fetched: fetchPage.ts, through connections that guardedDispatcher.ts checks. */
interface PageFetcher {
  fetchPage: typeof fetchPage;
  dispatcher: ReturnType<typeof guardedDispatcher>;
}

interface Job {
  index: CrawledIndex;
  id: string;
  url: string;
}

/**
 * Fetches and indexes pages in the background (`POST /crawler`). Jobs wait in memory;
 * their PENDING status is on disk, so crawls accepted before a stop are queued again
 * at the next start (`resume`).
 */
export class Crawler {
  private readonly queue: Job[] = [];
  private readonly queued = new Set<string>();
  private readonly active = new Set<Promise<void>>();
  private readonly stop = new AbortController();
  /**
   * Loaded at the first fetch: the HTTP client beneath it (undici) takes a good part of a
   * start to load, and most services never crawl.
   */
  private fetcher: Promise<PageFetcher> | null = null;
  private readonly reader;

  constructor(
    private readonly settings: CrawlerSettings,
    private readonly log: FastifyBaseLogger,
  ) {
    this.reader = new PageReader({ threads: settings.concurrency, timeoutMs: settings.readTimeoutMs, maxHeapMb: READ_HEAP_MB });
  }

  /** Why `url` may not be crawled, or null; the same for every index (a document's host widens nothing). */
  refusal(url: URL): string | null {
    return crawlRefusal(url, this.settings.access);
  }

  /** Marks the page PENDING (durably) and queues it; false, changing nothing, when the queue is full. */
  async schedule(index: CrawledIndex, id: string, url: string): Promise<boolean> {
    if (this.queue.length >= this.settings.queueMax && !this.queued.has(jobKey(index, id))) return false;
    await index.engine.markCrawl(id, url, { status: 'PENDING' });
    this.enqueue({ index, id, url });
    return true;
  }

  /** Queues the crawls a previous run accepted but did not finish. */
  async resume(indices: readonly CrawledIndex[]): Promise<void> {
    for (const index of indices) {
      for (const { id, url } of await index.engine.pendingCrawls()) this.enqueue({ index, id, url });
    }
  }

  /** Stops fetching and waits for the jobs under way; their pages stay PENDING. */
  async close(): Promise<void> {
    this.stop.abort();
    this.queue.length = 0;
    this.queued.clear();
    await Promise.allSettled([...this.active]);
    // A fetcher that failed to load has nothing to close (its jobs logged why).
    const closing = this.fetcher?.then(
      ({ dispatcher }) => dispatcher.close(),
      () => {},
    );
    await Promise.all([closing, this.reader.close()]);
  }

  private pageFetcher(): Promise<PageFetcher> {
    this.fetcher ??= Promise.all([import('./fetchPage.ts'), import('./guardedDispatcher.ts')]).then(([fetching, guard]) => ({
      fetchPage: fetching.fetchPage,
      dispatcher: guard.guardedDispatcher(this.settings.access, this.settings.resolve),
    }));
    return this.fetcher;
  }

  private enqueue(job: Job): void {
    if (this.stop.signal.aborted) return;
    const key = jobKey(job.index, job.id);
    // A page asked for twice before it is fetched is fetched once.
    if (this.queued.has(key)) return;
    this.queued.add(key);
    this.queue.push(job);
    this.pump();
  }

  private pump(): void {
    while (this.active.size < this.settings.concurrency && this.queue.length > 0) {
      const job = this.queue.shift()!;
      this.queued.delete(jobKey(job.index, job.id));
      const running: Promise<void> = this.run(job)
        .catch((error: unknown) => this.log.error({ err: error, url: job.url }, 'crawl failed'))
        .finally(() => {
          this.active.delete(running);
          this.pump();
        });
      this.active.add(running);
    }
  }

  private async run(job: Job): Promise<void> {
    const { index, id, url } = job;
    let start: URL;
    try {
      start = new URL(url);
    } catch {
      await index.engine.markCrawl(id, url, { status: 'ERROR', info: 'the URL is not valid' });
      return;
    }
    const { fetchPage, dispatcher } = await this.pageFetcher();
    const outcome = await fetchPage(start, {
      timeoutMs: this.settings.timeoutMs,
      maxBytes: this.settings.maxBytes,
      maxRedirects: this.settings.maxRedirects,
      refusal: (next) => this.refusal(next),
      dispatcher,
      stop: this.stop.signal,
    });
    if (this.stop.signal.aborted) return;
    if (!outcome.ok) {
      this.log.info({ url, reason: outcome.reason, detail: outcome.detail }, 'crawl fetch failed');
      await index.engine.markCrawl(id, url, { status: 'ERROR', info: outcome.reason });
      return;
    }
    try {
      const document = await this.pageDocument(id, url, outcome);
      if (typeof document === 'string') {
        await index.engine.markCrawl(id, url, { status: 'EXCLUDED', info: document });
        return;
      }
      const result = await index.engine.write([document]);
      if (!result.ok) throw new Error('a custom field type conflicts');
    } catch (error) {
      if (this.stop.signal.aborted) return;
      // Never left PENDING: the status says the page failed, the log says why in full.
      this.log.error({ err: error, url }, 'crawled page not indexed');
      const info = error instanceof PageReadError ? error.reason : 'the page was fetched but could not be indexed';
      await index.engine.markCrawl(id, url, { status: 'ERROR', info });
    }
  }

  /** The document to index for a fetched page, or why the page is excluded. */
  private async pageDocument(id: string, url: string, fetched: Extract<FetchOutcome, { ok: true }>): Promise<PreparedDocument | string> {
    if (fetched.robots !== null && /(?:^|[\s,:])(?:noindex|none)(?:$|[\s,])/i.test(fetched.robots)) {
      return 'the page asks not to be indexed (X-Robots-Tag: noindex)';
    }
    return pageDocument(id, url, await this.reader.readFetched(fetched.body, fetched.contentType, fetched.url, fetched.headers));
  }
}

function jobKey(index: CrawledIndex, id: string): string {
  return `${index.publicKey}\u0000${id}`;
}

/** The document to index for a page read, or why the page is excluded. */
function pageDocument(id: string, url: string, page: PageReading): PreparedDocument | string {
  if (page.noindex) return 'the page asks not to be indexed (<meta name="robots" content="noindex">)';
  const raw: Record<string, string> = { url, title: page.title, main_content: page.mainContent };
  if (page.language !== null) raw.language = page.language;
  if (page.image !== null) raw.thumbnail_external_src = page.image;
  if (page.published !== null) raw.doc_date = page.published;
  let result = validateDocument(raw, id);
  if (!result.ok) {
    // A page's odd lang or og:image must not keep it out of the index: those fields go.
    for (const problem of result.problems) if (problem.field !== undefined && OPTIONAL_FIELDS.has(problem.field)) delete raw[problem.field];
    result = validateDocument(raw, id);
  }
  if (!result.ok) throw new Error(`crawled page ${url} is not a valid document: ${result.problems.map((p) => p.message).join('; ')}`);
  return { ...result.document, page: { h1: page.h1, h2: page.h2, metaDescription: page.metaDescription, headings: page.headings, sections: page.sections } };
}
