/** BENCHMARKS.md: the tables with the method of each written beside them. */
import { count } from './stats.ts';
import type { Results } from './report.ts';

export interface Settings {
  latencyQueries: number;
  typingQueries: number;
  renderRuns: number;
  loadSeconds: number;
  restarts: number;
  anchorPackages: readonly string[];
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
script wraps \`fetch\` to note when each search request leaves (the end of the debounce)
and a MutationObserver notes each change of the result list, timed at a task queued
from the next animation frame (the paint). *Requests per query* counts search requests
while typing one query; suggestion requests are counted apart. A *stale paint* is a
change of the list that shows the hits of a search older than the latest one sent, or
a list left showing anything but the last search's hits once typing stops.
*Debounce end → painted* is from the last search request leaving to the list showing its
hits, and apart, from that answer's arrival to the paint (the widget's and the
browser's share). Queries whose last answer changes nothing on screen have no paint
to time. The widget runs with its defaults (10 results, suggestions on).

${s.typing}

## Rendering

In Chromium, ${settings.renderRuns} runs each on a fresh page with the script-tag build:
\`SiteSearch.mount\` with 300 results a page and a value facet of up to 1,000 values,
then a search answered by a canned answer (real hits of the corpus with thumbnails and
highlights, and a facet of 1,000 values) served from loopback, so only the widget is
timed: from the answer's arrival to the 300 hits painted, then from a click on the
facet's "show more" to the 1,000 values painted. The main-thread time added by the
script tag is Chromium's own \`TaskDuration\` (and its script, style and layout parts)
from \`Performance.getMetrics\` after the page loads and the widget mounts, median of
${settings.renderRuns} loads of a page with the script tag minus the median of the same
page without it.

${s.rendering}

## Service

The reference service runs as \`server/main.ts\` (the CLI a site owner runs) in its own
process, rate limit off. The corpus is the demo's ${count(8111)} documents followed by
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
and two range buckets, *fuzzy* \`fuzzy=true\`; *term only* turns the prefix match off.

${s.latency}

### Memory

Resident set (VmRSS) of the service process and its peak (VmHWM), from \`/proc\`.

${s.memory}

### Restart to first answer

${restart ? `The service stopped (SIGTERM) and started again on its data folder of ${count(restart.documents)} documents, ${restart.result.runs.length} times: from spawning the process (Node and its TypeScript loader included) to the first search answered 200. Median **${restart.result.median.toFixed(0)} ms** (runs: ${restart.result.runs.map((r) => r.toFixed(0)).join(', ')} ms), of which spawn to listening (Node, the TypeScript loader compiling the service, the databases opening) ${restart.result.listening.map((r) => r.toFixed(0)).join(', ')} ms.` : 'Not measured.'}

### Load

${results.load ? `autocannon in the benchmark's process against the service's process over loopback, searches only (terms varied over the query words, with a value facet), ${results.load.seconds} s per step, ${count(results.load.documents)} documents. \`npm run bench:service\` runs a mixed search-and-write load on a small index.\n\n${s.load}` : 'Not measured.'}
`;
}
