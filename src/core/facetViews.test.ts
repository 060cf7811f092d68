import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FacetValue, SearchResponse } from '../client/types.ts';
import { createSearchController } from './createSearchController.ts';
import { categoryFacetView, valueFacetView } from './facetViews.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A controller whose every search is answered with the facets `facets()` gives then. */
function setup(facets: () => Record<string, FacetValue[]>) {
  const client = {
    search: () => Promise.resolve<SearchResponse>({ page: 1, total_hits: 1, processing_time_ms: 1, hits: [], facets: facets(), rangeFacets: null }),
  };
  const controller = createSearchController({ client, facets: ['area'], categoryFacet: true });
  return controller;
}
const settle = () => vi.advanceTimersByTimeAsync(250);

describe('valueFacetView', () => {
  it('keeps the counts from before a choice, so more values can be added, and lists a chosen value that is gone', async () => {
    let facets: Record<string, FacetValue[]> = {
      'custom_fields.area': [
        { value: 'css', count: 5 },
        { value: 'api', count: 3 },
      ],
    };
    const controller = setup(() => facets);
    controller.setTerm('grid');
    controller.submit();
    await settle();
    expect(valueFacetView(controller, 'area').values).toEqual(facets['custom_fields.area']);

    facets = { 'custom_fields.area': [{ value: 'css', count: 5 }] };
    valueFacetView(controller, 'area').toggle('css');
    await settle();
    const view = valueFacetView(controller, 'area');
    expect(view.chosen).toEqual(['css']);
    expect(view.values.map((v) => v.value)).toEqual(['css', 'api']);

    controller.restore({ ...controller.sent.value!.state, filters: { fields: { area: ['html'] } } });
    await settle();
    expect(valueFacetView(controller, 'area').values.at(-1)).toEqual({ value: 'html', count: 0 });
    controller.dispose();
  });
});

describe('categoryFacetView', () => {
  it('goes down a level, back up to where it came from, and starts over for a category chosen elsewhere', async () => {
    const controller = setup(() => ({
      categorys: [
        { value: '1xweb', count: 9 },
        { value: '1xapi', count: 4 },
      ],
    }));
    controller.setTerm('grid');
    controller.submit();
    await settle();
    expect(categoryFacetView(controller)).toMatchObject({ chosen: undefined, parent: undefined });
    categoryFacetView(controller).go('1xweb');
    categoryFacetView(controller).go('1xapi');
    await settle();
    expect(categoryFacetView(controller)).toMatchObject({ chosen: '1xapi', parent: '1xweb' });
    // The chosen category is not listed below itself.
    expect(categoryFacetView(controller).values.map((v) => v.value)).toEqual(['1xweb']);
    categoryFacetView(controller).go('1xweb');
    expect(categoryFacetView(controller)).toMatchObject({ chosen: '1xweb', parent: undefined });
    controller.setFilters({ category: '1xcss' });
    expect(categoryFacetView(controller)).toMatchObject({ chosen: '1xcss', parent: undefined });
    categoryFacetView(controller).go(undefined);
    expect(controller.filters.value.category).toBeUndefined();
    controller.dispose();
  });
});
