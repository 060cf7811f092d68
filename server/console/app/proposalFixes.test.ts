import { describe, expect, it } from 'vitest';
import type { StatsProposal } from '../../../src/client/types.ts';
import { keywordPinRule, keywordRedirectRule, pinRuleId, pinRuleOf, synonymsWith } from './proposalFixes.ts';

const SYNONYM: StatsProposal = { kind: 'synonym', from: 'rounded corners', to: 'border-radius', sessions: 7, addresses: 4 };

describe('proposed fixes', () => {
  it('adds a one-way synonym once', () => {
    const added = synonymsWith([['js', 'javascript']], SYNONYM);
    expect(added).toEqual([['js', 'javascript'], { from: 'rounded corners', to: ['border-radius'] }]);
    expect(synonymsWith(added, SYNONYM)).toEqual(added);
    expect(synonymsWith([['border-radius', 'rounded corners']], SYNONYM)).toEqual([['border-radius', 'rounded corners']]);
  });

  it('makes a readable rule id of any words', () => {
    expect(pinRuleId('rounded corners')).toBe('fix-rounded-corners');
    expect(pinRuleId('  Café (menu)!')).toBe('fix-cafe-menu');
    expect(pinRuleId('日本')).toBe('fix-search');
    expect(pinRuleId('a '.repeat(50))).toMatch(/^fix-[a-z-]+[a-z]$/);
    expect(pinRuleId('a '.repeat(50)).length).toBeLessThanOrEqual(64);
    expect(pinRuleId('Scroll to top', 'redirect')).toBe('redirect-scroll-to-top');
  });

  it('pins a page first, or sends the visitor to an address, for exactly a rarely clicked keyword', () => {
    expect(keywordPinRule('scroll to top', { id: 'd1', title: 'scroll-margin-top' })).toEqual({
      description: 'Rarely clicked: “scroll to top” shows scroll-margin-top first',
      conditions: [{ pattern: 'scroll to top', anchoring: 'is' }],
      consequence: { pin: [{ id: 'd1', position: 1 }] },
    });
    expect(keywordRedirectRule('scroll to top', 'https://example.com/top').consequence).toEqual({ redirect: 'https://example.com/top' });
  });

  it('pins the clicked document first for exactly the failed words', () => {
    expect(pinRuleOf({ ...SYNONYM, kind: 'pin', id: 'css-border-radius' })).toEqual({
      description: 'Proposed fix: “rounded corners” finds what “border-radius” found',
      conditions: [{ pattern: 'rounded corners', anchoring: 'is' }],
      consequence: { pin: [{ id: 'css-border-radius', position: 1 }] },
    });
  });
});
