import type { SearchController } from '../core/createSearchController.ts';
import { countedName, format } from './messages.ts';
import { useSearchController } from './SearchContext.ts';
import { useWidget } from './WidgetContext.ts';

/** `1xcss` → `css`, `0xexample.com` → `example.com`, `doctype_pdf` → `pdf`. */
export const categoryName = (category: string): string => category.replace(/^(\d+x|doctype_)/, '');

/**
 * The categories walked down through the facet, per widget, root side first. A category
 * names only its own path segment, not its parent, so the way back up is remembered;
 * per controller, not per component, because the phone panel mounts the facet anew.
 */
const trails = new WeakMap<SearchController, string[]>();

/**
 * The categories one path level below the chosen one (`facet=categorys`); choosing one goes
 * a level down, and the button on top goes back up: to the level it came from, or to all.
 */
export function CategoryFacet() {
  const controller = useSearchController();
  const { results, filters, setFilters } = controller;
  const { m } = useWidget();
  const chosen = filters.value.category;
  let trail = trails.get(controller) ?? [];
  // A category chosen elsewhere (a link, a chip) starts a new trail; one walked back to cuts it there.
  trail = chosen ? (trail.includes(chosen) ? trail.slice(0, trail.indexOf(chosen) + 1) : [chosen]) : [];
  trails.set(controller, trail);
  const parent = trail.at(-2);
  const go = (category: string | undefined) => {
    const { category: _, ...rest } = filters.value;
    if (category && category !== parent) trails.set(controller, [...trail, category]);
    setFilters(category ? { ...rest, category } : rest);
  };
  const values = (results.value?.facets?.categorys ?? []).filter((v) => typeof v.value === 'string' && v.value !== chosen);
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
        <button
          key={value}
          type="button"
          class="ss-check ss-bucket"
          aria-label={countedName(m, categoryName(value), count)}
          onClick={() => go(value)}
        >
          <span class="ss-grow">{categoryName(value)}</span>
          {" "}
          <span class="ss-count">{format(m, '{n}', { n: count })}</span>
        </button>
      ))}
    </fieldset>
  );
}
