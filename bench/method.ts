/** BENCHMARKS.md: the tables with the method of each written beside them. */
import { count } from './stats.ts';
import type { Results } from './report.ts';
import { QUERIES } from './relevance/queries.ts';
import { QUERY_CLASSES } from './relevance/types.ts';

export interface Settings {
  latencyQueries: number;
  typingQueries: number;
  renderRuns: number;
  loadSeconds: number;
  restarts: number;
  anchorPackages: readonly string[];
}

/** How the relevance figures were made: the query set, its split, the engines and their settings; then the tables. */
export function relevanceMethod(relevance: Results['relevance'], s: Record<string, string>): string {
  if (relevance === null) return 'Not measured.';
  const inSet = (set: string) => QUERIES.filter((q) => q.set === set).length;
  const perClass = QUERY_CLASSES.map((c) => QUERIES.filter((q) => q.class === c).length);
  const engines = relevance.engines.map((e) => `- **${e.name}**: ${e.settings}.`).join('\n');
  return `${count(QUERIES.length)} judged queries on the demo corpus (its ${count(relevance.documents)} documents, the same for every
engine), ${Math.min(...perClass)}–${Math.max(...perClass)} in each of five classes: *exact* names as written (\`fetch\`,
\`IntersectionObserver\`, \`border-radius\`), *natural* phrasings (\`set timeout\`, \`local storage\`,
\`round corners css\`), *prefixes* cut short as they are typed (\`fetc\`, \`querySel\`), *typos* (\`flexbx\`,
\`lenght\`, \`querySeletor\`) and *several words* with filler words (\`how do I parse json\`,
\`array filter method\`). Each query was written from the corpus's titles as a developer would type it, before
any engine was run on it, with the page that answers it (or the pages that answer it equally, such as
\`HTMLDialogElement\` and \`<dialog>\` for \`dialog\`) and the reason in one line, in
\`bench/relevance/queries.ts\`; a test checks that every target is a document of the corpus.

A query succeeds at *k* when any of its targets is among the first *k* hits; *MRR@10* is the mean over the
queries of 1 / the rank of the first target in the top 10 (0 when none is there); *zero results* is the share
of queries that found nothing at all. The times are per query, from sending it to holding its ranked URLs: for
ours, the HTTP request to the service's process over loopback, JSON parsed; for the libraries, the search call
in the benchmark's process; for Pagefind, its runtime's search and the fragment files of the first 10 hits (as a
page loads them to show the results), fetched from a loopback server. Every engine first answers five words
outside the set, untimed.

**Tune and holdout.** In each class the 60% of the queries with the lowest SHA-256 of their text form the *tune*
set (${inSet('tune')} queries), the rest the *holdout* set (${inSet('holdout')}); a test checks the rule, so no query is
moved by hand. Ranking work looks at the tune set only
(\`npm run bench:relevance -- --engines ours --set tune --verbose\` lists its misses); the holdout figures check
that the gains hold on queries it never saw.

**What the widget sends.** Ours is searched as the widget searches: each query is typed into the widget's own
search controller with the widget's defaults, which builds and sends the requests, so the benchmark follows the
widget when they change (its settings below show the requests of this run). The other engines are ${relevance.packagesNote}, at pinned versions (${relevance.packages.map((p) => `\`${p}\``).join(', ')}),
never into this repository, and index the title and \`main_content\` of the same documents, with the settings
their documentation gives (the title boosted, prefix and typo matching where the engine has them):

${engines}

The targets: success@1 ≥ 0.75 and MRR@10 ≥ 0.80 over all queries, in every class an MRR@10 at least as high as
the best other engine's, and no typo query without results.

${s.relevance}

### Per class

${s.relevanceClasses}

### Ours on the tune and holdout sets

${s.relevanceSets}`;
}

export function method(results: Results, s: Record<string, string>, settings: Settings): string {
  const sizes = results.sizes.map(count).join(' and ');
  const restart = results.restart;
  return `# Benchmarks

Written by \`npm run bench${results.quick ? ' -- --quick' : ''}\` on ${results.date}, ${results.machine}.
${results.quick ? '\n**Quick mode**: 10,000 documents only, fewer queries and runs, short load steps, anchors only if already installed. Run `npm run bench` for the full figures.\n' : ''}
Every figure is from one run of the suite on one machine; times are medians (and
percentiles) of many samples, and the service, the browser and the load generator
run in separate processes on loopback. Other work on the machine shows in the times;
sizes are exact.

## Targets

${s.targets}

## Size

Our builds beside the anchors. The anchors are ${results.anchorsNote}, at pinned versions
(${settings.anchorPackages.map((p) => `\`${p}\``).join(', ')}), never into this repository.
Each row but our shipped files is a tiny entry that imports the package's search UI (and
its client where it has one) and keeps the imports alive without instantiating anything,
bundled and minified by esbuild with the same settings (IIFE, ES2020, browser,
\`NODE_ENV=production\`, no legal comments), with the stylesheet the package (or its
official theme) ships. Our script-tag build is the file a site owner loads, as Vite
builds it. Sizes in KiB; gzip level 9 and brotli quality 11 (Node's zlib); the last column
is how many times our script-tag build (JS + CSS, brotli) each one is.

${s.size}

## Typing

Chromium (headless) types ${settings.typingQueries} queries of one or two words from the
demo corpus's titles into the script-tag widget on a page, backed by the reference
service in its own process, at ${sizes} documents. Keys come 60–200 ms apart (seeded,
the same in every run) with about one typo in 25 keys typed and corrected with
Backspace; the field is cleared between queries. Nothing is added to the widget: an init
script wraps \`fetch\` to note when each request leaves, per endpoint, and whether the
widget aborted it before its answer (a cancelled request has reached the service all
the same, so it counts against the rate), and a MutationObserver notes each change of
the result list, timed at a task queued from the next animation frame (the paint).
*Requests per query* counts search requests while typing one query; suggestion requests
are counted apart. *Most requests in any second* is the peak over the whole run of the
requests of one endpoint sent within 1000 ms, cancelled ones included; the API allows 5.
A *stale paint* is a change of the list that shows the hits of a search older than the
latest one sent, or a list left showing anything but the last search's hits once typing
stops. *Widget time on top of the API* is, per query, from the last key to the final
results on screen for good (the list's last change), less the API's own time: the wait
from the last key to the search they answer leaving, plus that answer's arrival to the
paint; 0 when they stood on screen before the last key (an earlier term had the same
hits), and apart, the median over the queries whose final search changed the list. *Search sent → painted* is from the last search
request leaving to the list showing its hits, and apart, from that answer's arrival to
the paint (the widget's and the browser's share). Queries whose last answer changes
nothing on screen have no paint to time. The widget runs with its defaults (10 results, suggestions on).

Beside it, in the same run, Algolia Autocomplete (\`@algolia/autocomplete-js\` with its
classic theme) on the same kind of page, wired to the same service as a site owner would:
one source whose items are the \`/v1/search\` hits for the typed term (the widget's
parameters: 10 results, \`fuzzy=auto\`), fetched on every keystroke, with no pacing
added (Autocomplete has none of its own). Both pages get the same keys at the same pauses,
query by query in turn (the first one alternating), and are measured the same way.

${s.typing}

## Rendering

In Chromium, ${settings.renderRuns} runs each on a fresh page with the script-tag build:
\`SiteSearch.mount\` with 300 results a page and a value facet of up to 1,000 values,
then a search answered by a canned answer (real hits of the corpus with thumbnails and
highlights, and a facet of 1,000 values) served from loopback, so only the widget is
timed: from the answer's arrival to the 300 hits painted (split into the answer parsed
→ the hits in the DOM, and the DOM → the next frame painted; beside them the renderer's
main-thread CPU time from the search to that paint, CDP \`ThreadTime\`, which a busy
machine stretches less than the wall-clock times), then from a click on the
facet's "show more" to the 1,000 values painted. The main-thread time added by the
script tag is Chromium's own \`TaskDuration\` (and its script, style and layout parts)
from \`Performance.getMetrics\` after the page loads and the widget mounts, median of
${settings.renderRuns} loads of a page with the script tag minus the median of the same
page without it.

${s.rendering}

## Service

The reference service runs as a site owner runs it: \`site-search-server\`, compiled to
JavaScript (\`npm run build:server\`, which the benchmark runs first and which builds again
only when a file it is built from has changed), on Node in its own process, rate limit off. The corpus is the demo's ${count(8111)} documents followed by
variants of them (own ids and URLs, 10% of the words swapped for other words of the
corpus, one word added to the title), generated deterministically by
\`bench/corpusVariants.ts\`, and sent through the batch endpoint in bodies under 1 MB,
one request at a time; indexing time counts only the requests.

### Batch indexing

${s.indexing}

### Search latency

${settings.latencyQueries} words of the titles, each kind of query running the same
words one after another after a warm-up on the first 40; milliseconds from request sent to JSON
parsed in the client process, and the service's own \`processing_time_ms\`.
*Filtered* adds a field filter and a custom-field condition, *faceted* a value facet
and two range buckets, *fuzzy* \`fuzzy=true\`; *term only* turns the prefix match off;
*suggestions* asks \`/v1/suggest\` for the word's first four letters (no \`processing_time_ms\` there).

${s.latency}

### Memory

Resident set (VmRSS) of the service process and its peak (VmHWM), from \`/proc\`.

${s.memory}

### Restart to first answer

${restart ? `The service stopped (SIGTERM) and started again on its data folder of ${count(restart.documents)} documents, ${restart.result.runs.length} times: from spawning the process (Node on the compiled service) to the first search answered 200; the target is under 1 s. \`npm run bench:restart\` runs this step alone. Median **${restart.result.median.toFixed(0)} ms** (runs: ${restart.result.runs.map((r) => r.toFixed(0)).join(', ')} ms), of which spawn to listening (Node loading the service's modules, every page of the databases checked, the databases opening) ${restart.result.listening.map((r) => r.toFixed(0)).join(', ')} ms.` : 'Not measured.'}

### Load

${results.load ? `autocannon in the benchmark's process against the service's process over loopback, searches only (terms varied over the query words, with a value facet), ${results.load.seconds} s per step, ${count(results.load.documents)} documents. Times are of answers 200; answers 503 (the service shedding what it cannot take in time, overload.maxInFlight) are counted apart. \`npm run bench:service\` runs a mixed search-and-write load on a small index.\n\n${s.load}` : 'Not measured.'}

### Responsiveness under load

${results.overload ? `\`/health\` and term-only searches, one at a time from their own thread, while 64 connections send faceted searches and a stream of 1,000-document batches is indexed, ${results.overload.seconds} s, ${count(results.overload.documents)} documents; the target is a p99 under 50 ms. Times are of answers 200; answers 503 (the service shedding load, overload.maxInFlight) are counted apart. \`npx tsx bench/overload-load.ts\` runs this step alone.\n\n${s.overload}` : 'Not measured.'}

## Several nodes

${scaleMethod(results.scale ?? null, s.scale ?? '')}

## Relevance

${relevanceMethod(results.relevance, s)}
`;
}

/** How the several-nodes figures were made; then the table. */
export function scaleMethod(scale: Results['scale'], tableText: string): string {
  if (scale === null || scale === undefined) return 'Not measured.';
  const settings =
    scale.sharedBuffers === undefined
      ? 'default settings'
      : `\`shared_buffers\` ${scale.sharedBuffers} as docs/reference-service.md advises for indices this size (the SQLite engine caches 64 MB and maps 256 MB of its file), every other setting the default`;
  const connection =
    scale.connection === 'unix socket'
      ? ` The services reach PostgreSQL through its Unix socket, as a service on the database's own host does: over loopback TCP, some searches whose reply holds the pool's documents (about 200 kB at 100,000 documents) took 36–77 ms while their statements ran in under 4 ms (docs/reference-service.md).`
      : '';
  return `The service on a throw-away PostgreSQL cluster of this machine (\`initdb\`, fsync on, ${settings}) beside the service on
SQLite, both running, each with the same ${count(scale.documents)} documents of the corpus above indexed through one process's
batch endpoint, one import at a time.${connection} Once PostgreSQL's vacuum after the import has ended and a checkpoint is done,
${scale.seconds} s of 64 connections of faceted searches spread evenly over the processes (autocannon, one instance per process, run
at once; their throughputs add up, the percentiles are the worse process's), on SQLite, then PostgreSQL, then two PostgreSQL processes.
Term-only searches one at a time: with one process, the term-only row of the kinds below at full size (each word asked of both
engines in turn); with two, the first process's, over the words of the latency table after a warm-up pass. Then ${scale.visibility.length} times: a document written
through one process, and searched for through the other every few milliseconds until found. On a machine of two cores, PostgreSQL,
both service processes and the load generator share the same cores, so a second process cannot double the throughput here: it shows
what a second node costs and gives, not what it gives on a machine of its own. Last, the SQLite service alone with one reader thread
(\`--search-threads 1\`) and then with its default, one per core, each under ${scale.seconds} s of 32 connections of term-only searches
after a second of warm-up. \`npm run bench:scale\` runs this step alone.

${tableText}`;
}
