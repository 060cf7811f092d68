import { describe, expect, it } from 'vitest';
import type { QueryRuleInput } from '../../src/client/types.ts';
import type { FilterNode, SteeringEntry } from '../engine/engine.ts';
import { filterKey, matchRules, ruleIndex } from './queryRules.ts';

const NOW = Date.parse('2026-11-28T12:00:00Z');

function entries(rules: Record<string, Partial<QueryRuleInput> & Pick<QueryRuleInput, 'conditions'>>): SteeringEntry[] {
  return Object.entries(rules).map(([id, rule]) => ({ kind: 'rule', id, body: JSON.stringify({ id, enabled: true, consequence: {}, ...rule }) }));
}

function applied(rules: Parameters<typeof entries>[0], words: string[] | null, filter: FilterNode | null = null, now = NOW): string[] {
  return matchRules(ruleIndex(entries(rules)), words, filter, now).applied;
}

describe('matchRules', () => {
  it('anchors patterns on whole words', () => {
    const rules = {
      is: { conditions: [{ pattern: 'reset password', anchoring: 'is' as const }] },
      starts: { conditions: [{ pattern: 'reset', anchoring: 'startsWith' as const }] },
      ends: { conditions: [{ pattern: 'password', anchoring: 'endsWith' as const }] },
      contains: { conditions: [{ pattern: 'my password', anchoring: 'contains' as const }] },
    };
    expect(applied(rules, ['reset', 'password'])).toEqual(['is', 'ends', 'starts']);
    expect(applied(rules, ['reset', 'my', 'password', 'now'])).toEqual(['starts', 'contains']);
    expect(applied(rules, ['resets', 'passwords'])).toEqual(['is', 'ends', 'starts']);
    expect(applied(rules, ['preset', 'passwords2'])).toEqual([]);
    expect(applied(rules, ['my'])).toEqual([]);
  });

  it('compares word forms as ranking does: logins matches login', () => {
    expect(applied({ r: { conditions: [{ pattern: 'Logins', anchoring: 'is' }] } }, ['login'])).toEqual(['r']);
    expect(applied({ r: { conditions: [{ pattern: 'login', anchoring: 'is' }] } }, ['logins'])).toEqual(['r']);
  });

  it('matches * with an empty is pattern, and nothing else with it', () => {
    const rules = { all: { conditions: [{ pattern: '', anchoring: 'is' as const }] } };
    expect(applied(rules, null)).toEqual(['all']);
    expect(applied(rules, ['x'])).toEqual([]);
  });

  it('matches a condition with filters only when the search carries the same filter, in any order', () => {
    const rules = { r: { conditions: [{ pattern: 'shoes', anchoring: 'is' as const, filters: { 'custom_fields.brand': 'Acme', category: '1xshop' } }] } };
    const same: FilterNode = {
      op: 'and',
      nodes: [
        { op: 'category', value: '1xshop' },
        { op: 'eq', field: 'brand', value: 'Acme' },
      ],
    };
    expect(applied(rules, ['shoes'], same)).toEqual(['r']);
    expect(applied(rules, ['shoes'])).toEqual([]);
    expect(applied(rules, ['shoes'], { op: 'eq', field: 'brand', value: 'Acme' })).toEqual([]);
  });

  it('takes any condition of a rule, and skips disabled rules and rules outside every validity window', () => {
    const conditions = [
      { pattern: 'a', anchoring: 'is' as const },
      { pattern: 'b', anchoring: 'is' as const },
    ];
    expect(applied({ r: { conditions } }, ['b'])).toEqual(['r']);
    expect(applied({ r: { conditions, enabled: false } }, ['b'])).toEqual([]);
    const validity = [
      { from: '2026-11-01', until: '2026-11-02' },
      { from: '2026-11-28T00:00:00Z', until: '2026-11-28T23:59:59Z' },
    ];
    expect(applied({ r: { conditions, validity } }, ['a'])).toEqual(['r']);
    expect(applied({ r: { conditions, validity } }, ['a'], null, Date.parse('2026-11-29T00:00:01Z'))).toEqual([]);
    expect(applied({ r: { conditions, validity: [{ from: '2026-12-01' }] } }, ['a'])).toEqual([]);
  });

  it('merges rules: the most specific wins a position, a replacement, a redirect; hides add up; a hidden document is not pinned', () => {
    const effects = matchRules(
      ruleIndex(
        entries({
          broad: {
            conditions: [{ pattern: 'login', anchoring: 'contains' }],
            consequence: {
              pin: [
                { id: 'broad-doc', position: 1 },
                { id: 'kept', position: 2 },
              ],
              hide: ['h2'],
              replaceTerm: 'other words',
              redirect: 'https://example.com/broad',
            },
          },
          exact: {
            conditions: [{ pattern: 'login', anchoring: 'is' }],
            consequence: {
              pin: [
                { id: 'exact-doc', position: 1 },
                { id: 'h2', position: 3 },
              ],
              hide: ['h1'],
              promotions: [{ title: 'Help', url: 'https://example.com/help', position: 2 }],
              replaceTerm: 'sign in',
              userData: { from: 'exact' },
            },
          },
        }),
      ),
      ['login'],
      null,
      NOW,
    );
    expect(effects).toEqual({
      applied: ['exact', 'broad'],
      replaceWords: ['sign', 'in'],
      hide: ['h1', 'h2'],
      pins: [{ id: 'exact-doc', position: 1, ruleId: 'exact' }],
      promotions: [{ title: 'Help', url: 'https://example.com/help', position: 2, ruleId: 'exact', n: 0 }],
      boosts: [],
      redirect: 'https://example.com/broad',
      userData: { from: 'exact' },
    });
  });

  it('finds the matching rules among thousands by lookups', () => {
    const many = Object.fromEntries(
      Array.from({ length: 5000 }, (_, i) => [`r${i}`, { conditions: [{ pattern: `word${i} extra`, anchoring: 'contains' as const }] }]),
    );
    expect(applied(many, ['find', 'word4321', 'extra'])).toEqual(['r4321']);
  });
});

describe('filterKey', () => {
  it('is the same for and/or parts in any order', () => {
    const a: FilterNode = {
      op: 'or',
      nodes: [
        { op: 'category', value: 'x' },
        { op: 'range', field: 'p', gt: 1, lt: 2 },
      ],
    };
    const b: FilterNode = {
      op: 'or',
      nodes: [
        { op: 'range', field: 'p', lt: 2, gt: 1 },
        { op: 'category', value: 'x' },
      ],
    };
    expect(filterKey(a)).toBe(filterKey(b));
    expect(filterKey({ op: 'and', nodes: a.nodes })).not.toBe(filterKey(a));
  });
});
