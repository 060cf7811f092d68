import { format } from './messages.ts';
import { useSearchController } from './SearchContext.ts';
import { useWidget } from './WidgetContext.ts';

/**
 * "1,234 results (12 ms)", or "Showing 40 of 56 results" once "Show more results" has
 * added to the list. The count sits in a polite live region that is in the DOM from the
 * start (screen readers ignore live regions added together with their text); the timing
 * sits beside it, outside, so that a new timing alone announces nothing. The region's
 * text changes only when an answer is painted, or when a search stalls with no results
 * on screen ("Searching…"): while a newer search runs, the count of the results kept on
 * screen stays.
 */
export function StatsLine() {
  const { results, status, partial, page, limit } = useSearchController();
  const { m } = useWidget();
  const current = status.value;
  const response = current === 'idle' || current === 'error' ? null : results.value;
  const ms = response?.processing_time_ms ?? NaN;
  let count = current === 'stalled' && !response ? m.searching : '';
  if (response) {
    const total = Number.isFinite(response.total_hits) ? response.total_hits : response.hits.length;
    const shown = response.hits.length;
    // More hits than one page holds: pages were appended, so say how far the list goes.
    const appended = page.value > 1 && shown > limit && shown < total;
    count = appended ? format(m, m.showingOf, { shown, n: total }) : format(m, m.resultCount, { n: total });
  }
  // Read in render, so only this small component re-renders when they change.
  return (
    <p class="ss-stats" part="stats">
      <span role="status">
        {count}
        {/* Shown above the results; announced here, once, with the count. */}
        {response && partial.value && <span class="ss-sr"> {m.partialResults}</span>}
      </span>
      {Number.isFinite(ms) && ` ${format(m, m.took, { ms: Math.round(ms) })}`}
    </p>
  );
}
