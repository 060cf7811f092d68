import { describe, expect, it } from 'vitest';
import { cleanSuggestion, suggestionKey } from './suggestionText.ts';

describe('suggestionKey', () => {
  it('is one key for forms that differ only in case, accents, punctuation and spaces', () => {
    const key = suggestionKey('Promise.all');
    expect(suggestionKey('Promise.all()')).toBe(key);
    expect(suggestionKey('promise all')).toBe(key);
    expect(suggestionKey('  PROMISE   ALL ')).toBe(key);
    expect(suggestionKey('set timeout')).toBe(suggestionKey('setTimeout'));
    expect(suggestionKey('Café Crème')).toBe(suggestionKey('cafe-creme'));
  });

  it('keeps different words apart', () => {
    expect(suggestionKey('Promise.any')).not.toBe(suggestionKey('Promise.all'));
    expect(suggestionKey('grid-area')).not.toBe(suggestionKey('grid'));
  });
});

describe('cleanSuggestion', () => {
  it('drops markup and breadcrumb marks', () => {
    expect(cleanSuggestion('dialog> › open')).toBe('dialog open');
    expect(cleanSuggestion('<dialog>')).toBe('dialog');
    expect(cleanSuggestion('Guides » Widgets | Docs')).toBe('Guides Widgets Docs');
  });

  it('strips empty calls and brackets, keeping the words', () => {
    expect(cleanSuggestion('Promise.all()')).toBe('Promise.all');
    expect(cleanSuggestion('fetch() method')).toBe('fetch method');
    expect(cleanSuggestion('filter(callback')).toBe('filter callback');
    expect(cleanSuggestion('Array(3)')).toBe('Array 3');
    expect(cleanSuggestion('[Symbol.iterator]')).toBe('Symbol.iterator');
  });

  it('drops lone punctuation and punctuation around words, not inside them', () => {
    expect(cleanSuggestion('css property: grid')).toBe('css property grid');
    expect(cleanSuggestion('"border-radius" -- ::before')).toBe('border-radius before');
    expect(cleanSuggestion('C++ and C#!')).toBe('C++ and C#');
    expect(cleanSuggestion(' -- › ')).toBeNull();
    expect(cleanSuggestion('')).toBeNull();
  });
});
