import { setTimeout as sleep } from 'node:timers/promises';
import type { IndexClient } from '../../src/client/createIndexClient.ts';
import type { CrawlJob, CrawlJobRequest } from '../../src/client/types.ts';
import type { Io } from './io.ts';

/** How often `--wait` asks how the crawl goes. */
const POLL_MS = 1000;
const WIDTH = 20;

/**
 * `crawl --site URL` and `crawl --sitemap URL`: starts a crawl job on the service, prints
 * its id, and with `wait` shows its progress on stderr (a bar redrawn on a terminal,
 * plain lines otherwise) until it ends, then the report by reason on stdout. Throws when
 * the crawl failed, so the command exits non-zero.
 */
export async function crawlJob(client: IndexClient, request: CrawlJobRequest, wait: boolean, io: Io, now: () => number = Date.now): Promise<void> {
  const { id } = await client.crawls.start(request);
  io.stdout.write(`crawl ${id} started\n`);
  if (!wait) return;
  const started = now();
  const tty = io.stderr.isTTY === true;
  let lastLine = -Infinity;
  let crawl: CrawlJob;
  for (;;) {
    crawl = await client.crawls.get(id);
    const line = progressLine(crawl, (now() - started) / 1000);
    if (tty) io.stderr.write(`\r\x1b[2K${line}`);
    else if (now() - lastLine >= 5 * POLL_MS || crawl.state !== 'running') {
      io.stderr.write(`${line}\n`);
      lastLine = now();
    }
    if (crawl.state !== 'queued' && crawl.state !== 'running') break;
    await sleep(POLL_MS);
  }
  if (tty) io.stderr.write('\n');
  io.stdout.write(crawlReport(crawl));
  if (crawl.state === 'failed') throw new Error(`crawl ${id} failed: ${crawl.error ?? 'no reason given'}`);
}

/** One line: a bar of URLs done of those found, then found / fetched / indexed / failed and the rate. */
export function progressLine(crawl: CrawlJob, seconds: number): string {
  const { found, pending, fetched, indexed, failed } = crawl.counts;
  const done = found - pending;
  const share = found === 0 ? 0 : done / found;
  const bar = `[${'#'.repeat(Math.round(share * WIDTH)).padEnd(WIDTH, '.')}]`;
  const failures = Object.values(failed).reduce((sum, n) => sum + n, 0);
  const rate = seconds > 0 ? fetched / seconds : 0;
  return `${bar} ${crawl.state}: found ${found}, fetched ${fetched}, indexed ${indexed}, failed ${failures}, ${rate.toFixed(1)} pages/s`;
}

/** The crawl's outcome, by reason, with the first URLs of each. */
export function crawlReport(crawl: CrawlJob): string {
  const { counts } = crawl;
  const lines = [
    `crawl ${crawl.id}: ${crawl.state}${crawl.dryRun ? ' (dry run: nothing was written)' : ''}`,
    `  found ${counts.found}, fetched ${counts.fetched}, ${crawl.dryRun ? 'to index' : 'indexed'} ${counts.indexed}, unchanged ${counts.unchanged}`,
  ];
  if (crawl.error !== null) lines.push(`  error: ${crawl.error}`);
  for (const outcome of ['excluded', 'failed'] as const) {
    for (const [reason, n] of Object.entries(counts[outcome]).sort((a, b) => b[1] - a[1])) {
      lines.push(`  ${outcome} (${reason}): ${n}`);
      for (const url of crawl.samples[outcome][reason] ?? []) lines.push(`    ${url}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
