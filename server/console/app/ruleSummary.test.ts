import { describe, expect, it } from 'vitest';
import type { QueryRule } from '../../../src/client/types.ts';
import { conditionsSummary, consequenceSummary, validityState, validitySummary } from './ruleSummary.ts';

const rule = (patch: Partial<QueryRule>): QueryRule => ({ id: 'r', enabled: true, conditions: [], consequence: {}, ...patch });
const NOW = Date.parse('2026-11-28T12:00:00Z');

describe('rule summaries', () => {
  it('say when a rule matches', () => {
    expect(
      conditionsSummary(
        rule({
          conditions: [
            { pattern: 'login', anchoring: 'is' },
            { pattern: '', anchoring: 'is' },
            { pattern: 'sign', anchoring: 'startsWith', filters: { category: '1xdocs' } },
          ],
        }),
      ),
    ).toBe('is “login” or the empty search or starts with “sign”, with a filter');
  });

  it('say what a rule does', () => {
    expect(consequenceSummary(rule({ consequence: { pin: [{ id: 'a', position: 1 }], hide: ['b', 'c'], redirect: 'https://x' } }))).toBe(
      'pins 1 document, hides 2 documents, redirects',
    );
    expect(consequenceSummary(rule({}))).toBe('nothing');
  });

  it('say when a rule applies', () => {
    expect(validitySummary(undefined, NOW)).toBe('Always');
    expect(validityState([{ from: '2026-11-27T00:00:00Z', until: '2026-11-30T00:00:00Z' }], NOW)).toBe('now');
    expect(validityState([{ from: '2026-12-01T00:00:00Z' }], NOW)).toBe('later');
    expect(validityState([{ until: '2026-11-01T00:00:00Z' }], NOW)).toBe('ended');
    expect(validitySummary([{ from: '2026-12-01T00:00:00Z' }], NOW)).toBe('Starts later: from 1 Dec 2026, 00:00 (UTC)');
  });
});
