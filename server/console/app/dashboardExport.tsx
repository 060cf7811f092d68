// "Export judged queries": the report's top searches with the pages clicked most after
// each, downloaded as a JSON file that `site-search eval` reads, a start for a relevance
// check in CI.
import { useState } from 'preact/hooks';
import type { StatsReport, StoredStatsEvent } from '../../../src/client/types.ts';
import { errorMessage, type OwnerApi } from './dashboardApi.ts';
import { judgedQueriesOf } from './judgedQueries.ts';

/** Events read a request: the most the events endpoint answers. */
const PAGE = 1000;

export function ExportJudgedQueries({ api, report }: { api: OwnerApi; report: StatsReport }) {
  const [state, setState] = useState<{ busy: boolean; text: string; failed: boolean }>({ busy: false, text: '', failed: false });

  const run = async () => {
    setState({ busy: true, text: 'Reading the clicks…', failed: false });
    try {
      // The events endpoint has no date filter: every stored event is read, a page at a time.
      const events: StoredStatsEvent[] = [];
      for (;;) {
        const page = await api.listEvents(events.length, PAGE);
        events.push(...page);
        if (page.length < PAGE) break;
      }
      const judged = judgedQueriesOf(
        report.topKeywords.map((k) => k.keyword),
        events,
        // The report's tag: null there is every event, '' only events without one.
        { from: report.from, to: report.to, tag: report.tag === null ? undefined : report.tag === '' ? null : report.tag },
      );
      if (judged.length === 0) {
        setState({ busy: false, text: 'Nothing to export: no top search of this range was followed by a click.', failed: false });
        return;
      }
      const name = `judged-queries-${report.from}-to-${report.to}.json`;
      download(name, `${JSON.stringify(judged, null, 2)}\n`);
      setState({
        busy: false,
        text: `Downloaded ${name}: ${judged.length} ${judged.length === 1 ? 'search' : 'searches'} with the pages clicked most. Check each before site-search eval uses it.`,
        failed: false,
      });
    } catch (error) {
      setState({ busy: false, text: `Not exported. ${errorMessage(error)}`, failed: true });
    }
  };

  return (
    <div class="dash-export">
      <button type="button" aria-disabled={state.busy} aria-describedby="dash-export-hint" onClick={() => !state.busy && void run()}>
        {state.busy ? 'Exporting…' : 'Export judged queries'}
      </button>
      <p id="dash-export-hint" class="dash-field-hint">
        A JSON file for <code>site-search eval</code>: each top search with the pages clicked most after it.
      </p>
      <p class={state.failed ? 'dash-problem' : 'dash-status'} role="status" aria-live="polite">
        {state.text}
      </p>
    </div>
  );
}

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The browser has the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
