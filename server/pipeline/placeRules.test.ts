import { describe, expect, it } from 'vitest';
import type { PageRow } from '../engine/engine.ts';
import { organicOffset, placeRules, type RuleClaim } from './placeRules.ts';

const rows = (...rowids: number[]): PageRow[] => rowids.map((rowid) => ({ rowid, score: 0.5 }));
const pin = (rowid: number): RuleClaim => ({ kind: 'pinned', rowid, ruleId: 'r' });
const promotion: RuleClaim = { kind: 'promotion', promotion: { ruleId: 'r', n: 0, title: 'T', url: 'https://example.com/', position: 2 } };
const kinds = (placed: ReturnType<typeof placeRules>) => placed.map((row) => (row.kind === 'promotion' ? 'promo' : `${row.kind[0]}${row.rowid}`));

describe('placeRules', () => {
  it('puts pins and promotions at their positions and organic rows around them', () => {
    const claims = new Map<number, RuleClaim>([
      [1, pin(9)],
      [3, promotion],
    ]);
    const placed = placeRules(rows(1, 2, 3), claims, 0, 4, true);
    expect(kinds(placed)).toEqual(['p9', 'o1', 'promo', 'o2']);
    expect(placed.map((row) => row.score)).toEqual([1, 1 / 2, 1 / 3, 1 / 4]);
  });

  it('continues on a later page from the organic row the claims before it left off at', () => {
    const claims = new Map<number, RuleClaim>([
      [1, pin(9)],
      [4, pin(8)],
    ]);
    expect(organicOffset(2, claims)).toBe(1);
    expect(kinds(placeRules(rows(2, 3, 4), claims, 2, 2, true))).toEqual(['o2', 'p8']);
  });

  it('places claims beyond the last organic row right after it, in position order', () => {
    const claims = new Map<number, RuleClaim>([
      [10, pin(8)],
      [5, promotion],
    ]);
    expect(kinds(placeRules(rows(1), claims, 0, 10, true))).toEqual(['o1', 'promo', 'p8']);
  });

  it('keeps the scores of a sorted page', () => {
    expect(placeRules(rows(1), new Map([[2, pin(9)]]), 0, 2, false).map((r) => r.score)).toEqual([0.5, 1 / 2]);
  });
});
