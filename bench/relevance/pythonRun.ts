/**
 * The judged queries on the Python documentation, every engine in one run, and ours'
 * search latency there beside the demo corpus's; with the BENCHMARKS.md section they
 * print as. The site is served on loopback for the run; the service crawls it.
 */
import { buildCorpus } from '../../demo/corpus/build.ts';
import { relevanceClassTable, relevanceSetsTable, relevanceTable } from '../report.ts';
import { count, ms, ratio, table } from '../stats.ts';
import { OURS_POSTGRES, type EngineSpec } from './engines/index.ts';
import { PAGEFIND_SITE_SETTINGS } from './engines/pagefind.ts';
import { measureRelevance } from './measure.ts';
import { summarize } from './metrics.ts';
import { PYTHON_QUERIES } from './pythonQueries.ts';
import { lengthSummary, PYTHON_DOCS_MISSING, pythonDocsFolder, serveSite, siteDocuments } from './pythonSite.ts';
import { QUERIES } from './queries.ts';
import { QUERY_CLASSES, type RelevanceResults } from './types.ts';

export interface PythonRun {
  results: RelevanceResults;
  /** The pages' count and lengths, as the crawler reads them. */
  lengths: string;
  /** Ours on the demo corpus in the same run, for the latency ratio; null when ours was not run. */
  demo: RelevanceResults | null;
}

export interface PythonOptions {
  engines: readonly EngineSpec[];
  repo: string;
  install: boolean;
  log: (line: string) => void;
  /** Ours' run on the demo corpus when the caller made one already (`npm run bench`); else it is made here. */
  demo?: RelevanceResults;
  /** Where the documentation is; the Debian package's folder unless a test says otherwise. */
  folder?: string;
}

/** The run, or why there is none (the documentation is not installed): never a failure for that. */
export async function measurePython(options: PythonOptions): Promise<PythonRun | { missing: string }> {
  const { engines, repo, install, log } = options;
  const folder = pythonDocsFolder(options.folder);
  if (folder === null) {
    log(PYTHON_DOCS_MISSING);
    return { missing: PYTHON_DOCS_MISSING };
  }
  const site = await serveSite(folder);
  try {
    const docs = siteDocuments(site);
    const lengths = lengthSummary(docs);
    log(`Python documentation: ${lengths}, served at ${site.origin}`);
    const results = await measureRelevance({ docs, queries: PYTHON_QUERIES, engines, repo, install, log, site });
    const ours = engines.filter((e) => e.key === 'ours');
    let demo = options.demo ?? null;
    if (demo === null && ours.length > 0) {
      log('ours on the demo corpus, for the latency beside it');
      demo = await measureRelevance({ docs: buildCorpus({ thumbBase: 'http://127.0.0.1' }), queries: QUERIES, engines: ours, repo, install: false, log });
    }
    return { results, lengths, demo };
  } finally {
    await site.close();
  }
}

/** Ours' query times on each corpus, and the ratio of the p95s (on each storage engine run). */
export function corpusLatencyTable(run: PythonRun): string {
  const times = (results: RelevanceResults | null, name: string) => {
    const ours = results?.engines.find((e) => e.name === name && e.missing === undefined);
    return ours === undefined ? null : { documents: results!.documents, f: summarize(ours.outcomes) };
  };
  const names = run.results.engines.filter((e) => e.name.startsWith('ours') && e.missing === undefined).map((e) => e.name);
  const rows: string[][] = [];
  const ratios: string[] = [];
  for (const name of names.length > 0 ? names : ['ours']) {
    const demo = times(run.demo, name);
    const python = times(run.results, name);
    const label = name === 'ours' ? '' : ` (${name})`;
    const row = (corpus: string, t: ReturnType<typeof times>) =>
      t === null ? [`${corpus}${label}`, '–', '–', '–', '–'] : [`${corpus}${label}`, count(t.documents), count(t.f.queries), ms(t.f.medianMs), ms(t.f.p95Ms)];
    rows.push(row('demo corpus', demo), row('Python documentation', python));
    const over = (pick: (f: ReturnType<typeof summarize>) => number) => (demo !== null && python !== null ? ratio(pick(python.f), pick(demo.f)) : '–');
    ratios.push(`The Python documentation's times over the demo corpus's${label}: p50 ${over((f) => f.medianMs)}, **p95 ${over((f) => f.p95Ms)}**.`);
  }
  return `${table(['corpus', 'documents', 'queries', 'ours p50 ms', 'ours p95 ms'], rows)}\n\n${ratios.join('\n')}`;
}

/** How each engine was given the site. */
function engineNotes(results: RelevanceResults): string {
  return results.engines
    .map((e) => {
      if (e.name === OURS_POSTGRES) return `- **${OURS_POSTGRES}**: as ours, with the service's indices in PostgreSQL (\`--database-url\`, a new database).`;
      if (e.name === 'ours')
        return "- **ours**: the reference service in its own process; the site crawled by a crawl job of the service from its start page (`POST /v2/indices/{key}/crawls`: links followed, the site's `/sitemap.xml` read, pages read as the crawler reads them with the blocks repeated across the site left out, a folder's `index.html` indexed as the folder's URL and judged as the file), then searched exactly as on the demo corpus (the widget's search controller and client, `collectAnalytics=false`).";
      if (e.name === 'Pagefind') return `- **Pagefind**: ${PAGEFIND_SITE_SETTINGS}.`;
      return `- **${e.name}**: given the pages as the crawler reads them (the same title and text ours indexes); ${e.settings}.`;
    })
    .join('\n');
}

/** The `## Relevance on the Python documentation` section of BENCHMARKS.md. */
export function pythonSection(run: PythonRun | { missing: string }, date: string, command: string): string {
  const heading = '## Relevance on the Python documentation';
  if ('missing' in run) return `${heading}\n\nNot measured: ${run.missing}.\n`;
  const { results } = run;
  const held = PYTHON_QUERIES.filter((q) => q.set === 'holdout').length;
  const perClass = QUERY_CLASSES.map((c) => `${PYTHON_QUERIES.filter((q) => q.class === c).length} ${c}`).join(', ');
  const missing = results.engines.filter((e) => e.missing !== undefined);
  return `${heading}

*From \`${command}\` on ${date}.*

A second corpus, real and long, for ranking work that must hold on sites it was not tuned on: the Python 3.11
documentation as Debian's \`python3-doc\` installs it (\`/usr/share/doc/python3-doc/html\`; without the package
the bench says what to install and skips this corpus). The bench serves the folder on loopback with a static
server and a sitemap of every HTML page it holds (the generated index pages and the table of contents
included, as a crawl of the site would reach them): ${run.lengths}, as the crawler reads them.

${count(PYTHON_QUERIES.length)} judged queries (${perClass}) in \`bench/relevance/pythonQueries.ts\`, written as a Python
developer types them, each with its target pages chosen by reading them and a one-line reason; a test checks
that every target is a page of the corpus. Targets are paths (\`/library/os.path.html\`), since the origin's
port is the run's own. The metrics are those of the demo corpus's section below. **Held out**: every third
query of each class in file order (${held} queries), marked before any engine was run on the set; no ranking
change may be tuned on them (a test checks the rule).

How each engine gets the site:

${engineNotes(results)}
${missing.length > 0 ? `\n${missing.map((e) => `${e.name}: ${e.missing}.`).join('\n')}\n` : ''}
### All queries

${relevanceTable(results)}

### Held-out third

${relevanceTable(results, 'holdout')}

### Per class

${relevanceClassTable(results)}

### Ours on the tune and held-out queries

${relevanceSetsTable(results)}

### Search latency beside the demo corpus

Ours' query times over the judged queries of each corpus, in the same run, each searched as the widget
searches (the demo corpus's ${count(QUERIES.length)} queries on its documents, the Python set on the crawled site).
The milliseconds depend on the machine and what else runs on it; the ratio, from one run, is the figure to follow.

${run.demo === null ? 'Not measured (ours was not run).' : corpusLatencyTable(run)}
`;
}
