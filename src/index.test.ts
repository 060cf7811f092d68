import { describe, expect, it } from 'vitest';

describe('the npm entry', () => {
  it('exports exactly the public runtime API', async () => {
    const entry = await import('./index.ts');
    expect(Object.keys(entry).sort()).toEqual([
      'SearchApiError',
      'SearchWidget',
      'bindUrl',
      'createClient',
      'createSearchController',
      'createSuggestions',
      'de',
      'en',
      'mount',
      'parseHighlight',
    ]);
  });
});
