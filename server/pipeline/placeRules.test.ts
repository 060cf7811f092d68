import { describe, expect, it } from 'vitest';
import type { IndexReader, PageRow } from '../engine/engine.ts';
import { searchQuery } from '../testing/searchQuery.ts';
import { EXACT_PLACES_MAX, organicOffset, placeClaims, placeRules, type RuleClaim } from './placeRules.ts';
import type { RuleEffects } from './queryRules.ts';

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

describe('placeClaims', () => {
  // Documents `d{n}` have rowid n; `d404` is not in the index or fails the search's conditions.
  const reader: Pick<IndexReader, 'passing'> = {
    passing: async (documents) => ('ids' in documents ? documents.ids : []).filter((id) => id !== 'd404').map((id) => ({ id, rowid: Number(id.slice(1)) })),
  };
  const effects = (pins: Array<[string, number]>): RuleEffects => ({
    applied: ['r'],
    hide: [],
    pins: pins.map(([id, position]) => ({ id, position, ruleId: 'r' })),
    promotions: [{ ruleId: 'r', n: 0, title: 'T', url: 'https://example.com/', position: 3 }],
    boosts: [],
  });

  it('asks for the search itself when nothing is claimed', async () => {
    const query = searchQuery(['x'], { offset: 20 });
    expect((await placeClaims(reader, query, null)).window).toBe(query);
    expect((await placeClaims(reader, query, { ...effects([]), promotions: [] })).window).toBe(query);
  });

  it('reads from the first row while the page is shallow, and places the pins found', async () => {
    const placement = await placeClaims(
      reader,
      searchQuery(['x'], { offset: 10, limit: 10 }),
      effects([
        ['d9', 1],
        ['d404', 2],
        ['d8', 12],
      ]),
    );
    // Two claims before place 11 leave the page's organic rows from the 9th on; three claims may take places.
    expect(placement.window).toMatchObject({ offset: 0, limit: 8 + 10 + 3 });
    expect([...placement.pins]).toEqual([
      [9, { ruleId: 'r', position: 1 }],
      [8, { ruleId: 'r', position: 12 }],
    ]);
    const organic = rows(...Array.from({ length: 21 }, (_, i) => 100 + i), 8);
    expect(kinds(placement.place(organic, true)).slice(0, 3)).toEqual(['o108', 'p8', 'o109']);
    expect(placement.unmatchedPins(rows(8, 1, 2))).toBe(1);
  });

  it('reads from the organic start of a page past the exact places', async () => {
    const offset = EXACT_PLACES_MAX;
    const placement = await placeClaims(reader, searchQuery(['x'], { offset, limit: 10 }), effects([['d9', 1]]));
    expect(placement.window).toMatchObject({ offset: offset - 2, limit: 10 + 2 });
  });
});
