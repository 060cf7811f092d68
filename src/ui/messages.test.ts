import { describe, expect, it, vi } from 'vitest';
import { dateFormat, en, format, intl, warmFormats } from './messages.ts';
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

  it('makes each Intl formatter once per kind, locale and options', () => {
    const date = { dateStyle: 'medium', timeZone: 'UTC' } as const;
    expect(intl(Intl.NumberFormat, 'en')).toBe(intl(Intl.NumberFormat, 'en'));
    expect(intl(Intl.NumberFormat, 'de')).not.toBe(intl(Intl.NumberFormat, 'en'));
    expect(intl(Intl.NumberFormat, 'en', { useGrouping: 'min2' })).not.toBe(intl(Intl.NumberFormat, 'en'));
    expect(intl(Intl.DateTimeFormat, 'en', date)).toBe(intl(Intl.DateTimeFormat, 'en', { ...date }));
    expect(intl(Intl.DateTimeFormat, 'en', date).format(new Date('2020-03-05T00:00Z'))).toBe('Mar 5, 2020');
  });

  it('warms the formatters of an answer ahead of it', () => {
    const fr = { ...en, locale: 'fr' };
    warmFormats(fr);
    const numbers = vi.spyOn(Intl, 'NumberFormat');
    const dates = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      expect(format(fr, fr.resultCount, { n: 1234 })).toBe('1\u202f234 results');
      expect(dateFormat(fr).format(new Date('2020-03-05T00:00Z'))).toBe('5 mars 2020');
      expect(numbers).not.toHaveBeenCalled();
      expect(dates).not.toHaveBeenCalled();
    } finally {
      vi.restoreAllMocks();
    }
  });
});
