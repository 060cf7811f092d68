import { useSignal } from '@preact/signals';
import { valueFacetView } from '../core/facetViews.ts';
import { matchesWordStarts } from '../core/wordStarts.ts';
import { countedName, format } from './messages.ts';
import { useSearchController } from './SearchContext.ts';
import { useWidget, type FieldLabel } from './WidgetContext.ts';

/** Values shown before "Show more". */
const FIRST = 5;
/** Values above which a field narrows them: more than a glance down the list takes in. */
const SEARCHABLE = 10;

/**
 * A value facet: one checkbox per value with its count; OR within the field. A long one
 * has a field above its values that narrows them to those with a word starting as typed
 * (the values of the answer: the API has no search of a facet's values, so the site's
 * `numFacets` says how many there are); the chosen ones stay.
 */
export function ValueFacet({ field, label }: FieldLabel) {
  const { values, chosen, toggle } = valueFacetView(useSearchController(), field);
  const { m } = useWidget();
  const all = useSignal(false);
  const query = useSignal('');
  if (!values.length) return null;
  const searchable = values.length > SEARCHABLE;
  const narrowed = searchable && query.value.trim() !== '';
  const matches = matchesWordStarts(query.value);
  const found = narrowed ? values.filter((v) => chosen.includes(v.value) || matches(v.value)) : values;
  const none = narrowed && !found.some((v) => !chosen.includes(v.value));
  return (
    <fieldset class="ss-facet">
      <legend class="ss-facet-title">{label}</legend>
      {searchable && (
        <input
          type="search"
          class="ss-field"
          aria-label={format(m, m.searchValues, { label })}
          placeholder={format(m, m.searchValues, { label })}
          autocomplete="off"
          spellcheck={false}
          value={query.value}
          onInput={(event) => (query.value = event.currentTarget.value)}
          onKeyDown={(event) => {
            // Escape empties the field, and only that: the phone's filter panel around it stays open.
            if (event.key !== 'Escape' || !query.value) return;
            event.preventDefault();
            event.stopPropagation();
            query.value = '';
          }}
        />
      )}
      {/* Always there while the field is, so that a screen reader hears the line come. */}
      {searchable && (
        <p role="status" class="ss-muted ss-no-values">
          {none ? m.noValues : ''}
        </p>
      )}
      {(all.value || narrowed ? found : found.slice(0, FIRST)).map(({ value, count }) => (
        <label key={value} class="ss-check">
          <input type="checkbox" checked={chosen.includes(value)} aria-label={countedName(m, value, count)} onChange={() => toggle(value)} />
          <span class="ss-grow">{value}</span> <span class="ss-count">{format(m, '{n}', { n: count })}</span>
        </label>
      ))}
      {!narrowed && values.length > FIRST && (
        <button type="button" class="ss-link" aria-expanded={all.value} onClick={() => (all.value = !all.value)}>
          {all.value ? m.showLess : m.showMore}
        </button>
      )}
    </fieldset>
  );
}
