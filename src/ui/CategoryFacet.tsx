import { categoryFacetView } from '../core/facetViews.ts';
import { categoryName } from './filterLabels.ts';
import { countedName, format } from './messages.ts';
import { useSearchController } from './SearchContext.ts';
import { useWidget } from './WidgetContext.ts';

/**
 * The categories one path level below the chosen one (`facet=categorys`); choosing one goes
 * a level down, and the button on top goes back up: to the level it came from, or to all.
 */
export function CategoryFacet() {
  const { chosen, parent, values, go } = categoryFacetView(useSearchController());
  const { m } = useWidget();
  if (!values.length && !chosen) return null;
  return (
    <fieldset class="ss-facet">
      <legend class="ss-facet-title">{m.category}</legend>
      {chosen && (
        <button type="button" class="ss-link ss-up" onClick={() => go(parent)}>
          <span aria-hidden="true">‹ </span>
          {parent ? format(m, m.categoryUp, { name: categoryName(parent) }) : m.allCategories}
        </button>
      )}
      {values.map(({ value, count }) => (
        <button key={value} type="button" class="ss-check ss-bucket" aria-label={countedName(m, categoryName(value), count)} onClick={() => go(value)}>
          <span class="ss-grow">{categoryName(value)}</span> <span class="ss-count">{format(m, '{n}', { n: count })}</span>
        </button>
      ))}
    </fieldset>
  );
}
