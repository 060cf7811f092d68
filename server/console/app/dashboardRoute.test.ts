import { describe, expect, it } from 'vitest';
import { hashOf, indexOfSearch, routeOf, searchWithIndex } from './dashboardRoute.ts';

describe('dashboard routes', () => {
  it('read each page from the fragment, the report by default', () => {
    expect(routeOf('')).toEqual({ page: 'report' });
    expect(routeOf('#rules')).toEqual({ page: 'rules' });
    expect(routeOf('#rules/new')).toEqual({ page: 'rule', id: null });
    expect(routeOf('#rules/sign-in_2')).toEqual({ page: 'rule', id: 'sign-in_2' });
    expect(routeOf('#why?q=flex')).toEqual({ page: 'why' });
    expect(routeOf('#nowhere')).toEqual({ page: 'report' });
    expect(routeOf('#index')).toEqual({ page: 'index' });
    expect(routeOf('#indices')).toEqual({ page: 'indices' });
    expect(routeOf('#rules/new?when=react+hooks')).toEqual({ page: 'rule', id: null, when: 'react hooks' });
    expect(routeOf('#synonyms?add=c%23%20%26%20more')).toEqual({ page: 'synonyms', add: 'c# & more' });
  });

  it('write the fragment each page is read from', () => {
    for (const hash of [
      '#report',
      '#rules',
      '#rules/new',
      '#rules/a-b',
      '#synonyms',
      '#why',
      '#rules/new?when=react+hooks',
      '#synonyms?add=php',
      '#index',
      '#indices',
    ])
      expect(hashOf(routeOf(hash))).toBe(hash);
  });

  it('carry any words a fix starts with', () => {
    const words = 'c# & 100% ?';
    expect(routeOf(hashOf({ page: 'rule', id: null, when: words }))).toEqual({ page: 'rule', id: null, when: words });
    expect(routeOf(hashOf({ page: 'synonyms', add: words }))).toEqual({ page: 'synonyms', add: words });
  });

  it('keep the index in the query, beside the report dates', () => {
    expect(indexOfSearch('?index=blog&from=2026-01-01')).toBe('blog');
    expect(indexOfSearch('?index=')).toBeNull();
    expect(indexOfSearch('')).toBeNull();
    expect(searchWithIndex('?from=2026-01-01&index=demo', 'blog')).toBe('?from=2026-01-01&index=blog');
  });
});
