import { documentIdFromUrl } from '../documents/documentId.ts';
import type { CrawlRemoval, CrawlStore, PageVerdict } from '../engine/crawlStore.ts';
import type { SearchEngine } from '../engine/engine.ts';
import { EXCLUDED, FAILED } from './crawlJobOptions.ts';

/**
 * When a crawled page leaves the index: the rules of "removal, never a collapse". A page
 * the site says is gone (404/410, noindex, a canonical elsewhere, a duplicate, out of
 * scope, a redirect, robots.txt, no longer linked) goes after one crawl; a page that
 * fails (a server error, a timeout, a 429...) stays until it has failed in
 * `failuresToRemove` crawls in a row spread over `failureSpanMs`. Only pages a crawl
 * indexed are judged (crawled_pages): documents written through the indexing API never are.
 */
export interface RemovalRules {
  /** Crawls in a row a page must fail in before it goes. @default 3 */
  failuresToRemove: number;
  /** The least time from the first of those crawls to the last. @default one day */
  failureSpanMs: number;
  /** A crawl that would remove more than this share of the index holds its removals. @default 0.1 */
  removalShare: number;
  /** A crawl whose failed fetches exceed this share of its fetches holds its removals. @default 0.2 */
  failureShare: number;
}

/** Why a page a full crawl did not find at all leaves. */
export const NOT_LINKED = 'no longer linked';

/** The reasons of a crawl's outcome that remove a crawled page at once. */
const GONE: ReadonlySet<string> = new Set([
  FAILED.notFound,
  EXCLUDED.noindex,
  EXCLUDED.canonical,
  EXCLUDED.duplicate,
  EXCLUDED.outOfScope,
  EXCLUDED.pattern,
  EXCLUDED.redirected,
  EXCLUDED.robots,
]);

export type PageFate = { kind: 'keep' } | { kind: 'remove'; reason: string } | { kind: 'failing' };

/**
 * What becomes of a crawled page after a crawl. `unfound` is the reason a page the crawl
 * never found leaves (null: it stays, e.g. another site's page, or a crawl cut short).
 */
export function pageFate(verdict: PageVerdict, unfound: string | null, rules: RemovalRules, now: number): PageFate {
  if (verdict.outcome === null) return unfound === null ? { kind: 'keep' } : { kind: 'remove', reason: unfound };
  if (verdict.outcome === 'indexed' || verdict.outcome === 'unchanged') return { kind: 'keep' };
  const reason = verdict.reason ?? '';
  if (GONE.has(reason)) return { kind: 'remove', reason };
  // Left out by the crawl's own limits (max pages, max depth, a trap): the page is not judged.
  if (verdict.outcome === 'excluded') return { kind: 'keep' };
  const failures = verdict.failures + 1;
  const since = verdict.firstFailureAt ?? now;
  if (failures >= rules.failuresToRemove && now - since >= rules.failureSpanMs) return { kind: 'remove', reason: `${reason} in ${failures} crawls in a row` };
  return { kind: 'failing' };
}

/** Whether a crawl's removals wait for the owner: too large a share of the index, or too many failures. */
export function mustHold(removals: number, indexSize: number, failed: number, fetched: number, rules: RemovalRules): boolean {
  if (removals === 0) return false;
  return removals > rules.removalShare * indexSize || failed > rules.failureShare * Math.max(fetched, 1);
}

/** Removes crawled pages from the index: each document's status says why, as for a document no longer indexed. */
export async function removePages(engine: Pick<SearchEngine, 'markCrawl' | 'crawls'>, removals: readonly CrawlRemoval[]): Promise<void> {
  for (const removal of removals) {
    await engine.markCrawl(documentIdFromUrl(removal.url), removal.url, { status: 'EXCLUDED', info: `removed by a crawl: ${removal.reason}` });
  }
  await engine.crawls.forgetPages(removals.map((removal) => removal.url));
}

/** Removes the removals a held crawl holds (the owner approved), a batch at a time. */
export async function approveHeld(engine: Pick<SearchEngine, 'markCrawl' | 'crawls'>, crawl: string, now: number): Promise<boolean> {
  const store: CrawlStore = engine.crawls;
  const record = await store.get(crawl);
  if (record?.state !== 'held') return false;
  for (let offset = 0; ; offset += BATCH) {
    const batch = await store.removals(crawl, 'held', offset, BATCH);
    if (batch.length === 0) break;
    await removePages(engine, batch);
  }
  await store.setRemovals(crawl, 'held', 'removed');
  return store.endHeld(crawl, now);
}

/** Leaves the pages a held crawl would have removed (the owner discarded its removals). */
export async function discardHeld(store: CrawlStore, crawl: string, now: number): Promise<boolean> {
  const record = await store.get(crawl);
  if (record?.state !== 'held') return false;
  await store.setRemovals(crawl, 'held', 'discarded');
  return store.endHeld(crawl, now);
}

const BATCH = 500;
