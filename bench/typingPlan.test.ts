import { describe, expect, it } from 'vitest';
import { pickQueries, typedText, typingPlan } from './typingPlan.ts';

describe('typingPlan', () => {
  it('types the query, corrections included', () => {
    for (let seed = 0; seed < 200; seed++) expect(typedText(typingPlan('grid template', seed))).toBe('grid template');
  });
  it('pauses 60 to 200 ms between keys, none before the first', () => {
    const keys = typingPlan('abort controller', 3);
    expect(keys[0]!.delayMs).toBe(0);
    for (const key of keys.slice(1)) {
      expect(key.delayMs).toBeGreaterThanOrEqual(60);
      expect(key.delayMs).toBeLessThanOrEqual(200);
    }
  });
  it('makes some typos over many queries, and is the same for the same seed', () => {
    const plans = Array.from({ length: 50 }, (_, seed) => typingPlan('background color', seed));
    expect(plans.filter((keys) => keys.some((k) => k.key === 'Backspace')).length).toBeGreaterThan(0);
    expect(typingPlan('background color', 9)).toEqual(typingPlan('background color', 9));
  });
});

describe('pickQueries', () => {
  const titles = ['AbortController', 'Grid template areas', 'Fetch API: Request', 'border-radius', 'The dialog element'];
  it('picks distinct words of the titles, the same for the same seed', () => {
    const queries = pickQueries(titles, 6, 1);
    expect(new Set(queries).size).toBe(queries.length);
    expect(queries).toEqual(pickQueries(titles, 6, 1));
    const words = new Set(titles.flatMap((t) => t.toLowerCase().split(/[^a-z]+/)));
    for (const query of queries) for (const word of query.split(' ')) expect(words.has(word)).toBe(true);
  });
});
