import { describe, expect, it } from 'vitest';
import { en, format } from './messages.ts';
import { de } from './messagesDe.ts';

describe('messages', () => {
  it('picks plural forms by Intl.PluralRules and formats numbers for the locale', () => {
    expect(format(en, en.resultCount, { n: 1 })).toBe('1 result');
    expect(format(en, en.resultCount, { n: 1234 })).toBe('1,234 results');
    expect(format(de, de.resultCount, { n: 1 })).toBe('1 Ergebnis');
    expect(format(de, de.resultCount, { n: 1234 })).toBe('1.234 Ergebnisse');
  });

  it('puts values in', () => {
    expect(format(en, en.noResults, { term: 'gird' })).toBe('No results for “gird”');
    expect(format(de, de.page, { n: 3 })).toBe('Seite 3');
  });

  it('has every English key in German', () => {
    expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort());
  });
});
