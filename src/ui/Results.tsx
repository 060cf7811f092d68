import { safeLinkUrl } from '../core/safeUrl.ts';
import { useSearchController } from './SearchContext.ts';
// The script-tag build swaps this for src/embed/lazyResultParts.tsx (vite.config.ts).
import { EmptyState } from './EmptyState.tsx';
import { ErrorState } from './ErrorState.tsx';
import { Heading } from './Heading.tsx';
import { dateFormat } from './messages.ts';
import { resultItem, type ResultContext } from './ResultItem.tsx';
import { useWidget } from './WidgetContext.ts';

/**
 * The result list and its states. While a newer search runs, the previous list (or
 * "no results") stays on screen, marked busy for assistive technology, and once the
 * answer is slow (stalled) greyed as updating, so the results never jump while the
 * user types. Skeletons only when a search has stalled with nothing to show yet (hidden
 * from assistive technology, for which the stats line says "Searching…"); an error
 * with Retry.
 */
export function Results() {
  const { results, resultsTerm, status, error, retry, partial } = useSearchController();
  const { m, config, suggestions } = useWidget();
  const current = status.value;
  const response = results.value;

  if (current === 'error') return <ErrorState error={error.value} onRetry={retry} />;
  if (current === 'stalled' && !response) {
    return (
      <div class="ss-skeletons" aria-hidden="true">
        {[0, 1, 2].map((row) => (
          <div class="ss-skeleton" key={row}>
            <div class="ss-skeleton-thumb" />
            <div class="ss-skeleton-lines">
              <div class="ss-skeleton-line ss-skeleton-title" />
              <div class="ss-skeleton-line ss-skeleton-short" />
              <div class="ss-skeleton-line" />
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (current === 'idle' || !response) return null;
  // Loading or stalled: a newer search runs.
  const busy = current !== 'done';
  const updating = current === 'stalled';
  const term = resultsTerm.value;
  // A rule's redirect with no hits is the answer: the empty state shows it instead of its advice.
  if (!response.hits.length) return <EmptyState term={term} busy={busy} updating={updating} redirect={safeLinkUrl(response.redirect)} />;
  const shared: ResultContext = {
    term,
    m,
    fields: config.fields,
    heading: `h${Math.min(6, (config.headingLevel ?? 2) + 1)}` as ResultContext['heading'],
    date: dateFormat(m),
  };
  // A result's link opened with the primary button (also Enter) or, in a new tab, the middle
  // one (not the right): the search found something worth keeping. One listener for the whole list.
  const opened = (event: MouseEvent) => {
    if (event.button < 2 && (event.target as Element).closest?.('.ss-hit-link, .ss-section-link')) suggestions?.remember(resultsTerm.peek());
  };

  return (
    <>
      {/* For screen readers to jump to by heading; the list's own name says the rest. */}
      <Heading class="ss-sr">{m.resultsHeading}</Heading>
      {partial.value && (
        <p class="ss-notice">
          {/* Isolated: in a right-to-left page, the sentence's full stop stays at its end. */}
          <bdi>{m.partialResults}</bdi>
        </p>
      )}
      {/* tabIndex -1: the pager moves the focus here, to the top of the new page. */}
      <ol
        class={updating ? 'ss-list ss-updating' : 'ss-list'}
        part="results"
        aria-label={m.results}
        aria-busy={busy}
        tabIndex={-1}
        onClick={opened}
        onAuxClick={opened}
      >
        {response.hits.map((hit, index) => (
          <li class="ss-item" key={hit.id || index}>
            {resultItem(hit, index, shared)}
          </li>
        ))}
      </ol>
    </>
  );
}
