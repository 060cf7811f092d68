import { hasFilters, setRange, toggleValue, type SearchFilters } from '../core/searchState.ts';
import { categoryName } from './CategoryFacet.tsx';
import { ClearIcon } from './ClearIcon.tsx';
import { languageName } from './LanguageDateFilter.tsx';
import { format } from './messages.ts';
import { rangeLabel } from './RangeFacet.tsx';
import { useSearchController } from './SearchContext.ts';
import { useWidget } from './WidgetContext.ts';

/** The filters in force, each a button that removes it, and "Clear all". */
export function FilterChips() {
  const { filters, setFilters } = useSearchController();
  const { m, config } = useWidget();
  const f = filters.value;
  if (!hasFilters(f)) return null;
  const name = (field: string) => [...(config.facets ?? []), ...(config.rangeFacets ?? [])].find((x) => x.field === field)?.label ?? field;
  const without = (key: keyof SearchFilters): SearchFilters => {
    const next = { ...f };
    delete next[key];
    return next;
  };
  const chips: Array<[string, SearchFilters]> = [];
  if (f.category) chips.push([`${m.category}: ${categoryName(f.category)}`, without('category')]);
  for (const [field, values] of Object.entries(f.fields ?? {})) {
    for (const value of values) chips.push([`${name(field)}: ${value}`, toggleValue(f, field, value)]);
  }
  for (const [field, range] of Object.entries(f.ranges ?? {})) chips.push([`${name(field)}: ${rangeLabel(m, range)}`, setRange(f, field, null)]);
  if (f.lang) chips.push([`${m.language}: ${languageName(m.locale, f.lang)}`, without('lang')]);
  if (f.dateFrom) chips.push([`${m.dateFrom}: ${f.dateFrom}`, without('dateFrom')]);
  if (f.dateTo) chips.push([`${m.dateTo}: ${f.dateTo}`, without('dateTo')]);
  return (
    <ul class="ss-chips" aria-label={m.activeFilters}>
      {chips.map(([label, next]) => (
        <li key={label}>
          <button type="button" class="ss-chip" aria-label={format(m, m.remove, { label })} onClick={() => setFilters(next)}>
            {label}
            <ClearIcon />
          </button>
        </li>
      ))}
      <li>
        <button type="button" class="ss-link" onClick={() => setFilters({})}>
          {m.clearAll}
        </button>
      </li>
    </ul>
  );
}
