import { useSignal } from '@preact/signals';
import type { FacetValue } from '../client/types.ts';
import type { SearchController } from '../core/createSearchController.ts';
import { toggleValue } from '../core/searchState.ts';
import { countedName, format } from './messages.ts';
import { useSearchController } from './SearchContext.ts';
import { useWidget, type FieldLabel } from './WidgetContext.ts';

/** Values shown before "Show more". */
const FIRST = 5;

/**
 * Per widget and field, the values counted before one was chosen. Kept per controller,
 * not per component: the phone's filter panel mounts the facets anew, and must still
 * offer the other values.
 */
const counts = new WeakMap<SearchController, Map<string, FacetValue[]>>();

/** A value facet: one checkbox per value with its count; OR within the field. */
export function ValueFacet({ field, label }: FieldLabel) {
  const controller = useSearchController();
  const { results, filters, setFilters } = controller;
  const { m } = useWidget();
  const all = useSignal(false);
  // With a value of this field chosen, the answer only counts that value; keep the
  // list from before the choice so more values can be added (OR).
  let before = counts.get(controller);
  if (!before) counts.set(controller, (before = new Map()));
  const chosen = filters.value.fields?.[field] ?? [];
  const counted = results.value?.facets?.[`custom_fields.${field}`] ?? [];
  if (!chosen.length || !before.get(field)?.length) before.set(field, counted);
  const values = before.get(field)!.filter((v) => typeof v.value === 'string');
  for (const value of chosen) if (!values.some((v) => v.value === value)) values.push({ value, count: 0 });
  if (!values.length) return null;
  return (
    <fieldset class="ss-facet">
      <legend class="ss-facet-title">{label}</legend>
      {(all.value ? values : values.slice(0, FIRST)).map(({ value, count }) => (
        <label key={value} class="ss-check">
          <input
            type="checkbox"
            checked={chosen.includes(value)}
            aria-label={countedName(m, value, count)}
            onChange={() => setFilters(toggleValue(filters.value, field, value))}
          />
          <span class="ss-grow">{value}</span>
          {" "}
          <span class="ss-count">{format(m, '{n}', { n: count })}</span>
        </label>
      ))}
      {values.length > FIRST && (
        <button type="button" class="ss-link" aria-expanded={all.value} onClick={() => (all.value = !all.value)}>
          {all.value ? m.showLess : m.showMore}
        </button>
      )}
    </fieldset>
  );
}
