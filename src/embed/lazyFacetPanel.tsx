/**
 * The script-tag file's `FacetPanel` (vite.config.ts swaps it in for the real one, which
 * is in `site-search.more.js`): the same panel, loaded when the first search is sent, so
 * that it comes beside that search's answer and the results wait for nothing. Until it is
 * here the column is empty, as it is before any results, and on narrow widths a "Filters"
 * button that does nothing yet holds the real one's place, so the results do not move
 * down when it comes.
 */
import { useSearchController } from '../ui/SearchContext.ts';
import { useWidget } from '../ui/WidgetContext.ts';
import { useMoreOnSearch } from './lazyResultParts.tsx';

export function FacetPanel() {
  const { m } = useWidget();
  const { results } = useSearchController();
  const Panel = useMoreOnSearch()?.FacetPanel;
  if (Panel) return <Panel />;
  return results.value?.total_hits ? (
    <section class="ss-facets">
      <button type="button" class="ss-chip ss-toggle" disabled>
        {m.showFilters}
      </button>
    </section>
  ) : null;
}
