import { useSignal } from '@preact/signals';
import { hasFilters } from '../core/searchState.ts';
import { CategoryFacet } from './CategoryFacet.tsx';
import { LanguageDateFilter } from './LanguageDateFilter.tsx';
import { RangeFacet } from './RangeFacet.tsx';
import { useSearchController } from './SearchContext.ts';
import { ValueFacet } from './ValueFacet.tsx';
import { useWidget } from './WidgetContext.ts';

/**
 * The configured facets and filters. On narrow widths they fold behind a "Filters"
 * button (the CSS hides the button where there is room for the panel).
 */
export function FacetPanel() {
  const { m, config } = useWidget();
  const { results, filters } = useSearchController();
  const open = useSignal(false);
  // Nothing found and nothing chosen: every count would be 0, nothing to narrow.
  if (!results.value || (results.value.total_hits === 0 && !hasFilters(filters.value))) return null;
  return (
    <section class="ss-facets" part="facets" aria-label={m.filters}>
      <button type="button" class="ss-chip ss-toggle" aria-expanded={open.value} onClick={() => (open.value = !open.value)}>
        {m.showFilters}
      </button>
      <div class={open.value ? 'ss-panel ss-open' : 'ss-panel'}>
        {config.categoryFacet && <CategoryFacet />}
        {config.facets?.map((f) => <ValueFacet key={f.field} {...f} />)}
        {config.rangeFacets?.map((f) => <RangeFacet key={f.field} {...f} />)}
        <LanguageDateFilter />
      </div>
    </section>
  );
}
