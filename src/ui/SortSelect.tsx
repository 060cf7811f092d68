import type { SortOrder } from '../client/types.ts';
import { useSearchController } from './SearchContext.ts';
import { useWidget } from './WidgetContext.ts';

/** Relevance, date either way, and each configured custom field either way. */
export function SortSelect() {
  const { sort, order, setSort, results } = useSearchController();
  const { m, config } = useWidget();
  if (!results.value?.hits.length) return null;
  const options: Array<[string, string]> = [
    ['relevance desc', m.relevance],
    ['date desc', m.newest],
    ['date asc', m.oldest],
  ];
  for (const { field, label } of config.sorts ?? []) {
    options.push([`custom_fields.${field} asc`, `${label}, ${m.ascending}`], [`custom_fields.${field} desc`, `${label}, ${m.descending}`]);
  }
  const value = sort.value === 'relevance' ? 'relevance desc' : `${sort.value} ${order.value}`;
  return (
    <label class="ss-sort">
      {m.sort}
      {/* Named outright: some engines fold the options' text into a wrapping label's name. */}
      <select
        class="ss-field"
        aria-label={m.sort}
        value={value}
        onChange={(event) => setSort(...(event.currentTarget.value.split(' ') as [string, SortOrder]))}
      >
        {options.map(([key, label]) => (
          <option key={key} value={key}>
            {label}
          </option>
        ))}
      </select>
    </label>
  );
}
