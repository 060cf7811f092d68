import { describe, expect, it } from 'vitest';
import { DOCID_MAX_CHARS } from '../../src/client/limits.ts';
import type { QueryRule } from '../../src/client/types.ts';
import { promotionId, promotionsOf } from './promotionId.ts';

const LONG = 'a'.repeat(64);

function steering(ids: string[]) {
  const rule = (id: string): QueryRule => ({
    id,
    enabled: true,
    conditions: [{ pattern: 'x', anchoring: 'is' }],
    consequence: { promotions: [{ title: `Card of ${id}`, url: 'https://example.com/', position: 1 }] },
  });
  const entries = ids.map((id) => ({ id, body: JSON.stringify(rule(id)) }));
  return {
    list: async () => entries,
    get: async (_kind: string, id: string) => entries.find((entry) => entry.id === id)?.body ?? null,
  };
}

describe('promotionId', () => {
  it('names a promotion by its rule id while that fits a docid, else by a digest of it', () => {
    expect(promotionId('help', 1)).toBe('promotion:help:1');
    const long = promotionId(LONG, 19);
    expect(long).toMatch(/^promotion:~[0-9a-f]{16}:19$/);
    expect(long.length).toBeLessThanOrEqual(DOCID_MAX_CHARS);
    expect(promotionId(LONG, 19)).toBe(long);
    expect(promotionId(`${'a'.repeat(63)}b`, 19)).not.toBe(long);
    // The longest rule id whose readable form still fits.
    expect(promotionId('r'.repeat(20), 0)).toBe(`promotion:${'r'.repeat(20)}:0`);
    expect(promotionId('r'.repeat(21), 10)).toMatch(/^promotion:~/);
  });
});

describe('promotionsOf', () => {
  it("finds each clicked promotion's rule and card, by either form of its id", async () => {
    const found = await promotionsOf(steering(['help', LONG]), [promotionId('help', 0), promotionId(LONG, 0), 'd1']);
    expect([...found]).toEqual([
      [promotionId('help', 0), { ruleId: 'help', n: 0, card: expect.objectContaining({ title: 'Card of help' }) }],
      [promotionId(LONG, 0), { ruleId: LONG, n: 0, card: expect.objectContaining({ title: `Card of ${LONG}` }) }],
    ]);
  });

  it('names no promotion for a rule that is gone or a form the service does not give; no card past the list of the rule', async () => {
    const found = await promotionsOf(steering(['help', LONG]), [
      promotionId('gone', 0),
      promotionId(`${LONG}b`.slice(1), 0),
      `promotion:~${'0'.repeat(16)}:0`,
      'promotion:~help:0',
    ]);
    expect(found.size).toBe(0);
    expect((await promotionsOf(steering(['help']), [promotionId('help', 3)])).get(promotionId('help', 3))).toEqual({ ruleId: 'help', n: 3, card: undefined });
  });
});
