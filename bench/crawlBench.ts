/**
 * The crawl benchmark: the service crawls the generated documentation site (crawlSite/)
 * from its start page through the crawl API, while a thread searches; then the index is
 * read back and judged against the site's ground truth: pages found of pages reachable,
 * fetches per canonical page, disallowed URLs fetched, pages a second, the navigation's
 * share of the indexed text, PDF and DOCX found by their text, search p95 while crawling;
 * then the same site is crawled again unchanged, its bytes and time against the first's.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { loadEnvironment } from '../server/testing/serviceLoad.ts';
import { CrawlSite, NAVIGATION_WORDS, words, type SitePage } from './crawlSite/site.ts';
import { serveSite } from './crawlSite/siteServer.ts';
import { startService } from './serviceProcess.ts';
import { count, ms, percentile, ratio, table, verdict } from './stats.ts';

const AUTH = `Basic ${Buffer.from('demo:demo-secret').toString('base64')}`;
const KEY = 'demo';
/** The targets of the crawl (issue's "Done when"). */
export const TARGETS = {
  foundShare: 0.995,
  fetchesPerPage: 1.05,
  pagesPerSecond: 100,
  boilerplateShare: 0.02,
  searchRatio: 2,
  recrawlBytes: 0.05,
  recrawlTime: 0.15,
};
/** Seconds the idle searches run after the crawl. */
const IDLE_SECONDS = 5;
/** Milliseconds between the probe's searches: a steady trickle, not a load of its own. */
const PROBE_GAP_MS = 20;
/** Requests at a time when reading the index back. */
const READ_CONCURRENCY = 4;

export interface CrawlBenchOptions {
  repo: string;
  /** Canonical pages of the generated site. */
  pages: number;
  seed?: number;
  /** The crawl is cancelled after this long. @default 60 s + 50 ms a page */
  timeoutSeconds?: number;
  /** A PostgreSQL database for the service (`--database-url`); none: SQLite in its data folder. */
  databaseUrl?: string;
  log: (line: string) => void;
}

/** The crawl job as the API answers it (the fields read here). */
interface CrawlJobAnswer {
  id: string;
  state: string;
  error?: string | null;
  counts?: { found: number; fetched: number; indexed: number; unchanged: number; excluded: Record<string, number>; failed: Record<string, number> };
}

export interface SearchLatency {
  requests: number;
  p50: number;
  p95: number;
  errors: number;
}

export interface CrawlResults {
  pages: number;
  /** Canonical pages whose document the index holds under their canonical URL. */
  found: number;
  /** Canonical pages a search for their own words finds under another URL. */
  foundElsewhere: number;
  /** The first canonical URLs not found. */
  missing: string[];
  /** Requests the site answered, in all and by what they were for. */
  requests: number;
  requestsByKind: Record<string, number>;
  /** URLs robots.txt forbids that were fetched anyway. */
  disallowedFetched: string[];
  /** From the crawl's start to its end as polled, seconds; its final state (`timed out` when cancelled by the bench). */
  seconds: number;
  state: string;
  error: string | null;
  counts: CrawlJobAnswer['counts'] | null;
  boilerplate: { navigationWords: number; words: number; documents: number };
  documents: Array<{ kind: 'pdf' | 'docx'; total: number; searchable: number; typed: number }>;
  search: { idle: SearchLatency; crawling: SearchLatency };
  /** The machine's one-minute load average when the crawl began and when it ended (other work on it slows every figure). */
  load: [number, number];
  /** Bytes of the bodies the site sent for the first crawl. */
  bytes: number;
  /** The second crawl of the site, unchanged: it checks the sitemap's lastmod against the pages. */
  recrawl: Recrawl;
  /** The third, unchanged still: the sitemap's lastmod, proved true, spares the pages' fetches. */
  recrawlTrusted: Recrawl;
}

export interface Recrawl {
  seconds: number;
  bytes: number;
  requests: number;
  /** Requests the site answered 304. */
  notModified: number;
  state: string;
  counts: CrawlJobAnswer['counts'] | null;
}

/** Runs the whole benchmark: its own site, its own service on a fresh data folder; both stopped at the end. */
export async function measureCrawl(options: CrawlBenchOptions): Promise<CrawlResults> {
  const { log } = options;
  const site = new CrawlSite({ pages: options.pages, seed: options.seed ?? 38 });
  const server = await serveSite(site);
  const dataDir = mkdtempSync(join(tmpdir(), 'site-search-bench-crawl-'));
  const service = await startService(
    dataDir,
    options.repo,
    options.databaseUrl === undefined ? [] : ['--database-url', options.databaseUrl],
    crawlEnvironment(),
  );
  const probes: Worker[] = [];
  try {
    const api = service.baseUrl;
    const queryWords = site.queryWords(100);
    log(`crawl: ${count(site.pages.length)} pages at ${site.startUrl(server.origin)}`);
    const probe = startProbe(api, queryWords, probes);
    const began = performance.now();
    const loadBefore = loadavg()[0]!;
    const created = await fetch(`${api}/v2/indices/${KEY}/crawls`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: AUTH },
      body: JSON.stringify({ start: [site.startUrl(server.origin)], ignoreParams: ['utm_*', 'ref'], maxPages: site.pages.length * 2 }),
    });
    if (created.status !== 202) throw new Error(`POST /v2/indices/${KEY}/crawls answered ${created.status}: ${(await created.text()).slice(0, 300)}`);
    const { id } = (await created.json()) as CrawlJobAnswer;
    const timeoutMs = (options.timeoutSeconds ?? 60 + options.pages * 0.05) * 1000;
    let job = await crawlJob(api, id);
    let lastLog = began;
    while (!['done', 'failed', 'cancelled'].includes(job.state)) {
      if (performance.now() - began > timeoutMs) {
        await fetch(`${api}/v2/indices/${KEY}/crawls/${id}`, { method: 'DELETE', headers: { authorization: AUTH } });
        job = { ...(await crawlJob(api, id)), state: 'timed out' };
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
      job = await crawlJob(api, id);
      if (performance.now() - lastLog > 10_000) {
        lastLog = performance.now();
        log(
          `crawl: ${job.state}, ${count(job.counts?.fetched ?? 0)} fetched, ${count(job.counts?.indexed ?? 0)} indexed of ${count(job.counts?.found ?? 0)} found`,
        );
      }
    }
    const seconds = (performance.now() - began) / 1000;
    const load: [number, number] = [loadBefore, loadavg()[0]!];
    const bytes = server.bytes();
    const crawling = await probe.stop();
    log(`crawl: ${job.state} in ${seconds.toFixed(1)} s; reading the index back`);
    const requests = [...server.requests()];
    const judged = await readBack(api, site, server.origin);
    log(`crawl: searching the idle index for ${IDLE_SECONDS} s`);
    const idleProbe = startProbe(api, queryWords, probes);
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    const idle = await idleProbe.stop();
    const recrawl = await recrawlUnchanged(api, server, site.startUrl(server.origin), site.pages.length, timeoutMs, log);
    const recrawlTrusted = await recrawlUnchanged(api, server, site.startUrl(server.origin), site.pages.length, timeoutMs, log);
    return {
      bytes,
      recrawl,
      recrawlTrusted,
      pages: site.pages.length,
      ...judged,
      requests: requests.reduce((sum, [, n]) => sum + n, 0),
      requestsByKind: requestKinds(site, server.origin, requests),
      disallowedFetched: requests.filter(([url]) => site.disallowed(url)).map(([url]) => url),
      seconds,
      state: job.state,
      error: job.error ?? null,
      counts: job.counts ?? null,
      search: { idle, crawling },
      load,
    };
  } finally {
    await Promise.all(probes.map((worker) => worker.terminate()));
    await service.stop();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The site crawled again, nothing changed on it: what the second crawl cost the site. */
async function recrawlUnchanged(
  api: string,
  server: Awaited<ReturnType<typeof serveSite>>,
  start: string,
  pages: number,
  timeoutMs: number,
  log: (line: string) => void,
): Promise<Recrawl> {
  const [bytes, requests, notModified] = [server.bytes(), server.total(), server.notModified()];
  log('crawl: crawling the unchanged site again');
  const began = performance.now();
  const created = await fetch(`${api}/v2/indices/${KEY}/crawls`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: AUTH },
    body: JSON.stringify({ start: [start], ignoreParams: ['utm_*', 'ref'], maxPages: pages * 2 }),
  });
  if (created.status !== 202) throw new Error(`POST /v2/indices/${KEY}/crawls answered ${created.status}: ${(await created.text()).slice(0, 300)}`);
  const { id } = (await created.json()) as CrawlJobAnswer;
  let job = await crawlJob(api, id);
  while (!['done', 'held', 'failed', 'cancelled'].includes(job.state)) {
    if (performance.now() - began > timeoutMs) {
      await fetch(`${api}/v2/indices/${KEY}/crawls/${id}`, { method: 'DELETE', headers: { authorization: AUTH } });
      job = { ...(await crawlJob(api, id)), state: 'timed out' };
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
    job = await crawlJob(api, id);
  }
  const seconds = (performance.now() - began) / 1000;
  log(`crawl: recrawl ${job.state} in ${seconds.toFixed(1)} s`);
  return {
    seconds,
    bytes: server.bytes() - bytes,
    requests: server.total() - requests,
    notModified: server.notModified() - notModified,
    state: job.state,
    counts: job.counts ?? null,
  };
}

/**
 * The service's environment for a crawl of loopback: no request rate limit (loadEnvironment),
 * the site's address allowed although private, and the per-host rate lifted (`0`), as a
 * site owner crawling their own server would set it; the per-host concurrency stays the default.
 */
function crawlEnvironment(): NodeJS.ProcessEnv {
  return { ...loadEnvironment(), SITE_SEARCH_CRAWL_ALLOW_PRIVATE: '127.0.0.1', SITE_SEARCH_CRAWL_HOST_RATE: '0' };
}

async function crawlJob(api: string, id: string): Promise<CrawlJobAnswer> {
  const response = await fetch(`${api}/v2/indices/${KEY}/crawls/${id}`, { headers: { authorization: AUTH } });
  if (response.status !== 200) throw new Error(`GET .../crawls/${id} answered ${response.status}`);
  return (await response.json()) as CrawlJobAnswer;
}

/** What each request to the site was for. */
export function requestKinds(site: CrawlSite, origin: string, requests: ReadonlyArray<[string, number]>): Record<string, number> {
  const sitemaps = site.sitemapFiles(origin);
  const kinds: Record<string, number> = {};
  const add = (kind: string, n: number) => (kinds[kind] = (kinds[kind] ?? 0) + n);
  for (const [url, n] of requests) {
    const path = url.split('?')[0]!;
    const page = site.page(path);
    if (path === '/robots.txt') add('robots.txt', n);
    else if (sitemaps.has(path)) add('sitemaps', n);
    else if (site.disallowed(url)) add('disallowed by robots.txt', n);
    else if (/^\/(old|moved)\//.test(path)) add('redirects (301)', n);
    else if (path.startsWith('/print/')) add('print versions (canonical elsewhere)', n);
    else if (page !== undefined && url === path) {
      add('canonical pages, once', 1);
      const again = n - 1 - (site.flaky(page) ? 1 : 0);
      if (site.flaky(page) && n > 1) add('again after a 503', 1);
      if (again > 0) add('canonical pages, again', again);
    } else if (page !== undefined || site.page(path.replace(/index\.html$/, '')) !== undefined) add('other URLs of a canonical page', n);
    else add('not found (404)', n);
  }
  return kinds;
}

/** Reads every canonical page's document back (its content, by the id the API gives a URL), and searches the documents' words. */
async function readBack(api: string, site: CrawlSite, origin: string) {
  let found = 0;
  let foundElsewhere = 0;
  const missing: string[] = [];
  const boilerplate = { navigationWords: 0, words: 0, documents: 0 };
  const documents = { pdf: { total: 0, searchable: 0, typed: 0 }, docx: { total: 0, searchable: 0, typed: 0 } };
  const queue = [...site.pages];
  const judge = async (page: SitePage) => {
    const url = origin + page.path;
    const id = createHash('md5').update(url).digest('hex');
    const response = await fetch(`${api}/v1/indices/${KEY}/documents/${id}/content`, { headers: { authorization: AUTH } });
    if (response.status === 200) {
      const content = (await response.json()) as { mainContent?: string };
      const text = words(content.mainContent ?? '');
      found++;
      boilerplate.documents++;
      boilerplate.words += text.length;
      boilerplate.navigationWords += text.filter((w) => NAVIGATION_WORDS.has(w)).length;
    } else {
      await response.arrayBuffer();
      const hits = await search(api, page.uniqueWords[0]!);
      if (hits.length > 0) foundElsewhere++;
      if (missing.length < 10) missing.push(url + (hits.length > 0 ? ` (found as ${hits[0]!.url})` : ''));
    }
    if (page.kind === 'pdf' || page.kind === 'docx') {
      const tally = documents[page.kind];
      tally.total++;
      const hit = (await search(api, page.uniqueWords[1]!)).find((h) => h.url === url);
      if (hit !== undefined) tally.searchable++;
      if (hit?.document_type === page.kind) tally.typed++;
    }
  };
  await Promise.all(
    Array.from({ length: READ_CONCURRENCY }, async () => {
      for (let page = queue.shift(); page !== undefined; page = queue.shift()) await judge(page);
    }),
  );
  return {
    found,
    foundElsewhere,
    missing,
    boilerplate,
    documents: (['pdf', 'docx'] as const).map((kind) => ({ kind, ...documents[kind] })),
  };
}

async function search(api: string, term: string): Promise<Array<{ url: string; document_type?: string }>> {
  const response = await fetch(`${api}/v1/search/${KEY}?term=${encodeURIComponent(term)}&postfixWildcard=false`);
  if (response.status !== 200) return [];
  return ((await response.json()) as { hits: Array<{ url: string; document_type?: string }> }).hits;
}

/**
 * Term-only searches one at a time from their own thread (its event loop free of the page
 * server's), until stopped: their times are the service's.
 */
const PROBE_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { baseUrl, words, gapMs } = workerData;
let stopping = false;
parentPort.once('message', () => { stopping = true; });
(async () => {
  const times = []; let errors = 0;
  // The thread's first fetch loads the HTTP client: not timed.
  await fetch(baseUrl + '/health').then((r) => r.arrayBuffer()).catch(() => {});
  for (let n = 0; !stopping; n++) {
    const t0 = performance.now();
    try {
      const response = await fetch(baseUrl + '/v1/search/demo?postfixWildcard=false&term=' + encodeURIComponent(words[n % words.length]));
      await response.arrayBuffer();
      if (response.status === 200) times.push(performance.now() - t0); else errors++;
    } catch { errors++; }
    await new Promise((r) => setTimeout(r, gapMs));
  }
  parentPort.postMessage({ times, errors });
})();
`;

/** Starts a probe (put in `started`, so a failed run ends it); `stop` ends it and gives its figures. */
function startProbe(baseUrl: string, queryWords: readonly string[], started: Worker[]): { stop(): Promise<SearchLatency> } {
  const worker = new Worker(PROBE_SOURCE, { eval: true, workerData: { baseUrl, words: queryWords, gapMs: PROBE_GAP_MS } });
  started.push(worker);
  const result = new Promise<{ times: number[]; errors: number }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    stop: async () => {
      worker.postMessage('stop');
      const { times, errors } = await result;
      await worker.terminate();
      return { requests: times.length, p50: percentile(times, 50), p95: percentile(times, 95), errors };
    },
  };
}

const percent = (share: number) => (Number.isFinite(share) ? `${(share * 100).toFixed(share < 0.1 ? 2 : 1)}%` : '–');

/** The benchmark's figures against the targets. */
export function crawlTable(r: CrawlResults): string {
  const canonical = r.requestsByKind['canonical pages, once'] ?? 0;
  const perPage = r.requests / Math.max(1, r.found);
  const share = r.boilerplate.navigationWords / r.boilerplate.words;
  const rate = (r.counts?.indexed ?? r.found) / r.seconds;
  const { idle, crawling } = r.search;
  const rows = [
    [
      'Pages found of pages reachable',
      `${count(r.found)} of ${count(r.pages)} (${percent(r.found / r.pages)})`,
      verdict((r.found / r.pages) * 100, TARGETS.foundShare * 100, '%', '>='),
    ],
    [
      'URLs fetched per canonical page found',
      `${perPage.toFixed(3)} (${count(r.requests)} requests, ${count(canonical)} canonical pages)`,
      verdict(perPage, TARGETS.fetchesPerPage, ''),
    ],
    ['Disallowed URLs fetched', count(r.disallowedFetched.length), verdict(r.disallowedFetched.length, 0, '')],
    ['Pages indexed a second', `${rate.toFixed(0)} (${r.seconds.toFixed(1)} s, crawl ${r.state})`, verdict(rate, TARGETS.pagesPerSecond, 'pages/s', '>=')],
    [
      'Navigation words in the indexed text',
      `${percent(share)} (${count(r.boilerplate.navigationWords)} of ${count(r.boilerplate.words)} words, ${count(r.boilerplate.documents)} documents)`,
      verdict(share * 100, TARGETS.boilerplateShare * 100, '%', '<'),
    ],
    ...r.documents.map((d) => [
      `${d.kind.toUpperCase()} files found by their text`,
      `${count(d.searchable)} of ${count(d.total)} (${count(d.typed)} with \`document_type\` ${d.kind})`,
      d.typed === d.total && d.total > 0 ? 'met (all)' : '**missed** (all)',
    ]),
    [
      'Search p95, idle → while crawling',
      `${ms(idle.p95)} → ${ms(crawling.p95)} ms (${ratio(crawling.p95, idle.p95)}; ${count(idle.requests)} and ${count(crawling.requests)} searches)`,
      verdict(crawling.p95 / idle.p95, TARGETS.searchRatio, '×'),
    ],
    [
      'Unchanged recrawl: bytes of the first crawl’s',
      `${percent(r.recrawl.bytes / r.bytes)} (${count(r.recrawl.bytes)} of ${count(r.bytes)} bytes; ${count(r.recrawl.notModified)} of ${count(r.recrawl.requests)} requests answered 304)`,
      verdict((r.recrawl.bytes / r.bytes) * 100, TARGETS.recrawlBytes * 100, '%', '<'),
    ],
    [
      'Unchanged recrawl: time of the first crawl’s',
      `${percent(r.recrawl.seconds / r.seconds)} (${r.recrawl.seconds.toFixed(1)} s of ${r.seconds.toFixed(1)} s; recrawl ${r.recrawl.state}, ${count(r.recrawl.counts?.unchanged ?? 0)} unchanged, ${count(r.recrawl.counts?.indexed ?? 0)} written)`,
      verdict((r.recrawl.seconds / r.seconds) * 100, TARGETS.recrawlTime * 100, '%', '<'),
    ],
    [
      'Unchanged recrawl, lastmod trusted: bytes of the first crawl’s',
      `${percent(r.recrawlTrusted.bytes / r.bytes)} (${count(r.recrawlTrusted.bytes)} bytes; ${count(r.recrawlTrusted.requests)} requests)`,
      verdict((r.recrawlTrusted.bytes / r.bytes) * 100, TARGETS.recrawlBytes * 100, '%', '<'),
    ],
    [
      'Unchanged recrawl, lastmod trusted: time of the first crawl’s',
      `${percent(r.recrawlTrusted.seconds / r.seconds)} (${r.recrawlTrusted.seconds.toFixed(1)} s; recrawl ${r.recrawlTrusted.state}, ${count(r.recrawlTrusted.counts?.unchanged ?? 0)} unchanged, ${count(r.recrawlTrusted.counts?.fetched ?? 0)} fetched)`,
      verdict((r.recrawlTrusted.seconds / r.seconds) * 100, TARGETS.recrawlTime * 100, '%', '<'),
    ],
  ];
  return table(['Figure', 'Measured', 'Target'], rows, 3);
}

/** Where the site's requests went, and what the crawl reported by reason. */
export function crawlDetailTable(r: CrawlResults): string {
  const rows: string[][] = Object.entries(r.requestsByKind)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, n]) => [`site answered: ${kind}`, count(n)]);
  const c = r.counts;
  if (c) {
    rows.push(['crawl reported: found', count(c.found)], ['crawl reported: fetched', count(c.fetched)], ['crawl reported: indexed', count(c.indexed)]);
    for (const [reason, n] of Object.entries(c.excluded)) rows.push([`crawl reported: excluded, ${reason}`, count(n)]);
    for (const [reason, n] of Object.entries(c.failed)) rows.push([`crawl reported: failed, ${reason}`, count(n)]);
  }
  return table(['What', 'URLs'], rows);
}

/** One engine's run of the benchmark. */
export interface CrawlRun {
  engine: 'SQLite' | 'PostgreSQL';
  results: CrawlResults;
}

/** The "## Crawl" section of BENCHMARKS.md: how it was measured, then each engine's tables. */
export function crawlSection(runs: readonly CrawlRun[], date: string, command: string): string {
  const r = runs[0]!.results;
  const engines = runs.map((run) => run.engine).join(' and then on ');
  const note = `*This section comes from \`${command}\` on ${date}.*`;
  const method = `The service (\`site-search-server\`, compiled, on ${engines}, its own process; PostgreSQL a
throw-away cluster on this machine, reached through its socket) crawls a generated documentation site
of ${count(r.pages)} canonical pages (\`bench/crawlSite/\`, seeded) served by the benchmark's own page server on loopback,
through the crawl API: one \`POST /v2/indices/demo/crawls\` with the start page \`/\` alone and
\`ignoreParams: ["utm_*", "ref"]\`, then \`GET .../crawls/{id}\` every 250 ms until it ends. The site's address is
allowed as a private one (\`SITE_SEARCH_CRAWL_ALLOW_PRIVATE\`) and the per-host rate lifted
(\`SITE_SEARCH_CRAWL_HOST_RATE=0\`), as an owner crawling their own server would set it, the per-host concurrency
left at its default; robots.txt's \`User-agent: *\` group has no \`Crawl-delay\` (a group for another agent has
one, and forbids everything).

The site: sections of about 100 articles, each section page listing its articles; an article links Prev, Up,
Home and Next, and three other articles, plain or with \`?ref=\`, \`utm_*\` parameters or a fragment. Every page
carries the same navigation table and footer (\`<div>\` and \`<table>\`, no landmarks) and a pager. One page in a
hundred is a PDF or DOCX file (written by the benchmark, a few lines of text); one article in a hundred links a print
version with \`rel=canonical\`, one in two hundred a two-hop 301 chain, one in three hundred a 404, one in two
hundred a draft robots.txt forbids; every page's navigation links a members' section robots.txt forbids; one article
in five hundred answers 503 (\`Retry-After: 1\`) the first time, one in a hundred takes 300 ms. A nested, gzipped
sitemap (index → gzipped index → gzipped lists) lists every canonical page.

*Found*: a canonical page whose document \`GET /v1/indices/demo/documents/{md5 of its URL}/content\` answers.
*URLs fetched per canonical page*: every request the site answered (robots.txt, sitemaps, redirects, print
versions, 404s included) over the pages found. *Disallowed*: requests to URLs the site's robots.txt forbids,
checked by the site's own rule, not the service's parser. *Pages a second*: documents indexed (the crawl's count)
over the time from the \`POST\` to the poll that saw it end. *Navigation words*: words of the navigation, footer and
pager (a vocabulary no page's text uses) over all words of \`mainContent\` of the documents found. *PDF and DOCX*:
a search for a word only that file holds finds it, with its \`document_type\`. *Search p95*: term-only searches one
at a time from a thread of their own, ${PROBE_GAP_MS} ms apart, over the site's most common words, while it crawls,
then for ${IDLE_SECONDS} s on the finished, idle index. Measured on this machine's 2 cores, the page server sharing them.`;
  const tables = runs.map(({ engine, results }) => {
    const missing = results.missing.length > 0 ? `\n\nFirst pages not found: ${results.missing.map((u) => `\`${u}\``).join(', ')}.` : '';
    const failed = results.error ? `\n\nThe crawl ended with: ${results.error}.` : '';
    const load = `\n\nThe machine's one-minute load average: ${results.load[0].toFixed(1)} when the crawl began, ${results.load[1].toFixed(1)} when it ended.`;
    const heading = runs.length > 1 ? `### On ${engine}\n\n` : '';
    return `${heading}${crawlTable(results)}\n\n${crawlDetailTable(results)}${load}${missing}${failed}`;
  });
  return `## Crawl\n\n${note}\n\n${method}\n\n${tables.join('\n\n')}\n`;
}
