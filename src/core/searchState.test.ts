import { describe, expect, it } from 'vitest';
import { countFilters, readRange, setRange, toggleValue, toSearchParams, type SearchState } from './searchState.ts';

const base: SearchState = { term: 'grid', page: 1, sort: 'relevance', order: 'desc', filters: {} };

describe('toSearchParams', () => {
  it('sends only term, limit, page and fuzzy=auto (typos forgiven) for a plain search', () => {
    expect(toSearchParams(base, 10)).toEqual({ term: 'grid', limit: 10, page: 1, fuzzy: 'auto' });
  });

  it('asks for any of the words (defaultOperator=or) only for a partial search', () => {
    expect(toSearchParams({ ...base, partial: true }, 10)).toEqual({ term: 'grid', limit: 10, page: 1, fuzzy: 'auto', defaultOperator: 'or' });
    expect(toSearchParams({ ...base, partial: false }, 10)).not.toHaveProperty('defaultOperator');
  });

  it('sends sort and order only when not sorting by relevance', () => {
    expect(toSearchParams({ ...base, sort: 'date', order: 'asc' }, 10)).toMatchObject({ sort: 'date', order: 'asc' });
    expect(toSearchParams({ ...base, order: 'asc' }, 10)).not.toHaveProperty('order');
  });

  it('maps field values to customField (OR within, AND across) and drops empty fields', () => {
    const params = toSearchParams({ ...base, filters: { fields: { area: ['css', 'html'], status: ['standard'], kind: [] } } }, 10);
    expect(params.customField).toEqual({ area: ['css', 'html'], status: ['standard'] });
  });

  it('maps category, language and dates', () => {
    const params = toSearchParams({ ...base, filters: { category: '1xcss', lang: 'en', dateFrom: '2020-01-01', dateTo: '2021-01-01' } }, 10);
    expect(params).toMatchObject({ categories: '1xcss', lang: 'en', dateFrom: '2020-01-01', dateTo: '2021-01-01' });
  });

  it('turns ranges into range filters, both bounds inclusive: "To 2020" takes 2020 in', () => {
    const one = toSearchParams({ ...base, filters: { ranges: { first_year: { from: 2015, to: 2020 } } } }, 10);
    const bounds = (one.filter as { range: Record<string, { gt: number; lt: number }> }).range['custom_fields.first_year'];
    expect(bounds?.gt).toBeLessThan(2015);
    expect(bounds?.gt).toBeGreaterThan(2014.99);
    expect(bounds?.lt).toBeGreaterThan(2020);
    expect(bounds?.lt).toBeLessThan(2020.01);
    const two = toSearchParams({ ...base, filters: { ranges: { a: { from: 1 }, b: { to: -5 } } } }, 10);
    expect(two.filter).toEqual({
      and: [{ range: { 'custom_fields.a': { gt: expect.any(Number) } } }, { range: { 'custom_fields.b': { lt: expect.any(Number) } } }],
    });
    const lt = (two.filter as { and: Array<{ range: Record<string, { lt: number }> }> }).and[1]!.range['custom_fields.b']!.lt;
    expect(lt).toBeGreaterThan(-5);
    expect(lt).toBeLessThan(-4.99);
  });

  it('leaves out the `to` of a chosen bucket, as the bucket counted', () => {
    const params = toSearchParams({ ...base, filters: { ranges: { first_year: { from: 2015, to: 2020, toExcluded: true } } } }, 10);
    expect((params.filter as { range: Record<string, { lt: number }> }).range['custom_fields.first_year']?.lt).toBe(2020);
  });

  it('asks for the configured facets; categorys only with a category level', () => {
    const requests = { facets: ['area'], numFacets: 50, categoryFacet: true, rangeFacets: [{ field: 'x', ranges: [{ to: 1 }] }] };
    expect(toSearchParams(base, 10, requests)).toMatchObject({ facet: ['custom_fields.area'], numFacets: 50, rangeFacets: requests.rangeFacets });
    expect(toSearchParams(base, 10, { ...requests, categoryRoot: '0xsite' })).toMatchObject({
      categories: '0xsite',
      facet: ['custom_fields.area', 'categorys'],
    });
  });
});

describe('filter helpers', () => {
  it('toggles values on and off, removing an emptied field', () => {
    const on = toggleValue({}, 'area', 'css');
    expect(on.fields).toEqual({ area: ['css'] });
    expect(toggleValue(on, 'area', 'html').fields).toEqual({ area: ['css', 'html'] });
    expect(toggleValue(on, 'area', 'css').fields).toEqual({});
  });

  it('sets and removes ranges', () => {
    const set = setRange({}, 'year', { from: 1 });
    expect(set.ranges).toEqual({ year: { from: 1 } });
    expect(setRange(set, 'year', null).ranges).toEqual({});
    expect(setRange(set, 'year', {}).ranges).toEqual({});
  });

  it('counts the filters set, one per chip', () => {
    expect(countFilters({})).toBe(0);
    expect(countFilters({ fields: { a: [] } })).toBe(0);
    expect(countFilters({ fields: { a: ['x', 'y'] } })).toBe(2);
    expect(countFilters({ lang: 'de', dateFrom: '' })).toBe(1);
    expect(countFilters({ ranges: { y: { to: 3 } }, category: '1xdocs' })).toBe(2);
  });
});

describe('readRange', () => {
  it('keeps the bounds that are numbers, blanks around them allowed, and leaves the rest open', () => {
    expect(readRange(' 2015 ', '2020.5')).toEqual({ from: 2015, to: 2020.5 });
    expect(readRange('0', null)).toEqual({ from: 0 });
    expect(readRange('  ', 'ten')).toEqual({});
    expect(readRange(undefined, '-3')).toEqual({ to: -3 });
  });

  it('leaves `to` out of the range when asked, as a facet bucket and a `from:to` link have it', () => {
    expect(readRange(2000, 2010, true)).toEqual({ from: 2000, to: 2010, toExcluded: true });
    expect(readRange('5', '', true)).toEqual({ from: 5 });
  });
});
