/**
 * The script-tag file's `FacetPanel` (vite.config.ts swaps it in for the real one, which
 * is in `site-search.more.js`): the same panel, loaded when the first search is sent, so
 * that it comes beside that search's answer and the results wait for nothing. Until it is
 * here the column is empty, as it is before any results, and on narrow widths a "Filters"
 * button that does nothing yet holds the real one's place, so the results do not move
 * down when it comes.
 */
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { useSearchController } from '../ui/SearchContext.ts';
import { useWidget } from '../ui/WidgetContext.ts';
import { loadMore, type More } from './loadMore.ts';

export function FacetPanel() {
  const { m } = useWidget();
  const { status, results } = useSearchController();
  const more = useSignal<More | null>(null);
  useEffect(
    () =>
      status.subscribe((now) => {
        if (now !== 'idle' && !more.peek()) loadMore().then((loaded) => (more.value = loaded), console.error);
      }),
    [],
  );
  const Panel = more.value?.FacetPanel;
  if (Panel) return <Panel />;
  return results.value?.total_hits ? (
    <section class="ss-facets">
      <button type="button" class="ss-chip ss-toggle" disabled>
        {m.showFilters}
      </button>
    </section>
  ) : null;
}
