// @vitest-environment jsdom
import { expect, it } from 'vitest';
import { shared } from './shared.ts';
import { SHARED_MODULES } from './sharedModules.ts';

it('lends site-search.more.js exactly the names its build reads', () => {
  expect(Object.keys(shared).sort()).toEqual(Object.values(SHARED_MODULES).flat().sort());
});
