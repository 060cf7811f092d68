/**
 * The search strategies both engines keep for large indexes (scoring every match or only
 * the title matches, counts of common words), reached with 40 documents by small limits:
 * the cases each engine's own test file runs on its engine, so both answer alike.
 */
import { describe, expect, it } from 'vitest';
import type { PreparedDocument, RankingLimits, SearchEngine, SearchQuery } from '../engine/engine.ts';
import { createSearchPipeline as pipeline } from '../pipeline/searchPipeline.ts';
import { searchQuery } from './searchQuery.ts';
import { numberedDocument, testDocument } from './testDocuments.ts';

/** Small limits reach the strategies meant for large indexes with 40 documents. */
export const SMALL_LIMITS: RankingLimits = { rankAllMax: 10, rankAllMaxOr: 10, commonWordDocs: 8 };

/** The documents the cases search: `alpha` in 30 (5 titles), `beta` in 3, `delta` in 20; every other one in English. */
export const NUMBERED_DOCUMENTS: readonly PreparedDocument[] = Array.from({ length: 40 }, (_, i) => numberedDocument(i));

async function ids(engine: SearchEngine, query: SearchQuery): Promise<string[]> {
  return (await pipeline(engine).search(query)).hits.map((hit) => hit.document.id);
}

/**
 * Runs the cases: `numbered` gives an engine under SMALL_LIMITS holding NUMBERED_DOCUMENTS,
 * which the cases leave as they found it; `fresh` an empty one under SMALL_LIMITS.
 */
export function engineStrategyCases(numbered: () => SearchEngine, fresh: () => Promise<SearchEngine>): void {
  describe('ranking many matches', () => {
    it('puts title matches first, then the rest in a stable order, with falling scores', async () => {
      const first = await pipeline(numbered()).search(searchQuery(['alpha']));
      expect(first.total).toBe(30);
      const firstIds = first.hits.map((hit) => hit.document.id);
      expect(new Set(firstIds.slice(0, 5))).toEqual(new Set(['d0', 'd1', 'd2', 'd3', 'd4']));
      expect(firstIds.slice(5)).toEqual(['d5', 'd6', 'd7', 'd8', 'd9']);
      const pages = [first];
      for (let page = 1; page < 3; page++) pages.push(await pipeline(numbered()).search(searchQuery(['alpha'], { offset: page * 10 })));
      const all = pages.flatMap((page) => page.hits);
      expect(new Set(all.map((hit) => hit.document.id)).size).toBe(30);
      const scores = all.map((hit) => hit.score);
      for (let i = 1; i < scores.length; i++) expect(scores[i]).toBeLessThan(scores[i - 1]!);
      expect(scores.at(-1)).toBeGreaterThan(0);
    });

    it('ranks by the rarer words when a common word is among them', async () => {
      const result = await pipeline(numbered()).search(searchQuery(['beta', 'alpha']));
      expect(result.total).toBe(3);
      expect(new Set(result.hits.map((hit) => hit.document.id))).toEqual(new Set(['d10', 'd11', 'd12']));
      expect(await ids(numbered(), searchQuery(['alpha', 'beta']))).toHaveLength(3);
    });

    it('orders a small match of only common words: title matches first, then as stored', async () => {
      const result = await pipeline(numbered()).search(searchQuery(['alpha', 'delta']));
      expect(result.total).toBe(10);
      expect(result.hits.map((hit) => hit.document.id)).toEqual(['d0', 'd1', 'd2', 'd3', 'd4', 'd5', 'd6', 'd7', 'd8', 'd9']);
    });

    it('keeps filters in every strategy', async () => {
      const english = await pipeline(numbered()).search(searchQuery(['alpha'], { language: 'en' }));
      expect(english.total).toBe(15);
      expect(new Set(english.hits.map((hit) => hit.document.id).slice(0, 3))).toEqual(new Set(['d0', 'd2', 'd4']));
      for (const hit of english.hits) expect(hit.document.language).toBe('en');
      expect(await ids(numbered(), searchQuery(['beta', 'alpha'], { language: 'de' }))).toEqual(['d11']);
    });
  });

  describe('the last word as a prefix', () => {
    it('matches longer words, and only the word itself when none is longer', async () => {
      const engine = await fresh();
      await engine.write([testDocument('p1', 'snowflake'), testDocument('p2', 'snowflakes'), testDocument('p3', 'snowflake2024')]);
      expect(new Set(await ids(engine, searchQuery(['snowflake'], { prefixLast: true })))).toEqual(new Set(['p1', 'p2', 'p3']));
      // The singular matches too, after the word as typed.
      expect(await ids(engine, searchQuery(['snowflakes'], { prefixLast: true }))).toEqual(['p2', 'p1']);
      expect(await ids(engine, searchQuery(['snowflake'], { prefixLast: false }))).toEqual(['p1', 'p2']);
      expect(await ids(engine, searchQuery(['snowflake2024'], { prefixLast: true }))).toEqual(['p3']);
      expect(await ids(engine, searchQuery(['snow'], { prefixLast: true }))).toHaveLength(3);
    });
  });
}
