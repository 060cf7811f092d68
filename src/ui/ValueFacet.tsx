import { useSignal } from '@preact/signals';
import { valueFacetView } from '../core/facetViews.ts';
import { countedName, format } from './messages.ts';
import { useSearchController } from './SearchContext.ts';
import { useWidget, type FieldLabel } from './WidgetContext.ts';

/** Values shown before "Show more". */
const FIRST = 5;

/** A value facet: one checkbox per value with its count; OR within the field. */
export function ValueFacet({ field, label }: FieldLabel) {
  const { values, chosen, toggle } = valueFacetView(useSearchController(), field);
  const { m } = useWidget();
  const all = useSignal(false);
  if (!values.length) return null;
  return (
    <fieldset class="ss-facet">
      <legend class="ss-facet-title">{label}</legend>
      {(all.value ? values : values.slice(0, FIRST)).map(({ value, count }) => (
        <label key={value} class="ss-check">
          <input type="checkbox" checked={chosen.includes(value)} aria-label={countedName(m, value, count)} onChange={() => toggle(value)} />
          <span class="ss-grow">{value}</span> <span class="ss-count">{format(m, '{n}', { n: count })}</span>
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
