import { describe, expect, it } from 'vitest';
import { PlanMatcher, textTokens } from './matchText.ts';
import { testPlan } from '../testing/testPlan.ts';

const INDEX = ['setTimeout', 'timeout', 'set', 'use', 'getBytesInUse', 'grid', 'subgrid', 'fetch', 'fetchEvent', 'border', 'radius'];

function both(term: string, text: string, prefixLast = false) {
  const matcher = new PlanMatcher(testPlan(term, INDEX, { prefixLast }));
  const strip = (m: ReturnType<PlanMatcher['match']>) => m.occurrences.map(({ slot, whole }) => ({ slot, whole }));
  return {
    words: strip(matcher.match(textTokens(text))),
    content: strip(matcher.matchContent(text)),
    unmatched: matcher.match(textTokens(text)).unmatchedChars,
  };
}

describe('PlanMatcher', () => {
  it('reads a text word by word only when it may hold a query word (mayMatch)', () => {
    const matcher = new PlanMatcher(testPlan('fetch rad', INDEX, { prefixLast: true }));
    expect(matcher.mayMatch('Cancelling a request')).toBe(false);
    expect(matcher.mayMatch('The FetchEvent interface')).toBe(true);
    expect(matcher.mayMatch('Rounded corners: border-Radius')).toBe(true);
    expect(matcher.mayMatch('Über Fétch')).toBe(true);
    // Whatever it answers, a text it rules out matches nothing word by word.
    for (const text of ['Cancelling a request', 'Σ ΟΔΟΣ', 'Ab ≠ cd']) {
      if (!matcher.mayMatch(text)) expect(matcher.match(textTokens(text)).occurrences).toEqual([]);
    }
  });

  it('finds whole words, word by word and by string search alike', () => {
    const { words, content } = both('grid', 'A grid, a subgrid and a Grid.');
    expect(words).toEqual([
      { slot: 0, whole: true },
      { slot: 0, whole: true },
    ]);
    expect(content).toEqual(words);
  });

  it('finds a word as a part of an identifier, not whole', () => {
    const { words, content } = both('timeout', 'Call setTimeout now');
    expect(words).toEqual([{ slot: 0, whole: false }]);
    expect(content).toEqual(words);
  });

  it('counts a short part only at the start of an identifier', () => {
    expect(both('set', 'setTimeout').words).toEqual([{ slot: 0, whole: false }]);
    expect(both('set', 'setTimeout').content).toEqual([{ slot: 0, whole: false }]);
    expect(both('use', 'getBytesInUse').words).toEqual([]);
    expect(both('use', 'getBytesInUse').content).toEqual([]);
  });

  it('finds completions of the word being typed, not whole', () => {
    const { words, content, unmatched } = both('fetc', 'FetchEvent', true);
    expect(words).toEqual([{ slot: 0, whole: false }]);
    expect(content).toEqual(words);
    // The letters typed count as matched, the rest of the word does not.
    expect(unmatched).toBe('FetchEvent'.length - 'fetc'.length);
  });

  it('counts the letters of a title the query leaves over', () => {
    expect(both('grid', 'CSS property: grid').unmatched).toBe('cssproperty'.length);
    expect(both('set timeout', 'setTimeout').unmatched).toBe(0);
  });

  it('reads text with accents word by word', () => {
    expect(both('grid', 'Café grid').content).toEqual([{ slot: 0, whole: true }]);
  });
});
