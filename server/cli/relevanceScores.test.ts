import { describe, expect, it } from 'vitest';
import { firstWantedRank, relevanceScores } from './relevanceScores.ts';

const hit = (id: string, url = `https://site.example/${id}`) => ({ id, url });

describe('firstWantedRank', () => {
  it('finds a wanted id, or a wanted URL whatever the case of its host', () => {
    const hits = [hit('a'), hit('b'), hit('c')];
    expect(firstWantedRank(hits, ['c', 'b'])).toBe(2);
    expect(firstWantedRank(hits, ['HTTPS://Site.Example/c'])).toBe(3);
    expect(firstWantedRank([hit('home', 'https://site.example')], ['https://site.example/'])).toBe(1);
  });

  it('counts only the top 10, and never takes an id for a URL', () => {
    const hits = Array.from({ length: 12 }, (_, i) => hit(`d${i + 1}`));
    expect(firstWantedRank(hits, ['d10'])).toBe(10);
    expect(firstWantedRank(hits, ['d11'])).toBeNull();
    expect(firstWantedRank([hit('https://site.example/x', 'https://site.example/y')], ['https://site.example/x'])).toBeNull();
  });
});

describe('relevanceScores', () => {
  it('gives success@1, success@3 and MRR@10 of the first wanted ranks', () => {
    expect(relevanceScores([1, 2, 4, null])).toEqual({ queries: 4, success1: 0.25, success3: 0.5, mrr10: (1 + 1 / 2 + 1 / 4) / 4 });
    expect(relevanceScores([])).toEqual({ queries: 0, success1: 0, success3: 0, mrr10: 0 });
  });
});
