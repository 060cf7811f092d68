/** The suite's results and the markdown they print as; pure, so the tables are tested. */
import type { ScaleResults } from './scale.ts';
import { addSizes, kib, type Size } from './bundleSize.ts';
import type { LatencyRow } from './searchLatency.ts';
import type { LoadRow } from './searchLoad.ts';
import type { IndexingStep, RestartResult } from './serviceBench.ts';
import type { RenderingResult } from './rendering.ts';
import { select, summarize, type Summary } from './relevance/metrics.ts';
import { QUERY_CLASSES, type QueryClass, type QuerySet, type RelevanceResults } from './relevance/types.ts';
import { EMBED_BUDGET_BYTES } from './sizeBudget.ts';
import { count, median, ms, ratio, table, verdict } from './stats.ts';
import { WIDGET, type TypingResult } from './typingBench.ts';
import type { OverloadResult } from './overloadLoad.ts';

export interface SizeRow {
  name: string;
  imports: string;
  js: Size | null;
  css: Size | null;
  note?: string;
  /** Why there is no figure. */
  missing?: string;
}

export interface Results {
  quick: boolean;
  date: string;
  machine: string;
  ours: SizeRow[];
  /** The script-tag build's first load, JS and CSS, the row anchors are compared with. */
  scriptTag: Size;
  /** What it loads later, when needed (`site-search.more.js`). */
  scriptTagLater: Size;
  anchors: SizeRow[];
  anchorsNote: string;
  sizes: number[];
  /** One column per size and typed page; `name` (the page's) is absent in older result files, which typed the widget alone. */
  typing: Array<{ documents: number; result: TypingResult; name?: string }>;
  latency: Array<{ documents: number; rows: LatencyRow[] }>;
  indexing: IndexingStep[];
  memory: Array<{ documents: number; rss: number; peak: number }>;
  restart: { documents: number; result: RestartResult } | null;
  load: { documents: number; seconds: number; rows: LoadRow[] } | null;
  /** `/health` and term-only searches timed while a faceted load and a batch stream run (overloadLoad.ts); optional so older result files still read. */
  overload?: { documents: number; seconds: number; result: OverloadResult } | null;
  rendering: RenderingResult | null;
  relevance: RelevanceResults | null;
  /** One and two processes on PostgreSQL beside one on SQLite (scale.ts); optional so older result files still read. */
  scale?: ScaleResults | null;
}

const mib = (bytes: number) => (Number.isFinite(bytes) ? (bytes / 1024 / 1024).toFixed(0) : '–');

export function sizeTable(results: Pick<Results, 'ours' | 'anchors' | 'scriptTag'>): string {
  const ours = results.scriptTag.brotli;
  const row = (r: SizeRow) => {
    if (r.js === null && r.css === null) return [r.name, r.imports, '–', '–', '–', '–', '–', r.missing ?? 'not measured'];
    const total = r.js === null ? r.css! : addSizes(r.js, r.css);
    return [
      r.name,
      r.imports,
      r.js === null ? '–' : kib(r.js.brotli),
      r.css === null ? '–' : kib(r.css.brotli),
      kib(total.raw),
      kib(total.gzip),
      `**${kib(total.brotli)}**`,
      [ratio(total.brotli, ours), r.note].filter(Boolean).join('; '),
    ];
  };
  return table(
    ['build', 'what the entry imports', 'JS brotli', 'CSS brotli', 'total raw', 'total gzip', 'total brotli', '× our script tag'],
    [...results.ours.map(row), ...results.anchors.map(row)],
    2,
  );
}

export function targetsTable(results: Results): string {
  const largest = (list: Array<{ documents: number }>) =>
    list.reduce<{ documents: number } | undefined>((a, b) => (a === undefined || b.documents > a.documents ? b : a), undefined);
  // The targets are the widget's: the pages typed beside it are for comparison.
  const typing = largest(results.typing.filter((t) => t.name === undefined || t.name === WIDGET.name)) as Results['typing'][number] | undefined;
  const latency = largest(results.latency) as Results['latency'][number] | undefined;
  const termOnly = latency?.rows.find((r) => r.kind === 'term only');
  const fuzzy = latency?.rows.find((r) => r.kind === 'fuzzy');
  const suggestions = latency?.rows.find((r) => r.kind === 'suggestions');
  const probes = results.overload?.result.probes ?? [];
  const at = (n: number | undefined) => (n === undefined ? '' : ` (${count(n)} documents)`);
  const rows: string[][] = [
    [
      'script-tag build, first load, JS + CSS, brotli',
      `${kib(results.scriptTag.brotli)} KiB`,
      verdict(results.scriptTag.brotli / 1024, EMBED_BUDGET_BYTES / 1024, 'KiB'),
    ],
    ['… with `site-search.more.js`, loaded when needed (facets, tracker)', `${kib(results.scriptTag.brotli + results.scriptTagLater.brotli)} KiB`, ''],
    [
      `most requests in any second, per endpoint, cancelled ones counted${at(typing?.documents)}`,
      typing ? peak(typing.result) : '–',
      verdict(typing ? highest(typing.result) : NaN, 5, ''),
    ],
    [
      `widget time on top of the API, last key → results painted, median${at(typing?.documents)}`,
      typing ? `${ms(typing.result.widgetMedian)} ms` : '–',
      verdict(typing?.result.widgetMedian ?? NaN, 100, 'ms'),
    ],
    // The median above counts 0 for a query whose results stood on screen before its last key;
    // judged over the queries that had to wait for new results, it says what a wait costs.
    [
      `… the same, over the queries whose final search changed the list${at(typing?.documents)}`,
      typing ? `${ms(typing.result.repaintedMedian)} ms` : '–',
      verdict(typing?.result.repaintedMedian ?? NaN, 100, 'ms'),
    ],
    [`stale paints${at(typing?.documents)}`, typing ? String(typing.result.stalePaints) : '–', verdict(typing?.result.stalePaints ?? NaN, 0, '')],
    [
      `search sent → results painted, p95${at(typing?.documents)}`,
      typing ? `${ms(typing.result.p95)} ms` : '–',
      verdict(typing?.result.p95 ?? NaN, 50, 'ms', '<'),
    ],
    [`service search p95, term only${at(latency?.documents)}`, termOnly ? `${ms(termOnly.p95)} ms` : '–', verdict(termOnly?.p95 ?? NaN, 20, 'ms', '<')],
    [`service search p95, fuzzy${at(latency?.documents)}`, fuzzy ? `${ms(fuzzy.p95)} ms` : '–', verdict(fuzzy?.p95 ?? NaN, 20, 'ms', '<')],
    [`suggestions p95${at(latency?.documents)}`, suggestions ? `${ms(suggestions.p95)} ms` : '–', verdict(suggestions?.p95 ?? NaN, 10, 'ms', '<')],
    // A probe the service mostly refused (503) has no p99 worth judging: it was not served.
    ...probes.map((probe) => [
      `${probe.kind} p99 under a faceted load and a batch stream${at(results.overload?.documents)}`,
      `${ms(probe.p99)} ms${probe.refused ? `, ${count(probe.refused)} of ${count(probe.requests)} refused (503)` : ''}`,
      probe.refused * 2 > probe.requests ? '**missed** (mostly refused)' : verdict(probe.p99, 50, 'ms', '<'),
    ]),
    [
      '300 hits with thumbnails and highlights, answer received → painted',
      results.rendering ? `${ms(results.rendering.hits300)} ms` : '–',
      verdict(results.rendering?.hits300 ?? NaN, 250, 'ms', '<'),
    ],
    [
      `restart to first answer${at(results.restart?.documents)}`,
      results.restart ? `${ms(results.restart.result.median)} ms` : '–',
      verdict(results.restart?.result.median ?? NaN, 1000, 'ms', '<'),
    ],
  ];
  if (results.scale) {
    const visible = median(results.scale.visibility);
    rows.push([`a write on one node searchable on another, median${at(results.scale.documents)}`, `${ms(visible)} ms`, verdict(visible, 1000, 'ms', '<')]);
  }
  if (results.relevance) rows.push(...relevanceTargets(results.relevance));
  const notes: string[] = [];
  if (results.sizes.every((n) => n < 100_000)) notes.push('The 100,000-document targets need the full run; this quick run stops at 10,000 documents.');
  return `${table(['target', 'measured', 'verdict'], rows, 1)}${notes.length ? `\n\n${notes.join(' ')}` : ''}`;
}

/** The highest of the endpoints' peaks; NaN when none was measured. */
function highest(result: TypingResult): number {
  const peaks = Object.values(result.peakPerSecond);
  return peaks.length ? Math.max(...peaks) : NaN;
}

/** `search 5, suggest 5`: the peak requests per second of each endpoint. */
function peak(result: TypingResult): string {
  return (
    Object.entries(result.peakPerSecond)
      .map(([endpoint, n]) => `${endpoint} ${n}`)
      .join(', ') || '–'
  );
}

export function typingTable(typing: Results['typing']): string {
  const header = [
    'measure',
    ...typing.map((t) => (t.name === undefined ? `${count(t.documents)} documents` : `${t.name}, ${count(t.documents)} documents`)),
    'target',
  ];
  const rows = [
    ['queries typed (keystrokes)', ...typing.map((t) => `${t.result.queries} (${t.result.keystrokes})`), ''],
    [
      'pauses between keys as the page saw them, median / p95 ms',
      ...typing.map((t) => `${ms(t.result.pauseMedian)} / ${ms(t.result.pauseP95)}`),
      '60–200 planned',
    ],
    ['… share of pauses of 200 ms or more (the request pace)', ...typing.map((t) => `${(t.result.pausesOverDebounce * 100).toFixed(1)}%`), ''],
    ['search requests per query', ...typing.map((t) => t.result.searchesPerQuery.toFixed(2)), ''],
    ['suggestion requests per query', ...typing.map((t) => t.result.suggestionsPerQuery.toFixed(2)), ''],
    [
      'requests cancelled per query (they reached the service), share of all',
      ...typing.map((t) => `${t.result.cancelledPerQuery.toFixed(2)} (${(t.result.cancelledShare * 100).toFixed(0)}%)`),
      '',
    ],
    ['most requests in any second, per endpoint', ...typing.map((t) => peak(t.result)), '≤ 5 each'],
    [
      'widget time on top of the API, last key → painted, median / p95 ms',
      ...typing.map((t) => `${ms(t.result.widgetMedian)} / ${ms(t.result.widgetP95)}`),
      '≤ 100 median',
    ],
    ['… median over the queries whose final search changed the list', ...typing.map((t) => ms(t.result.repaintedMedian)), ''],
    ['stale paints', ...typing.map((t) => String(t.result.stalePaints)), '0'],
    ['search sent → painted, median ms', ...typing.map((t) => ms(t.result.median)), ''],
    ['search sent → painted, p95 ms', ...typing.map((t) => ms(t.result.p95)), '< 50 at 100,000'],
    ['… of which answer arrived → painted, median ms', ...typing.map((t) => ms(t.result.afterAnswerMedian)), ''],
    ['… of which answer arrived → painted, p95 ms', ...typing.map((t) => ms(t.result.afterAnswerP95)), ''],
    ['queries whose last search changed nothing on screen', ...typing.map((t) => String(t.result.unchanged)), ''],
  ];
  return table(header, rows);
}

export function latencyTable(latency: Results['latency']): string {
  const header = ['query', ...latency.flatMap((l) => [`${count(l.documents)}: median`, 'p95', 'p99', 'service median'])];
  const kinds = latency[0]?.rows.map((r) => r.kind) ?? [];
  const rows = kinds.map((kind) => [
    kind,
    ...latency.flatMap((l) => {
      const r = l.rows.find((x) => x.kind === kind);
      return r ? [ms(r.median), ms(r.p95), ms(r.p99), ms(r.processing)] : ['–', '–', '–', '–'];
    }),
  ]);
  return table(header, rows);
}

export function indexingTable(steps: IndexingStep[]): string {
  return table(
    ['documents', 'seconds', 'documents/s'],
    steps.map((s) => [`${count(s.from)} → ${count(s.to)}`, s.seconds.toFixed(1), count(s.perSecond)]),
  );
}

export function memoryTable(memory: Results['memory']): string {
  return table(
    ['after indexing and searching', 'resident MiB', 'peak resident MiB'],
    memory.map((m) => [`${count(m.documents)} documents`, mib(m.rss), mib(m.peak)]),
  );
}

export function loadTable(load: NonNullable<Results['load']>): string {
  return table(
    ['connections', 'requests', 'answered 200 /s', 'p50 ms', 'p99 ms', '503', 'errors'],
    load.rows.map((r) => [String(r.connections), count(r.requests), count(r.throughput), ms(r.p50), ms(r.p99), count(r.refused), String(r.errors)]),
  );
}

export function renderingTable(r: RenderingResult): string {
  return table(
    ['measure', 'median ms'],
    [
      ['300 hits with thumbnails and highlights: answer parsed → in the DOM', ms(r.hits300Dom)],
      ['… in the DOM → the next frame painted', ms(r.hits300Paint)],
      ['300 hits with thumbnails and highlights: answer received → painted', ms(r.hits300)],
      ['… main-thread CPU time, search → painted', ms(r.hits300Cpu)],
      ['facet panel, 1,000 values: "show more" → painted', ms(r.facet1000)],
      ['main thread added by loading the script-tag build (all tasks)', ms(r.added.task)],
      ['… of which script', ms(r.added.script)],
      ['… of which style recalculation', ms(r.added.style)],
      ['… of which layout', ms(r.added.layout)],
    ],
  );
}

const share = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '–');
const percent = (x: number) => (Number.isFinite(x) ? `${(x * 100).toFixed(1)}%` : '–');
const figures = (f: Summary) => [share(f.success1), share(f.success3), share(f.mrr10), percent(f.zeroRate)];

/** Engines with figures, and the classes in which ours' MRR@10 is below the best other engine's. */
function classesBehind(relevance: RelevanceResults): { behind: QueryClass[]; compared: boolean } {
  const measured = relevance.engines.filter((e) => e.missing === undefined);
  const ours = measured.find((e) => e.name === 'ours');
  // Ours on another storage engine is not another engine.
  const others = measured.filter((e) => !e.name.startsWith('ours'));
  if (!ours || others.length === 0) return { behind: [], compared: false };
  const mrr = (outcomes: RelevanceResults['engines'][number]['outcomes'], c: QueryClass) => summarize(select(outcomes, 'all', c)).mrr10;
  return { behind: QUERY_CLASSES.filter((c) => others.some((e) => mrr(e.outcomes, c) > mrr(ours.outcomes, c))), compared: true };
}

export function relevanceTargets(relevance: RelevanceResults): string[][] {
  const ours = relevance.engines.find((e) => e.name === 'ours' && e.missing === undefined);
  const all = summarize(ours?.outcomes ?? []);
  const typoZero = ours ? ours.outcomes.filter((o) => o.class === 'typo' && o.urls.length === 0).length : Number.NaN;
  const { behind, compared } = classesBehind(relevance);
  const n = ours ? ` (${count(all.queries)} queries)` : '';
  return [
    [`relevance: success@1, ours${n}`, share(all.success1), verdict(all.success1, 0.75, '', '>=')],
    [`relevance: MRR@10, ours${n}`, share(all.mrr10), verdict(all.mrr10, 0.8, '', '>=')],
    [
      "relevance: classes where ours' MRR@10 is below the best other engine's",
      compared ? `${behind.length} of ${QUERY_CLASSES.length}${behind.length ? ` (${behind.join(', ')})` : ''}` : '–',
      verdict(compared ? behind.length : Number.NaN, 0, ''),
    ],
    ['relevance: typo queries without results, ours', ours ? String(typoZero) : '–', verdict(typoZero, 0, '')],
  ];
}

/** Per engine over the queries of `set`: the figures, and the query times. */
export function relevanceTable(relevance: RelevanceResults, set: QuerySet | 'all' = 'all'): string {
  const rows = relevance.engines.map((e) => {
    if (e.missing !== undefined) return [e.name, '–', '–', '–', '–', '–', '–', e.missing];
    const f = summarize(select(e.outcomes, set));
    return [e.name, count(f.queries), ...figures(f), ms(f.medianMs), ms(f.p95Ms)];
  });
  return table(['engine', 'queries', 'success@1', 'success@3', 'MRR@10', 'zero results', 'median ms', 'p95 ms'], rows);
}

/** Per class, each engine with figures. */
export function relevanceClassTable(relevance: RelevanceResults, set: QuerySet | 'all' = 'all'): string {
  const measured = relevance.engines.filter((e) => e.missing === undefined);
  const rows = QUERY_CLASSES.flatMap((c) =>
    measured.map((e) => {
      const f = summarize(select(e.outcomes, set, c));
      return [c, e.name, count(f.queries), ...figures(f)];
    }),
  );
  return table(['class', 'engine', 'queries', 'success@1', 'success@3', 'MRR@10', 'zero results'], rows, 2);
}

/** Ours on the tune set, the holdout set and both: whether what was tuned holds. */
export function relevanceSetsTable(relevance: RelevanceResults): string {
  const ours = relevance.engines.find((e) => e.name === 'ours' && e.missing === undefined);
  const rows = (['tune', 'holdout', 'all'] as const).map((set) => {
    const f = summarize(select(ours?.outcomes ?? [], set));
    return [`ours, ${set}`, count(f.queries), ...figures(f)];
  });
  return table(['queries', 'count', 'success@1', 'success@3', 'MRR@10', 'zero results'], rows);
}
