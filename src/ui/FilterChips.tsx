import { useLayoutEffect, useRef } from 'preact/hooks';
import { countFilters, setRange, toggleValue, type SearchFilters } from '../core/searchState.ts';
import { ClearIcon } from './ClearIcon.tsx';
import { format } from './messages.ts';
import { categoryName, languageName, rangeLabel } from './filterLabels.ts';
import { useSearchController } from './SearchContext.ts';
import { useWidget } from './WidgetContext.ts';

/**
 * The filters in force, each a button that removes it, and "Clear all". The button pressed
 * goes away, so the focus moves on: to the next chip, else the one before, else the results.
 */
export function FilterChips() {
  const { filters, setFilters } = useSearchController();
  const { m, config } = useWidget();
  // Where the focus goes after the render that removed the pressed chip: its place in the list.
  const refocus = useRef<{ widget: Element; at: number } | null>(null);
  useLayoutEffect(() => {
    const target = refocus.current;
    if (!target) return;
    refocus.current = null;
    const find = (selector: string) => target.widget.querySelector<HTMLElement>(selector);
    const left = [...target.widget.querySelectorAll<HTMLElement>('ul.ss-chips .ss-chip')];
    (left[target.at] ?? left[target.at - 1] ?? find('.ss-list') ?? find('.ss-input'))?.focus();
  });
  const f = filters.value;
  if (!countFilters(f)) return null;
  const remove = (event: Event, at: number, next: SearchFilters) => {
    const widget = (event.currentTarget as Element).closest('.ss-widget');
    if (widget) refocus.current = { widget, at };
    setFilters(next);
  };
  const name = (field: string) => [...(config.facets ?? []), ...(config.rangeFacets ?? [])].find((x) => x.field === field)?.label ?? field;
  const chips: Array<[string, SearchFilters]> = [];
  const add = (title: string, value: string, next: SearchFilters) => chips.push([`${title}: ${value}`, next]);
  // A filter of one value: the chip drops the key.
  const one = (key: 'category' | 'lang' | 'dateFrom' | 'dateTo', title: string, show = (v: string) => v) => {
    const { [key]: value, ...next } = f;
    if (value) add(title, show(value), next);
  };
  one('category', m.category, categoryName);
  for (const [field, values] of Object.entries(f.fields ?? {})) for (const value of values) add(name(field), value, toggleValue(f, field, value));
  for (const [field, range] of Object.entries(f.ranges ?? {})) add(name(field), rangeLabel(m, range), setRange(f, field, null));
  one('lang', m.language, (code) => languageName(m.locale, code));
  one('dateFrom', m.dateFrom);
  one('dateTo', m.dateTo);
  return (
    <ul class="ss-chips" aria-label={m.activeFilters}>
      {chips.map(([label, next], at) => (
        <li key={label}>
          <button type="button" class="ss-chip" aria-label={format(m, m.remove, { label })} onClick={(event) => remove(event, at, next)}>
            {label}
            <ClearIcon />
          </button>
        </li>
      ))}
      <li>
        <button type="button" class="ss-link" onClick={(event) => remove(event, Infinity, {})}>
          {m.clearAll}
        </button>
      </li>
    </ul>
  );
}
