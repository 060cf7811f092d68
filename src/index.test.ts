import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every bare package a source module imports, following its relative imports through. */
function packagesImported(entry: string): Set<string> {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/^(?:import|export)\s[^'"]*?from\s+'([^']+)'/gm)) {
      if (specifier!.startsWith('.')) visit(resolve(dirname(file), specifier!));
      else packages.add(specifier!);
    }
  };
  visit(resolve(import.meta.dirname, entry));
  return packages;
}

describe('the core entry', () => {
  it('is headless: it imports signals-core, and no Preact', () => {
    expect([...packagesImported('core/index.ts')].sort()).toEqual(['@preact/signals-core']);
  });
});

describe('the npm entry', () => {
  it('exports exactly the public runtime API', async () => {
    const entry = await import('./index.ts');
    expect(Object.keys(entry).sort()).toEqual([
      'FacetPanel',
      'FilterChips',
      'LoadMore',
      'Pager',
      'Recommendations',
      'Results',
      'SearchApiError',
      'SearchBox',
      'SearchContext',
      'SearchOverlay',
      'SearchWidget',
      'SkipToResults',
      'SortSelect',
      'StatsLine',
      'WidgetContext',
      'ar',
      'bindUrl',
      'createClient',
      'createRecentSearches',
      'createRecommendations',
      'createSearchController',
      'createSuggestions',
      'de',
      'en',
      'es',
      'fr',
      'it',
      'ja',
      'ko',
      'markTitle',
      'mount',
      'mountRecommendations',
      'nl',
      'parseHighlight',
      'pl',
      'pt',
      'zh',
    ]);
  });
});

describe('the core entry, its exports', () => {
  it('exports exactly the public runtime API', async () => {
    const entry = await import('./core/index.ts');
    expect(Object.keys(entry).sort()).toEqual([
      'bindUrl',
      'createRecentSearches',
      'createRecommendations',
      'createSearchController',
      'createSources',
      'createSuggestions',
      'markTitle',
      'parseHighlight',
      'readState',
      'writeState',
    ]);
  });
});

describe('the React and Vue entries', () => {
  it('import their own framework and the package’s peers, never the other framework', () => {
    const react = [...packagesImported('react/index.ts')];
    const vue = [...packagesImported('vue/index.ts')];
    expect(react).toContain('react');
    expect(react.filter((p) => !/^(preact|@preact\/signals)/.test(p))).toEqual(['react']);
    expect(vue).toContain('vue');
    expect(vue.filter((p) => !/^(preact|@preact\/signals)/.test(p))).toEqual(['vue']);
  });
});
