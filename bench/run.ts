/**
 * `npm run bench`: the whole suite. Sizes beside the anchors, typing and rendering in
 * Chromium, the service (indexing, latency, memory, restart, load) at 10,000 and
 * 100,000 documents, and a crawl of a generated 10,000-page site; prints the tables and
 * rewrites BENCHMARKS.md.
 * `npm run bench -- --quick`: 10,000 documents only, fewer queries and runs, shorter
 * load steps, a 2,000-page crawl, and the anchors and the other search engines only when
 * already installed by an earlier full run. The search cost by word frequency (frequencyBench.ts)
 * runs in both, and prints a warning line for a row more than 25% worse than it last wrote.
 * The relevance benchmark runs first, on the demo
 * corpus alone, then on the Python documentation (crawled by its own service; skipped without
 * python3-doc).
 * Benchmarks report; they never fail on a figure.
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../e2e/chromium.ts';
import { buildCorpus } from '../demo/corpus/build.ts';
import { ANCHOR_PACKAGES, anchorBundles, anchorFolder, anchorNames, bundle, ourEntries } from './anchors.ts';
import { addSizes, fileSize } from './bundleSize.ts';
import { EMBED_FILES, EMBED_LATER_FILE } from './sizeBudget.ts';
import { corpusVariants } from './corpusVariants.ts';
import { commandLine } from '../server/config/commandLine.ts';
import { startPageServer } from './pageServer.ts';
import { cannedAnswer, measureRendering } from './rendering.ts';
import {
  indexingTable,
  latencyTable,
  loadTable,
  memoryTable,
  relevanceClassTable,
  relevanceSetsTable,
  relevanceTable,
  renderingTable,
  sizeTable,
  targetsTable,
  typingTable,
  type Results,
  type SizeRow,
} from './report.ts';
import { COMMON_WORDS, commonWords, measureSearchLatency, queryWords } from './searchLatency.ts';
import { measureOverload, overloadTable } from './overloadLoad.ts';
import { searchLoad } from './searchLoad.ts';
import { measureScale, scaleTable } from './scale.ts';
import { indexRange, measureRestart } from './serviceBench.ts';
import { startService } from './serviceProcess.ts';
import { pickQueries } from './typingPlan.ts';
import { AUTOCOMPLETE, measureTyping, WIDGET } from './typingBench.ts';
import { method } from './method.ts';
import { carrySections, spliceSection } from './sectionSplice.ts';
import { crawlSection, crawlTable, measureCrawl, type CrawlResults } from './crawlBench.ts';
import { ENGINES } from './relevance/engines/index.ts';
import { measureRelevance } from './relevance/measure.ts';
import { QUERIES } from './relevance/queries.ts';
import { measurePython, pythonSection } from './relevance/pythonRun.ts';
import { DEFAULT_CORPORA, FREQUENCY_HEADING, frequencySection, measureFrequency, QUICK_ROUNDS, ROUNDS } from './frequencyBench.ts';

const USAGE = `Usage: npm run bench -- [--quick]

Measures sizes, typing and rendering in Chromium, relevance, the service at 10,000 and
100,000 documents, and a crawl of a generated 10,000-page site; prints the tables and
rewrites BENCHMARKS.md (about 10 minutes).

Options:
  --quick     10,000 documents only, fewer queries and runs, shorter load steps, a 2,000-page
              crawl (several minutes: the corpora are still indexed)
  -h, --help  print this help
`;
const { quick } = commandLine({ name: 'bench', invocation: 'npm run bench --', usage: USAGE }, (args) => {
  const { values } = parseArgs({ args, options: { quick: { type: 'boolean', default: false } } });
  return values;
});
const repo = process.cwd();
const began = performance.now();
const log = (line: string) => console.error(`bench [${((performance.now() - began) / 1000).toFixed(0)} s]: ${line}`);

const SIZES = quick ? [10_000] : [10_000, 100_000];
const SETTINGS = {
  latencyQueries: quick ? 40 : 200,
  typingQueries: quick ? 10 : 50,
  renderRuns: quick ? 3 : 10,
  loadSeconds: quick ? 2 : 10,
  restarts: quick ? 1 : 3,
  crawlPages: quick ? 2000 : 10_000,
};
const FREQUENCY_ROUNDS = quick ? QUICK_ROUNDS : ROUNDS;

/** dist/ is stale when any file under src/ is newer than the script-tag build. */
function ensureBuild(): void {
  const built = ['dist/embed/site-search.js', 'dist/embed/site-search.css', 'dist/lib/index.js', 'dist/lib/client.js', 'dist/lib/style.css'];
  const oldest = Math.min(...built.map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0)));
  const newest = (dir: string): number =>
    Math.max(0, ...readdirSync(dir, { withFileTypes: true }).map((e) => (e.isDirectory() ? newest(join(dir, e.name)) : statSync(join(dir, e.name)).mtimeMs)));
  if (oldest > 0 && oldest >= newest('src') && oldest >= statSync('vite.config.ts').mtimeMs) return log('dist/ is up to date');
  log('building the library (npm run build)');
  execSync('npm run build', { stdio: ['ignore', 'ignore', 'inherit'] });
}

async function sizes(): Promise<Pick<Results, 'ours' | 'scriptTag' | 'scriptTagLater' | 'anchors' | 'anchorsNote'>> {
  ensureBuild();
  const [jsFile, cssFile] = EMBED_FILES;
  const js = fileSize(join('dist/embed', jsFile));
  const css = fileSize(join('dist/embed', cssFile));
  const scriptTag = addSizes(js, css);
  const scriptTagLater = fileSize(join('dist/embed', EMBED_LATER_FILE));
  const shipped = (file: string, name: string): SizeRow => ({
    name,
    imports: 'as shipped',
    js: file.endsWith('.css') ? null : fileSize(file),
    css: file.endsWith('.css') ? fileSize(file) : null,
  });
  const ours: SizeRow[] = [
    { name: '**ours: script-tag build** (`dist/embed`, Preact inside)', imports: 'the first load: widget, overlay, suggestions, results, client', js, css },
    { name: 'ours: `site-search.more.js`', imports: 'loaded when needed: facets, tracker', js: scriptTagLater, css: null },
  ];
  for (const entry of ourEntries(repo)) ours.push(await bundle(entry, repo));
  ours.push(
    shipped('dist/lib/index.js', 'ours: `dist/lib/index.js` (Preact external)'),
    shipped('dist/lib/client.js', 'ours: `dist/lib/client.js`'),
    shipped('dist/lib/style.css', 'ours: `dist/lib/style.css`'),
  );
  const folder = await anchorFolder({ install: !quick, log });
  let anchors: SizeRow[];
  let anchorsNote: string;
  if (folder === null) {
    const why = quick ? 'not measured (quick mode installs nothing; run the full suite once)' : 'not measured (the npm registry was not reachable)';
    anchors = anchorNames().map((a) => ({ ...a, js: null, css: null, missing: why }));
    anchorsNote = why;
  } else {
    anchors = (await anchorBundles(folder, log)).map((r) => ('error' in r ? { name: r.name, imports: r.imports, js: null, css: null, missing: r.error } : r));
    anchorsNote = `installed from the npm registry into \`${folder}\``;
  }
  log('sizes measured');
  return { ours, scriptTag, scriptTagLater, anchors, anchorsNote };
}

async function main(): Promise<void> {
  const sizeResults = await sizes();
  // Its own service with the demo documents alone: the variants added below would crowd the judged pages.
  log('relevance: the judged queries on every engine');
  const relevance = await measureRelevance({
    docs: buildCorpus({ thumbBase: 'http://127.0.0.1' }),
    queries: QUERIES,
    engines: ENGINES,
    repo,
    install: !quick,
    log: (line) => log(`relevance: ${line}`),
  });
  // The second corpus, a real site crawled by the service; skipped (saying what to install) without Debian's python3-doc.
  log('relevance: the judged queries on the Python documentation');
  const python = await measurePython({ engines: ENGINES, repo, install: !quick, log: (line) => log(`relevance, Python: ${line}`), demo: relevance });
  const pages = await startPageServer(repo);
  const dataDir = mkdtempSync(join(tmpdir(), 'site-search-bench-data-'));
  let browser: Browser | null = null;
  let service = await startService(dataDir, repo);
  const results: Results = {
    quick,
    date: new Date().toISOString().slice(0, 10),
    machine: `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}`,
    ...sizeResults,
    sizes: SIZES,
    typing: [],
    latency: [],
    indexing: [],
    memory: [],
    restart: null,
    load: null,
    overload: null,
    rendering: null,
    relevance,
    scale: null,
  };
  let crawl: CrawlResults | null;
  let frequencyRows: Awaited<ReturnType<typeof measureFrequency>>;
  let frequencyLoad: { before: number; after: number };
  try {
    log('building the corpus');
    const base = buildCorpus({ thumbBase: pages.origin });
    const corpus = corpusVariants(base, SIZES[SIZES.length - 1]!);
    const titles = base.map((d) => d.title ?? '');
    const words = queryWords(titles, SETTINGS.latencyQueries);
    const queries = pickQueries(titles, SETTINGS.typingQueries, 8);
    browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
    let indexed = 0;
    for (const size of SIZES) {
      results.indexing.push(await indexRange(service, corpus, indexed, size, log));
      indexed = size;
      results.latency.push({ documents: size, rows: await measureSearchLatency(service.baseUrl, words, log) });
      log(`typing ${queries.length} queries at ${size.toLocaleString('en')} documents`);
      const targets = [WIDGET, AUTOCOMPLETE];
      const typed = await measureTyping({ browser, pageOrigin: pages.origin, api: service.baseUrl, queries, seed: 8, log, targets });
      targets.forEach((target, i) => results.typing.push({ documents: size, name: target.name, result: typed[i]! }));
      const memory = service.memory();
      results.memory.push({ documents: size, ...memory });
    }
    const largest = SIZES[SIZES.length - 1]!;

    log('rendering');
    const answer = (await (await fetch(`${service.baseUrl}/v1/search/demo?term=element&limit=300&facet=custom_fields.area`)).json()) as { hits: unknown[] };
    pages.setCanned(cannedAnswer(answer));
    results.rendering = await measureRendering({ browser, pageOrigin: pages.origin, runs: SETTINGS.renderRuns, log });
    await browser.close();
    browser = null;

    const rows = [];
    for (const connections of [1, 8, 64]) {
      log(`load: ${connections} connections for ${SETTINGS.loadSeconds} s`);
      rows.push(await searchLoad(service.baseUrl, words, connections, SETTINGS.loadSeconds));
    }
    results.load = { documents: largest, seconds: SETTINGS.loadSeconds, rows };
    log(`responsiveness: /health and term-only searches under a faceted load and a batch stream for ${SETTINGS.loadSeconds} s`);
    results.overload = { documents: largest, seconds: SETTINGS.loadSeconds, result: await measureOverload(service.baseUrl, words, SETTINGS.loadSeconds) };

    log('restarting the service');
    const restarted = await measureRestart(service, dataDir, repo, SETTINGS.restarts);
    service = restarted.service;
    results.restart = { documents: largest, result: restarted.result };
    await service.stop();
    results.scale = await measureScale({
      repo,
      corpus,
      documents: largest,
      words,
      commonWords: commonWords(base, COMMON_WORDS),
      demoDocuments: base.length,
      seconds: SETTINGS.loadSeconds,
      log,
    });
    log('search cost by word frequency: SQLite with 1 and 2 threads, PostgreSQL; long pages and 100,000 documents on SQLite');
    const loadBefore = loadavg()[0]!;
    // The quick run keeps the demo corpus's rows, in fewer rounds: the other corpora take minutes to build.
    const corpora = quick ? { longPages: false, largeDocuments: 0 } : DEFAULT_CORPORA;
    frequencyRows = await measureFrequency(repo, (line) => log(`frequency: ${line}`), corpora, FREQUENCY_ROUNDS);
    frequencyLoad = { before: loadBefore, after: loadavg()[0]! };
    log(`crawl: a generated site of ${SETTINGS.crawlPages.toLocaleString('en')} pages`);
    // A crawl that cannot run (an older service without the crawl API) costs its section, not the suite's figures.
    crawl = await measureCrawl({ repo, pages: SETTINGS.crawlPages, log }).catch((error: unknown) => {
      log(`crawl: not measured: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    });
  } finally {
    await browser?.close();
    await service.stop();
    await pages.close();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const sections = {
    targets: targetsTable(results),
    size: sizeTable(results),
    typing: typingTable(results.typing),
    rendering: results.rendering ? renderingTable(results.rendering) : '',
    indexing: indexingTable(results.indexing),
    latency: latencyTable(results.latency),
    memory: memoryTable(results.memory),
    load: results.load ? loadTable(results.load) : '',
    overload: results.overload ? overloadTable(results.overload.result) : '',
    scale: results.scale ? scaleTable(results.scale) : '',
    relevance: relevanceTable(relevance),
    relevanceClasses: relevanceClassTable(relevance),
    relevanceSets: relevanceSetsTable(relevance),
  };
  for (const [name, text] of Object.entries(sections)) console.log(`\n## ${name}\n\n${text}`);
  if (crawl !== null) console.log(`\n## crawl\n\n${crawlTable(crawl)}`);
  // Sections measured by a step alone (bench:bad-days, ...) stay as that step wrote them.
  const previous = existsSync('BENCHMARKS.md') ? readFileSync('BENCHMARKS.md', 'utf8') : '';
  let report = carrySections(previous, method(results, sections, { ...SETTINGS, anchorPackages: ANCHOR_PACKAGES }));
  if (crawl !== null)
    report = spliceSection(
      report,
      'Crawl',
      crawlSection([{ engine: 'SQLite', results: crawl }], results.date, quick ? 'npm run bench -- --quick' : 'npm run bench'),
    );
  // Compared with the figures the last run wrote: a row more than 25% worse gets a warning line.
  const frequency = frequencySection(frequencyRows, previous, results.date, frequencyLoad, FREQUENCY_ROUNDS);
  console.log(`\n${frequency.section}`);
  for (const line of frequency.warnings) console.log(line);
  report = spliceSection(report, FREQUENCY_HEADING, frequency.section);
  const pythonText = pythonSection(python, results.date, `npm run bench${quick ? ' -- --quick' : ''}`);
  console.log(`\n${pythonText}`);
  writeFileSync('BENCHMARKS.md', spliceSection(report, 'Relevance on the Python documentation', pythonText));
  log(`wrote BENCHMARKS.md in ${((performance.now() - began) / 1000).toFixed(0)} s`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
