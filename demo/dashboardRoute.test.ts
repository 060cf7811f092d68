import { describe, expect, it } from 'vitest';
import { hashOf, routeOf } from './dashboardRoute.ts';

describe('dashboard routes', () => {
  it('read each page from the fragment, the report by default', () => {
    expect(routeOf('')).toEqual({ page: 'report' });
    expect(routeOf('#rules')).toEqual({ page: 'rules' });
    expect(routeOf('#rules/new')).toEqual({ page: 'rule', id: null });
    expect(routeOf('#rules/sign-in_2')).toEqual({ page: 'rule', id: 'sign-in_2' });
    expect(routeOf('#why?q=flex')).toEqual({ page: 'why' });
    expect(routeOf('#nowhere')).toEqual({ page: 'report' });
  });

  it('write the fragment each page is read from', () => {
    for (const hash of ['#report', '#rules', '#rules/new', '#rules/a-b', '#synonyms', '#why']) expect(hashOf(routeOf(hash))).toBe(hash);
  });
});
