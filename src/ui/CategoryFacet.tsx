import { countedName, format } from './messages.ts';
import { useSearchController } from './SearchContext.ts';
import { useWidget } from './WidgetContext.ts';

/** `1xcss` → `css`, `0xexample.com` → `example.com`, `doctype_pdf` → `pdf`. */
export const categoryName = (category: string): string => category.replace(/^(\d+x|doctype_)/, '');

/** The categories one path level below the chosen one (`facet=categorys`); choosing one goes a level down. */
export function CategoryFacet() {
  const { results, filters, setFilters } = useSearchController();
  const { m } = useWidget();
  const values = (results.value?.facets?.categorys ?? []).filter((v) => typeof v.value === 'string' && v.value !== filters.value.category);
  if (!values.length) return null;
  return (
    <fieldset class="ss-facet">
      <legend class="ss-facet-title">{m.category}</legend>
      {values.map(({ value, count }) => (
        <button
          key={value}
          type="button"
          class="ss-check ss-bucket"
          aria-label={countedName(m, categoryName(value), count)}
          onClick={() => setFilters({ ...filters.value, category: value })}
        >
          <span class="ss-grow">{categoryName(value)}</span>
          {" "}
          <span class="ss-count">{format(m, '{n}', { n: count })}</span>
        </button>
      ))}
    </fieldset>
  );
}
