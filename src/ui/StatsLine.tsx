import { useSignal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import { safeLinkUrl } from '../core/safeUrl.ts';
import { format } from './messages.ts';
import { useSearchController } from './SearchContext.ts';
import { useWidget } from './WidgetContext.ts';

/**
 * How long the typing must pause before the count is announced. A screen reader reads a
 * polite region's change once it is done speaking: counts of every partial term would
 * queue up behind the visitor's own keys (five in 1.5 s for `promise all` typed at 130 ms a key).
 */
const QUIET_MS = 1000;

/**
 * "1,234 results (12 ms)", or "Showing 40 of 56 results" once "Show more results" has
 * added to the list. The count is shown as each answer is painted, and said in a polite
 * live region, in the DOM from the start (screen readers ignore live regions added
 * together with their text), once the typing has paused: a second after the term last
 * changed (or the widget started), at once after that (a page, a sort, a filter).
 * The timing is not said: a new timing alone announces nothing. While a newer search
 * runs, the count of the results kept on screen stays; "Searching…" when a search
 * stalls with no results on screen.
 */
export function StatsLine() {
  const { results, status, partial, page, limit, term } = useSearchController();
  const { m } = useWidget();
  const current = status.value;
  const response = current === 'idle' || current === 'error' ? null : results.value;
  const ms = response?.processing_time_ms ?? NaN;
  let count = current === 'stalled' && !response ? m.searching : '';
  // A rule's redirect with no hits is the answer (shown as a card): no "0 results" beside it.
  if (response && !(response.total_hits === 0 && safeLinkUrl(response.redirect))) {
    const total = Number.isFinite(response.total_hits) ? response.total_hits : response.hits.length;
    const shown = response.hits.length;
    // More hits than one page holds: pages were appended, so say how far the list goes.
    const appended = page.value > 1 && shown > limit && shown < total;
    count = appended ? format(m, m.showingOf, { shown, n: total }) : format(m, m.resultCount, { n: total });
  }
  const said = response && partial.value ? `${count} ${m.partialResults}` : count;
  // When the term last changed (a key, or the widget's start).
  const typedAt = useRef(0);
  const typed = term.value;
  useEffect(() => void (typedAt.current = Date.now()), [typed]);
  const live = useSignal('');
  useEffect(() => {
    const wait = said ? typedAt.current + QUIET_MS - Date.now() : 0;
    if (wait <= 0) {
      live.value = said;
      return;
    }
    const timer = setTimeout(() => (live.value = said), wait);
    return () => clearTimeout(timer);
  }, [said, typed]);
  return (
    <p class={count ? 'ss-stats' : 'ss-stats ss-stats-empty'} part="stats">
      {/* Shown at once; said below, once typing pauses. Isolated: in a right-to-left page, English words keep their order. */}
      <bdi aria-hidden="true">
        {count}
        {count && Number.isFinite(ms) && ` ${format(m, m.took, { ms: Math.round(ms) })}`}
      </bdi>
      <span role="status" class="ss-sr">
        {live}
      </span>
    </p>
  );
}
