import type { FacetValue } from '../client/types.ts';
import type { SearchController } from './createSearchController.ts';
import { toggleValue } from './searchState.ts';

// What the facets show, worked out from the controller's signals. Read in a component's
// render, they re-render it when those change. What they remember is kept per controller,
// not per component: the phone's filter panel mounts the facets anew and must still show it.

/** Per controller and field, the values counted before one of the field's was chosen. */
const counted = new WeakMap<SearchController, Map<string, FacetValue[]>>();

/** A value facet: its values with their counts, the chosen ones, and how to toggle one (OR within the field). */
export interface ValueFacetView {
  values: FacetValue[];
  chosen: string[];
  toggle(value: string): void;
}

/**
 * The values of the custom field `field`. With one of its values chosen, the answer
 * counts only that value: the list from before the choice is kept, so that more values
 * can be added. A chosen value the answer no longer lists stays, with 0.
 */
export function valueFacetView(controller: SearchController, field: string): ValueFacetView {
  const { results, filters, setFilters } = controller;
  let before = counted.get(controller);
  if (!before) counted.set(controller, (before = new Map()));
  const chosen = filters.value.fields?.[field] ?? [];
  const now = results.value?.facets?.[`custom_fields.${field}`] ?? [];
  if (!chosen.length || !before.get(field)?.length) before.set(field, now);
  const values = before.get(field)!.filter((v) => typeof v.value === 'string');
  for (const value of chosen) if (!values.some((v) => v.value === value)) values.push({ value, count: 0 });
  return { values, chosen, toggle: (value) => setFilters(toggleValue(filters.value, field, value)) };
}

/** Per controller, the categories walked down through the category facet, root side first. */
const trails = new WeakMap<SearchController, string[]>();

/** The category facet: the chosen category, the one above it if known, the ones below it, and how to move. */
export interface CategoryFacetView {
  chosen: string | undefined;
  parent: string | undefined;
  values: FacetValue[];
  /** Chooses a category below, or goes back up to `parent` (or to all with undefined). */
  go(category: string | undefined): void;
}

/**
 * The categories one path level below the chosen one (`facet=categorys`). A category
 * names only its own path segment, not its parent, so the way back up is remembered: a
 * category chosen elsewhere (a link, a chip) starts a new trail, one walked back to cuts it there.
 */
export function categoryFacetView(controller: SearchController): CategoryFacetView {
  const { results, filters, setFilters } = controller;
  const chosen = filters.value.category;
  let trail = trails.get(controller) ?? [];
  trail = chosen ? (trail.includes(chosen) ? trail.slice(0, trail.indexOf(chosen) + 1) : [chosen]) : [];
  trails.set(controller, trail);
  const parent = trail.at(-2);
  return {
    chosen,
    parent,
    values: (results.value?.facets?.categorys ?? []).filter((v) => typeof v.value === 'string' && v.value !== chosen),
    go(category) {
      const { category: _, ...rest } = filters.value;
      if (category && category !== parent) trails.set(controller, [...trail, category]);
      setFilters(category ? { ...rest, category } : rest);
    },
  };
}
