import { format } from './messages.ts';
import { useSearchController } from './SearchContext.ts';
import { useWidget } from './WidgetContext.ts';

/**
 * "1,234 results (12 ms)". A polite live region that is in the DOM from the start
 * (screen readers ignore live regions added together with their text), whose text
 * changes only when an answer is painted or the search stalls.
 */
export function StatsLine() {
  const { results, status } = useSearchController();
  const { m } = useWidget();
  const current = status.value;
  const response = results.value;
  let message = '';
  if (current === 'stalled') message = m.searching;
  else if (current !== 'idle' && current !== 'error' && response) {
    const total = Number.isFinite(response.total_hits) ? response.total_hits : response.hits.length;
    const label = format(m, m.resultCount, { n: total });
    const ms = response.processing_time_ms;
    message = Number.isFinite(ms) ? `${label} ${format(m, m.took, { ms: Math.round(ms) })}` : label;
  }
  // Read in render, so only this small component re-renders when they change.
  return (
    <p class="ss-stats" part="stats" role="status">
      {message}
    </p>
  );
}
