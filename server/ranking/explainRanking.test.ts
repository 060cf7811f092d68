import { describe, expect, it } from 'vitest';
import type { CustomFieldValue, RankingDetails } from '../../src/client/types.ts';
import { explainRanking, LAST_RANKED_NOTE, PAGE_BEFORE_SECTIONS, TIE_NOTE, unrankedDetails, UNRANKED_NOTE } from './explainRanking.ts';
import { DEFAULT_RANKING_RULES, rankCandidates, rankWithFacts, type Candidate, type RankingRule } from './rankCandidates.ts';
import { testPlan } from '../testing/testPlan.ts';

interface Doc {
  url?: string;
  title: string;
  content?: string;
  score?: number;
  boost?: number;
  fields?: Record<string, CustomFieldValue>;
}

/** The titles in ranked order with their details, as an explained search gets them. */
function explained(
  term: string,
  docs: Doc[],
  rules: readonly RankingRule[] = DEFAULT_RANKING_RULES,
  maxBoost = 1,
): Array<{ title: string; details: RankingDetails }> {
  const plan = testPlan(
    term,
    docs.flatMap((d) => [d.title, d.content ?? '']),
    { prefixLast: false, fuzzy: 'all' },
  );
  const candidates: Candidate[] = docs.map((d, key) => ({
    key,
    url: d.url ?? `https://example.test/${key}`,
    title: d.title,
    content: d.content ?? '',
    score: d.score ?? 1,
    boost: d.boost ?? 1,
    customFields: d.fields ?? null,
  }));
  const context = { rules, maxBoost, frequencies: [] };
  const ranked = rankWithFacts(plan, candidates, context);
  // Explaining never changes the order.
  expect(ranked.map((r) => r.candidate.key)).toEqual(rankCandidates(plan, candidates, context).map((c) => c.key));
  const details = explainRanking(ranked, rules, maxBoost);
  return ranked.map((r, i) => ({ title: r.candidate.title, details: details[i]! }));
}

const value = (details: RankingDetails, rule: string) => details.rules.find((r) => r.rule === rule)?.value;

describe('explainRanking', () => {
  it('lists every rule in order with the value it compared', () => {
    const [first] = explained('fetch api', [{ title: 'Fetch API', content: 'the fetch api', score: 2.5 }]);
    expect(first!.details.rules.map((r) => r.rule)).toEqual(DEFAULT_RANKING_RULES);
    expect(value(first!.details, 'attribute')).toBe(2);
    expect(value(first!.details, 'typo')).toBe(0);
    expect(value(first!.details, 'exactness')).toBe('title is the query, 2 whole, 2 as typed');
    expect(value(first!.details, 'proximity')).toBe(0);
    expect(value(first!.details, 'concise')).toBe(0);
    expect(value(first!.details, 'position')).toBe(0);
    expect(value(first!.details, 'bm25')).toBe(2.5);
  });

  it('names the one rule in which two documents differ', () => {
    // Same title words, same content: only the typo differs.
    const [better, worse] = explained('socket', [
      { title: 'Rocket guide', score: 5 },
      { title: 'Socket guide', score: 1 },
    ]);
    expect(better!.title).toBe('Socket guide');
    expect(better!.details.decidedBy).toBe('typo');
    expect(value(better!.details, 'typo')).toBe(0);
    expect(value(worse!.details, 'typo')).toBe(1);
    expect(worse!.details).toMatchObject({ decidedBy: null, note: LAST_RANKED_NOTE });
  });

  it('names the first rule that differs when several do', () => {
    const [first] = explained(
      'grid',
      [
        { title: 'Layout', content: 'grid', score: 9 },
        { title: 'Grid', content: 'grid', score: 1 },
      ],
      ['attribute', 'bm25'],
    );
    expect(first).toMatchObject({ title: 'Grid', details: { decidedBy: 'attribute' } });
  });

  it('says a tie is a tie', () => {
    const [first] = explained('grid', [{ title: 'Grid' }, { title: 'Grid' }]);
    expect(first!.details).toMatchObject({ decidedBy: null, note: TIE_NOTE });
  });

  it('names the page placed before its own section', () => {
    const order = explained(
      'ellipsis',
      [
        { url: 'https://example.test/text-overflow#ellipsis', title: 'text-overflow › ellipsis', content: 'ellipsis', score: 3 },
        { url: 'https://example.test/text-overflow', title: 'text-overflow', content: 'ellipsis', score: 1 },
      ],
      ['bm25'],
    );
    expect(order.map((o) => o.title)).toEqual(['text-overflow', 'text-overflow › ellipsis']);
    expect(order[0]!.details.decidedBy).toBe(PAGE_BEFORE_SECTIONS);
  });

  it('shows a click boost, its step and the custom ranking value', () => {
    const order = explained(
      'grid',
      [{ title: 'Grid', fields: { rating: 3 }, boost: 3 }, { title: 'Grid', fields: { rating: 5 } }, { title: 'Grid' }],
      ['clicks', 'desc(custom_fields.rating)', 'bm25'],
      2,
    );
    expect(order.map((o) => o.details.decidedBy)).toEqual(['clicks', 'desc(custom_fields.rating)', null]);
    expect(order[0]!.details.boosts).toEqual([{ source: 'clicks', factor: 3 }]);
    expect(value(order[0]!.details, 'clicks')).toBe(4);
    expect(order[1]!.details.boosts).toBeUndefined();
    expect(order.map((o) => value(o.details, 'desc(custom_fields.rating)'))).toEqual([3, 5, null]);
  });

  it('gives documents the rules did not order no values', () => {
    expect(unrankedDetails(['typo', 'bm25'])).toEqual({
      rules: [
        { rule: 'typo', value: null },
        { rule: 'bm25', value: null },
      ],
      decidedBy: null,
      note: UNRANKED_NOTE,
    });
  });
});
