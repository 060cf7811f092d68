// @vitest-environment jsdom
import { resolve } from 'node:path';
import { expect, it } from 'vitest';
import { shared } from './shared.ts';
import { SHARED_MODULES } from './sharedModules.ts';

it('lends site-search.more.js exactly the names its build reads, each at its place in SHARED_MODULES', async () => {
  const expected: unknown[] = [];
  for (const [key, names] of Object.entries(SHARED_MODULES)) {
    const module = (await import(key.startsWith('src/') ? resolve(key) : key)) as Record<string, unknown>;
    for (const name of names) {
      expect(module[name], `${key} exports ${name}`).toBeDefined();
      expected.push(module[name]);
    }
  }
  expect(shared).toHaveLength(expected.length);
  shared.forEach((value, i) => expect(value, `place ${i}`).toBe(expected[i]));
});
