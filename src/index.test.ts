import { describe, expect, it } from 'vitest';

describe('the npm entry', () => {
  it('exports exactly the public runtime API', async () => {
    const entry = await import('./index.ts');
    expect(Object.keys(entry).sort()).toEqual([
      'Recommendations',
      'SearchApiError',
      'SearchWidget',
      'bindUrl',
      'createClient',
      'createRecentSearches',
      'createRecommendations',
      'createSearchController',
      'createSuggestions',
      'de',
      'en',
      'markTitle',
      'mount',
      'mountRecommendations',
      'parseHighlight',
    ]);
  });
});
