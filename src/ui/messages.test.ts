import { describe, expect, it, vi } from 'vitest';
import { dateFormat, en, format, intl, warmFormats } from './messages.ts';
import type { Messages } from './messages.ts';
import { ar } from './messagesAr.ts';
import { de } from './messagesDe.ts';
import { es } from './messagesEs.ts';
import { fr } from './messagesFr.ts';
import { it as italian } from './messagesIt.ts';
import { ja } from './messagesJa.ts';
import { ko } from './messagesKo.ts';
import { nl } from './messagesNl.ts';
import { pl } from './messagesPl.ts';
import { pt } from './messagesPt.ts';
import { zh } from './messagesZh.ts';

const LANGUAGES = [de, fr, es, pt, italian, nl, pl, ja, zh, ko, ar];

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

  it('has every English key in every language, with the same values put in and a form for each plural category', () => {
    const optional = (key: string) => key === 'dir' || key === 'ctrl';
    const holes = (text: string) => (text.match(/\{\w+\}|#/g) ?? []).sort();
    for (const m of LANGUAGES) {
      expect(
        Object.keys(m)
          .filter((k) => !optional(k))
          .sort(),
        m.locale,
      ).toEqual(Object.keys(en).sort());
      for (const [key, value] of Object.entries(en)) {
        const theirs = m[key as keyof Messages];
        if (typeof value === 'string' && key !== 'locale') expect(holes(theirs as string), `${m.locale} ${key}`).toEqual(holes(value));
        if (typeof value === 'object') {
          // `other` stands in for a category without its own form; `one` has its own wherever the language has it.
          const categories = new Intl.PluralRules(m.locale).resolvedOptions().pluralCategories;
          expect(theirs, `${m.locale} ${key}`).toHaveProperty('other');
          if (categories.includes('one')) expect(theirs, `${m.locale} ${key}`).toHaveProperty('one');
        }
      }
    }
  });

  it('says “Strg” for the Ctrl key in German, and Arabic reads right to left', () => {
    expect(de.ctrl).toBe('Strg');
    expect(ar.dir).toBe('rtl');
    expect(format(ar, ar.resultCount, { n: 3 })).toMatch(/^\S+ نتائج$/);
    expect(format(pl, pl.resultCount, { n: 3 })).toBe('3 wyniki');
    expect(format(pl, pl.resultCount, { n: 5 })).toBe('5 wyników');
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
