// The analytics page of the dashboard: the reference service's stats report for a date
// range, as figures, two charts (each with a table as its accessible twin) and tables.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { StatsReport, StatsReportCounts } from '../../../src/client/types.ts';
import { errorMessage, type OwnerApi } from './dashboardApi.ts';
import { dailyChart, palette, positionLabel, positionsChart, type DrawnChart } from './dashboardCharts.ts';
import { lastDays, longDay, presetOf, rangeProblem } from './dashboardDates.ts';
import { Table } from './dashboardParts.tsx';
import { ExportJudgedQueries } from './dashboardExport.tsx';
import { LowClickKeywords } from './dashboardLowClicks.tsx';
import { ProposalsSection } from './dashboardProposals.tsx';
import { hashOf } from './dashboardRoute.ts';
import { LoadFailed } from './loadState.tsx';

const PRESETS = [7, 30, 90] as const;
const MAX_DAYS = 366;
const ALL_TAGS = '*';

const number = new Intl.NumberFormat('en');
const percent = new Intl.NumberFormat('en', { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
const decimal = new Intl.NumberFormat('en', { maximumFractionDigits: 1, minimumFractionDigits: 1 });

interface Selection {
  from: string;
  to: string;
  /** `*`: every tag; '': events without one. */
  tag: string;
}

type Load = { state: 'loading'; report: StatsReport | null } | { state: 'ready'; report: StatsReport } | { state: 'error'; message: string };

function initialSelection(): Selection {
  const query = new URLSearchParams(location.search);
  const range = { from: query.get('from') ?? '', to: query.get('to') ?? '' };
  return {
    ...(rangeProblem(range, MAX_DAYS) === null ? range : lastDays(30, Date.now())),
    tag: query.get('tag') ?? ALL_TAGS,
  };
}

/** The stats report for a date range and a tag. */
export function ReportPage({ api }: { api: OwnerApi }) {
  const [selection, setSelection] = useState<Selection>(initialSelection);
  const [draft, setDraft] = useState({ from: selection.from, to: selection.to });
  const [load, setLoad] = useState<Load>({ state: 'loading', report: null });
  const [tags, setTags] = useState<Array<string | null>>([]);
  const [attempt, setAttempt] = useState(0);
  const problem = rangeProblem(draft, MAX_DAYS);

  useEffect(() => {
    // A newer selection aborts the request of the older one, so no stale report lands.
    const controller = new AbortController();
    setLoad((previous) => ({ state: 'loading', report: previous.state === 'error' ? null : previous.report }));
    const url = new URL(location.href);
    // The dates and the tag, beside what else the address holds (the index).
    url.searchParams.set('from', selection.from);
    url.searchParams.set('to', selection.to);
    if (selection.tag === ALL_TAGS) url.searchParams.delete('tag');
    else url.searchParams.set('tag', selection.tag);
    history.replaceState(null, '', url);
    api
      .getStatsReport(
        { from: selection.from, to: selection.to, ...(selection.tag === ALL_TAGS ? {} : { tag: selection.tag }), limit: 15 },
        { signal: controller.signal },
      )
      .then(
        (report) => {
          setLoad({ state: 'ready', report });
          // The tag choices come from the report of every tag; a filtered report lists only its own.
          if (selection.tag === ALL_TAGS) setTags(report.tags.map((t) => t.tag));
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setLoad({ state: 'error', message: errorMessage(error) });
        },
      );
    return () => controller.abort();
  }, [selection, attempt]);

  const apply = (range: { from: string; to: string }) => {
    setDraft(range);
    if (rangeProblem(range, MAX_DAYS) === null) setSelection((s) => ({ ...s, ...range }));
  };
  const activePreset = presetOf(selection, PRESETS, Date.now());
  // A tag from the address is a choice even before a report of every tag has listed it.
  const chosenTag = selection.tag === ALL_TAGS ? undefined : selection.tag === '' ? null : selection.tag;
  const tagChoices = chosenTag === undefined || tags.includes(chosenTag) ? tags : [...tags, chosenTag];
  const report = load.state === 'error' ? null : load.report;

  return (
    <>
      <form
        class="dash-controls"
        aria-label="Report range"
        onSubmit={(event) => {
          event.preventDefault();
          apply(draft);
        }}
      >
        <div class="dash-presets" role="group" aria-label="Quick ranges">
          {PRESETS.map((days) => (
            <button type="button" key={days} class="dash-preset" aria-pressed={activePreset === days} onClick={() => apply(lastDays(days, Date.now()))}>
              Last {days} days
            </button>
          ))}
        </div>
        <div class="dash-fields">
          <label class="dash-field">
            <span>From</span>
            <input
              type="date"
              value={draft.from}
              max={draft.to || undefined}
              required
              aria-describedby={problem === null ? undefined : 'dash-range-problem'}
              aria-invalid={problem !== null}
              onChange={(e) => apply({ ...draft, from: e.currentTarget.value })}
            />
          </label>
          <label class="dash-field">
            <span>To</span>
            <input
              type="date"
              value={draft.to}
              min={draft.from || undefined}
              required
              aria-describedby={problem === null ? undefined : 'dash-range-problem'}
              aria-invalid={problem !== null}
              onChange={(e) => apply({ ...draft, to: e.currentTarget.value })}
            />
          </label>
          <label class="dash-field">
            <span>Source (tag)</span>
            <select value={selection.tag} onChange={(e) => setSelection((s) => ({ ...s, tag: e.currentTarget.value }))}>
              <option value={ALL_TAGS}>All sources</option>
              {tagChoices.map((tag) => (
                <option key={tag ?? ''} value={tag ?? ''}>
                  {tag ?? 'No tag'}
                </option>
              ))}
            </select>
          </label>
        </div>
        {problem !== null && (
          <p id="dash-range-problem" class="dash-problem" role="alert">
            {problem}
          </p>
        )}
      </form>

      <p class="dash-status" role="status" aria-live="polite">
        {load.state === 'loading'
          ? 'Loading the report…'
          : load.state === 'ready'
            ? `Showing ${longDay(load.report.from)} to ${longDay(load.report.to)} (UTC).`
            : ''}
      </p>

      {load.state === 'error' && <LoadFailed what="The report" message={load.message} retry={() => setAttempt((n) => n + 1)} />}

      <ProposalsSection api={api} />

      {report !== null && (
        <div class="dash-report" aria-busy={load.state === 'loading'}>
          {report.totals.searches === 0 && report.totals.clicks === 0 ? (
            <p class="dash-empty">
              No searches or clicks between {longDay(report.from)} and {longDay(report.to)}
              {report.tag === null ? '' : ` with this tag`}. Try a longer range.
            </p>
          ) : (
            <ReportView api={api} report={report} />
          )}
        </div>
      )}
    </>
  );
}

function ReportView({ api, report }: { api: OwnerApi; report: StatsReport }) {
  const { totals } = report;
  const busiest = report.days.reduce((a, b) => (b.searches > a.searches ? b : a), report.days[0]!);
  const topPosition = report.positions.reduce((a, b) => (b.clicks > a.clicks ? b : a), report.positions[0]!);
  return (
    <>
      <section aria-labelledby="dash-summary">
        <h2 id="dash-summary" class="dash-heading">
          Summary
        </h2>
        <dl class="dash-figures">
          <Figure label="Searches" value={number.format(totals.searches)} />
          <Figure
            label="No-hit searches"
            value={number.format(totals.noHitSearches)}
            note={totals.searches === 0 ? undefined : `${percent.format(totals.noHitSearches / totals.searches)} of searches`}
          />
          <Figure label="Clicks" value={number.format(totals.clicks)} />
          <Figure label="Click-through rate" value={rate(totals)} note="searches followed by a click" />
          <Figure
            label="Mean click position"
            value={totals.meanClickPosition === null ? '–' : decimal.format(totals.meanClickPosition)}
            note="1 is the top result"
          />
        </dl>
      </section>

      <div class="dash-grid">
        <section class="dash-card dash-wide" aria-labelledby="dash-daily">
          <h2 id="dash-daily" class="dash-heading">
            Searches and clicks per day
          </h2>
          <ChartCanvas
            draw={(canvas, colours) => dailyChart(canvas, report, colours)}
            deps={report}
            label={`Bar chart of searches per day with a line of clicks, ${report.days.length} days; the busiest day was ${longDay(busiest.date)} with ${number.format(busiest.searches)} searches. The table below has every day.`}
          />
          <details class="dash-twin">
            <summary>Searches per day as a table</summary>
            <Table
              caption="Searches and clicks per day (UTC)"
              head={['Day', 'Searches', 'No-hit searches', 'Clicks', 'Click-through rate']}
              rows={report.days.map((d) => [
                <span class="dash-date">{d.date}</span>,
                number.format(d.searches),
                number.format(d.noHitSearches),
                number.format(d.clicks),
                rate(d),
              ])}
            />
          </details>
        </section>

        <section class="dash-card" aria-labelledby="dash-positions">
          <h2 id="dash-positions" class="dash-heading">
            Clicks by result position
          </h2>
          <ChartCanvas
            draw={(canvas, colours) => positionsChart(canvas, report, colours)}
            deps={report}
            label={`Bar chart of clicks by position, 1 to 10 and 11 or lower; most clicks (${number.format(topPosition.clicks)}) went to position ${positionLabel(topPosition)}. The table below has every bar.`}
          />
          <details class="dash-twin">
            <summary>Clicks by position as a table</summary>
            <Table
              caption="Clicks by result position"
              head={['Position', 'Clicks']}
              rows={report.positions.map((p) => [p.to === null ? `${p.from} or lower` : String(p.from), number.format(p.clicks)])}
            />
          </details>
        </section>

        <section class="dash-card" aria-labelledby="dash-tags">
          <h2 id="dash-tags" class="dash-heading">
            By source (tag)
          </h2>
          <Table
            caption="Searches and clicks by analytics tag"
            fold
            head={['Tag', 'Searches', 'Clicks', 'Click-through rate']}
            rows={report.tags.map((t) => [t.tag ?? 'No tag', number.format(t.searches), number.format(t.clicks), rate(t)])}
            empty="No tags in this range."
          />
        </section>

        <section class="dash-card" aria-labelledby="dash-keywords">
          <h2 id="dash-keywords" class="dash-heading">
            Top keywords
          </h2>
          <Table
            caption="Most searched keywords"
            fold
            head={['Keyword', 'Searches', 'No hits', 'Clicks', 'Click-through rate']}
            rows={report.topKeywords.map((k) => [
              keyword(k.keyword),
              number.format(k.searches),
              number.format(k.noHitSearches),
              number.format(k.clicks),
              rate(k),
            ])}
            empty="No searches in this range."
          />
          {report.topKeywords.length > 0 && <ExportJudgedQueries api={api} report={report} />}
        </section>

        <section class="dash-card" aria-labelledby="dash-no-hits">
          <h2 id="dash-no-hits" class="dash-heading">
            Keywords without results
          </h2>
          <p class="dash-hint">Content to write, or a fix: a rule that pins a page or sends the visitor to one, or a synonym with words the index knows.</p>
          <Table
            caption="Keywords with the most no-hit searches"
            fold
            head={['Keyword', 'No-hit searches', 'Fix']}
            numeric={(column) => column === 1}
            rows={report.noHitKeywords.map((k) => [
              keyword(k.keyword),
              number.format(k.noHitSearches),
              k.keyword === '' ? '' : <FixActions keyword={k.keyword} />,
            ])}
            empty="Every search found something."
          />
        </section>

        <LowClickKeywords api={api} keywords={report.lowClickKeywords} />

        <section class="dash-card dash-wide" aria-labelledby="dash-documents">
          <h2 id="dash-documents" class="dash-heading">
            Most clicked documents
          </h2>
          <Table
            caption="Documents clicked most often in results"
            fold
            head={['Document', 'Clicks']}
            rows={report.topDocuments.map((d) => [
              d.url !== null && /^https?:\/\//.test(d.url) ? (
                <a href={d.url}>{d.title ?? d.docid}</a>
              ) : (
                (d.title ?? <span class="dash-muted">{d.docid} (no longer indexed)</span>)
              ),
              number.format(d.clicks),
            ])}
            empty="No clicks in this range."
          />
        </section>

        <section class="dash-card dash-wide" aria-labelledby="dash-boosts">
          <h2 id="dash-boosts" class="dash-heading">
            Raised by clicks
          </h2>
          <p class="dash-hint">
            Documents that visitors' clicks raise now for the top keywords, and from how many networks (IPv4 /24, IPv6 /48) the clicks came: few networks behind
            a boost may be one party steering it.
          </p>
          <Table
            caption="Click boosts of the top keywords, with the address groups behind each"
            head={['Keyword', 'Document', 'Score ×', 'Networks', 'Moves at most']}
            numeric={(column) => column >= 2}
            rows={report.clickBoosts.map((b) => [
              keyword(b.keyword),
              b.url !== null && /^https?:\/\//.test(b.url) ? (
                <a href={b.url}>{b.title ?? b.docid}</a>
              ) : (
                (b.title ?? <span class="dash-muted">{b.docid} (no longer indexed)</span>)
              ),
              b.boost.toFixed(2),
              number.format(b.groups),
              b.maxPlaces === null ? 'any places' : `${number.format(b.maxPlaces)} places`,
            ])}
            empty="Clicks raise no document for these keywords."
          />
        </section>
      </div>
    </>
  );
}

/** A rule for exactly this search (pin a page, or send the visitor to one), or a synonym for it; each opens its editor prefilled, nothing is saved. */
function FixActions({ keyword: words }: { keyword: string }) {
  return (
    <span class="dash-actions">
      <a href={hashOf({ page: 'rule', id: null, when: words })} aria-label={`Fix “${words}” with a rule`}>
        Fix
      </a>
      <a href={hashOf({ page: 'synonyms', add: words })} aria-label={`Add a synonym for “${words}”`}>
        Add synonym
      </a>
    </span>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note?: string | undefined }) {
  return (
    <div class="dash-figure">
      <dt>{label}</dt>
      <dd>
        <span class="dash-figure-value">{value}</span>
        {note !== undefined && <span class="dash-figure-note">{note}</span>}
      </dd>
    </div>
  );
}

/**
 * A chart on a canvas, named for assistive technology by `label` (its table twin has
 * the numbers). Redrawn when the report or the colour scheme changes.
 */
function ChartCanvas({
  draw,
  deps,
  label,
}: {
  draw: (canvas: HTMLCanvasElement, colours: ReturnType<typeof palette>) => DrawnChart;
  deps: unknown;
  label: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [scheme, setScheme] = useState(0);
  useEffect(() => {
    const dark = matchMedia('(prefers-color-scheme: dark)');
    const changed = () => setScheme((n) => n + 1);
    dark.addEventListener('change', changed);
    return () => dark.removeEventListener('change', changed);
  }, []);
  useEffect(() => {
    if (canvas.current === null) return;
    const chart = draw(canvas.current, palette(canvas.current.parentElement ?? document.body));
    return () => chart.destroy();
  }, [deps, scheme]);
  return (
    <div class="dash-chart">
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}

function rate(counts: StatsReportCounts): string {
  return counts.clickThroughRate === null ? '–' : percent.format(counts.clickThroughRate);
}

function keyword(text: string) {
  return text === '' ? <span class="dash-muted">(empty search)</span> : text;
}
