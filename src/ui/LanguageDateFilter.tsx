import type { SearchFilters } from '../core/searchState.ts';
import { languageName } from './filterLabels.ts';
import { useSearchController } from './SearchContext.ts';
import { useWidget } from './WidgetContext.ts';

/** The language select and the two date inputs (behind a disclosure), each shown when configured. */
export function LanguageDateFilter() {
  const { filters, setFilters } = useSearchController();
  const { m, config } = useWidget();
  const set = (key: keyof SearchFilters, value: string) => {
    const { [key]: _, ...next } = filters.value;
    setFilters(value ? { ...next, [key]: value } : next);
  };
  const languages = config.languages ?? [];
  // The message keys are the filter keys.
  const dates = config.dateFilter ? (['dateFrom', 'dateTo'] as const) : [];
  if (!languages.length && !dates.length) return null;
  return (
    <div class="ss-facet">
      {languages.length > 0 && (
        <label class="ss-labelled">
          <span class="ss-facet-title">{m.language}</span>
          <select class="ss-field" aria-label={m.language} value={filters.value.lang ?? ''} onChange={(e) => set('lang', e.currentTarget.value)}>
            <option value="">{m.anyLanguage}</option>
            {languages.map((code) => (
              <option key={code} value={code}>
                {languageName(m.locale, code)}
              </option>
            ))}
          </select>
        </label>
      )}
      {/* Behind a disclosure (open while a date is set): two date fields are many Tab stops for a rare filter. */}
      {dates.length > 0 && (
        <details class="ss-dates" open={!!(filters.value.dateFrom || filters.value.dateTo)}>
          <summary class="ss-facet-title">{m.dates}</summary>
          {dates.map((key) => (
            <label key={key} class="ss-labelled">
              <span class="ss-facet-title">{m[key]}</span>
              <input class="ss-field" type="date" value={filters.value[key] ?? ''} onChange={(e) => set(key, e.currentTarget.value)} />
            </label>
          ))}
        </details>
      )}
    </div>
  );
}
