/**
 * A crawl's report as the API answers it (`GET .../crawls/{id}`, `.../crawls/latest`)
 * and as the alerts webhook sends it: the counts by reason, the removals, and the change
 * since the previous crawl.
 */
import type { CrawlChange, CrawlJob, CrawlJobSummary } from '../../src/client/types.ts';
import type { CrawlRecord, CrawlStore } from '../engine/crawlStore.ts';
import { storedOptions } from './crawlJobOptions.ts';

/** URLs of each reason in a report. */
const SAMPLES = 10;
/** Pages removed listed in a report (the rest: `GET .../crawls/{id}/removals`). */
const REMOVALS_LISTED = 100;
/** Crawls looked through for the one before. */
const LOOK_BACK = 50;

export async function crawlSummary(store: CrawlStore, record: CrawlRecord): Promise<CrawlJobSummary> {
  const options = storedOptions(record.options);
  const { found, pending, fetched, indexed, unchanged, excluded, failed } = await store.counts(record.id);
  return {
    id: record.id,
    state: record.state,
    dryRun: options.dryRun,
    start: options.start.length > 0 ? options.start : options.sitemaps,
    createdAt: iso(record.createdAt)!,
    startedAt: iso(record.startedAt),
    endedAt: iso(record.endedAt),
    error: record.error,
    counts: { found, pending, fetched, indexed, unchanged, excluded, failed },
    removals: await store.removalCounts(record.id),
  };
}

export async function crawlReport(store: CrawlStore, record: CrawlRecord): Promise<CrawlJob> {
  const summary = await crawlSummary(store, record);
  return {
    ...summary,
    options: storedOptions(record.options),
    samples: await store.samples(record.id, SAMPLES),
    removed: await store.removals(record.id, undefined, 0, REMOVALS_LISTED),
    change: await crawlChange(store, record, summary),
  };
}

/** What the crawl changed since the previous one (CrawlChange in the API's types says which). */
async function crawlChange(store: CrawlStore, record: CrawlRecord, summary: CrawlJobSummary): Promise<CrawlChange> {
  const previous = await previousCrawl(store, record);
  const { added, changed, newFailures, newFailureSamples } = await store.change(record.id, previous?.id ?? null, SAMPLES);
  const before = previous === null ? 0 : total((await store.counts(previous.id)).failed);
  return {
    previous: previous?.id ?? null,
    added,
    changed,
    removed: summary.removals.removed,
    failed: { now: total(summary.counts.failed), before },
    newFailures,
    newFailureSamples,
  };
}

/**
 * The crawl this one is compared with: the latest made before it that ended `done` or
 * `held`, not a dry run; a full crawl skips deploy hooks' crawls, which looked at a few pages.
 */
async function previousCrawl(store: CrawlStore, record: CrawlRecord): Promise<CrawlRecord | null> {
  const partial = (text: string) => {
    const options = storedOptions(text);
    return options.changed.length > 0 || options.since !== null;
  };
  const full = !partial(record.options);
  const recent = await store.list(LOOK_BACK);
  const at = recent.findIndex((crawl) => crawl.id === record.id);
  const older = at === -1 ? recent.filter((crawl) => crawl.createdAt < record.createdAt) : recent.slice(at + 1);
  return (
    older.find((crawl) => (crawl.state === 'done' || crawl.state === 'held') && !storedOptions(crawl.options).dryRun && !(full && partial(crawl.options))) ??
    null
  );
}

function total(byReason: Record<string, number>): number {
  return Object.values(byReason).reduce((sum, n) => sum + n, 0);
}

export function iso(time: number | null): string | null {
  return time === null ? null : new Date(time).toISOString();
}
