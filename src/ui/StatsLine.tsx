import { format } from './messages.ts';
import { useSearchController } from './SearchContext.ts';
import { useWidget } from './WidgetContext.ts';

/**
 * "1,234 results (12 ms)". A polite live region that is in the DOM from the start
 * (screen readers ignore live regions added together with their text), whose text
 * changes only when an answer is painted, or when a search stalls with no results on
 * screen ("Searching…"). While a newer search runs, it keeps the count of the results
 * kept on screen: nothing is announced until the answer.
 */
export function StatsLine() {
  const { results, status, partial } = useSearchController();
  const { m } = useWidget();
  const current = status.value;
  const response = current === 'idle' || current === 'error' ? null : results.value;
  const ms = response?.processing_time_ms ?? NaN;
  const message = response
    ? format(m, m.resultCount, { n: Number.isFinite(response.total_hits) ? response.total_hits : response.hits.length }) +
      (Number.isFinite(ms) ? ` ${format(m, m.took, { ms: Math.round(ms) })}` : '')
    : current === 'stalled'
      ? m.searching
      : '';
  // Read in render, so only this small component re-renders when they change.
  return (
    <p class="ss-stats" part="stats" role="status">
      {message}
      {/* Shown above the results; announced here, once, with the count. */}
      {response && partial.value && <span class="ss-sr"> {m.partialResults}</span>}
    </p>
  );
}
