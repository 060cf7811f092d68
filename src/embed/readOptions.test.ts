// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { en } from '../ui/messages.ts';
import { de } from '../ui/messagesDe.ts';
import { MESSAGES } from './loadLanguage.ts';
import { readOptions } from './readOptions.ts';

const from = (attributes: Record<string, string>) => readOptions((name) => attributes[name] ?? null);

type Slot = { [MESSAGES]?: unknown };

describe('readOptions', () => {
  // As if site-search.de.js had run (loadLanguage.test.ts loads such files).
  beforeEach(() => {
    (globalThis as Slot)[MESSAGES] = { de };
  });
  afterEach(() => {
    delete (globalThis as Slot)[MESSAGES];
  });

  it('reads the attributes into mount options', () => {
    const options = from({
      'site-key': 'k',
      api: 'https://api.test',
      'regional-api': 'https://eu.api.test',
      layout: 'overlay',
      theme: 'dark',
      lang: 'de',
      url: 's_',
      limit: '20',
      facets: 'area:Area, status',
      sorts: 'first_year:First shipped',
      paging: 'more',
      suggestions: 'off',
      'recent-searches': 'off',
      'results-url': '/search?q={query}',
      shortcut: '',
      'user-token': 'user-42',
    });
    expect(options.recentSearches).toBe(false);
    expect(from({ 'recent-searches': '' }).recentSearches).toBe(true);
    expect(options).toMatchObject({
      siteKey: 'k',
      baseUrl: 'https://api.test',
      regionalUrl: 'https://eu.api.test',
      layout: 'overlay',
      theme: 'dark',
      messages: de,
      url: { prefix: 's_' },
      limit: 20,
      facets: [
        { field: 'area', label: 'Area' },
        { field: 'status', label: 'status' },
      ],
      sorts: [{ field: 'first_year', label: 'First shipped' }],
      paging: 'more',
      suggestions: false,
      resultsUrl: '/search?q={query}',
      shortcut: true,
      userToken: 'user-42',
    });
  });

  it('passes the sources on as written, for the widget to read (readSources): pairs or JSON', () => {
    expect(from({ sources: 'docs:Docs, blog:Blog:3' }).sources).toBe('docs:Docs, blog:Blog:3');
    expect(from({ sources: '[{"siteKey":"docs"}]' }).sources).toBe('[{"siteKey":"docs"}]');
    expect(from({ config: '{"sources":"docs:Docs"}' }).sources).toBe('docs:Docs');
  });

  it('speaks English for lang="de" until the German messages are here', () => {
    delete (globalThis as Slot)[MESSAGES];
    expect(from({ lang: 'de' }).messages).toBeUndefined();
    expect(from({ lang: 'de', config: '{"messages":{"locale":"fr"}}' }).messages).toEqual({ locale: 'fr' });
  });

  it('puts the site’s own words (messages JSON) over those of the language, or of English', () => {
    // Every word read through to the language's, own or not: English words added later show too.
    const words = (m: unknown) => Object.fromEntries(Object.keys(en).map((key) => [key, (m as Record<string, unknown>)[key]]));
    expect(words(from({ lang: 'de', messages: '{"placeholder":"Rezepte suchen"}' }).messages)).toEqual(words({ ...de, placeholder: 'Rezepte suchen' }));
    const english = from({ messages: '{"placeholder":"Find a recipe"}' }).messages;
    expect(words(english)).toEqual(words({ ...en, placeholder: 'Find a recipe' }));
    expect(Object.getPrototypeOf(english)).toBe(en);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(from({ lang: 'de', messages: '{oops' }).messages).toBe(de);
    expect(error).toHaveBeenCalledWith('Site Search: the messages attribute is not valid JSON; it is ignored.');
    error.mockRestore();
  });

  it('turns the analytics switches into the tracker option', () => {
    expect(from({ analytics: 'off', 'analytics-tag': 'x' }).analytics).toBe(false);
    expect(from({ 'analytics-tag': 'header', 'require-consent': '', 'respect-gpc': 'false' }).analytics).toEqual({
      tag: 'header',
      requireConsent: true,
      respectGpc: false,
    });
    expect(from({}).analytics).toBeUndefined();
  });

  it('takes the rest from config, attributes winning, and ignores values it does not know', () => {
    const options = from({
      config: '{"categoryFacet":true,"theme":"light","facets":[{"field":"a","label":"A"}]}',
      theme: 'sepia',
      layout: 'sideways',
      limit: 'many',
      facets: 'b:B',
    });
    expect(options.categoryFacet).toBe(true);
    expect(options.theme).toBe('light');
    expect(options.layout).toBeUndefined();
    expect(options.limit).toBeUndefined();
    expect(options.facets).toEqual([{ field: 'b', label: 'B' }]);
  });

  it('names every option it knows, so an attribute taken away resets its option on update', () => {
    expect(Object.keys(from({})).sort()).toEqual(
      [
        'analytics',
        'baseUrl',
        'facets',
        'fields',
        'layout',
        'limit',
        'messages',
        'paging',
        'placeholder',
        'recentSearches',
        'resultsUrl',
        'regionalUrl',
        'shortcut',
        'siteKey',
        'sorts',
        'sources',
        'suggestions',
        'theme',
        'url',
        'userToken',
      ].sort(),
    );
  });
});
