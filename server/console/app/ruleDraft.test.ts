import { describe, expect, it } from 'vitest';
import type { QueryRule } from '../../../src/client/types.ts';
import { LOGIN_RULE } from '../../testing/ruleFixtures.ts';
import { draftOfRule, emptyDraft, fieldOfParameter, fieldPaths, generatedRuleId, isoOfLocalInput, localInputOf, ruleOfDraft } from './ruleDraft.ts';

const RULE: QueryRule = { id: 'login', enabled: true, ...LOGIN_RULE };

describe('ruleOfDraft', () => {
  it('gives back every condition and consequence of a rule it was made from', () => {
    const { rule, problems } = ruleOfDraft(draftOfRule(RULE));
    expect(problems).toEqual({});
    const { id: _, ...input } = RULE;
    expect(rule).toEqual(input);
  });

  it('names each problem by the path the API would name', () => {
    const draft = draftOfRule(RULE);
    draft.id = 'no spaces';
    draft.conditions[0]!.filters = '{"custom_fields.area": account}';
    draft.pins[0]!.position = '0';
    draft.boosts[0]!.factor = '-1';
    draft.promotions[0]!.url = 'javascript:alert(1)';
    draft.userData = '{oops';
    draft.validity[0]!.until = '2026-11-01T00:00';
    expect(Object.keys(ruleOfDraft(draft).problems).sort()).toEqual(
      [
        'id',
        'conditions[0].filters',
        'consequence.pin[0].position',
        'consequence.boost[0].factor',
        'consequence.promotions[0].url',
        'consequence.userData',
        'validity[0].until',
      ].sort(),
    );
  });

  it('asks a new rule for an id, and for something to do', () => {
    expect(ruleOfDraft(emptyDraft()).problems).toEqual({
      id: 'The id needs 1 to 64 letters, digits, _ or -.',
      consequence: 'The rule does nothing yet: pin, hide, boost, promote, replace the words or redirect.',
    });
  });

  it('lets only “is” match the empty search', () => {
    const draft = { ...emptyDraft(), id: 'empty', replaceTerm: 'popular' };
    expect(ruleOfDraft(draft).problems).toEqual({});
    draft.conditions[0]!.anchoring = 'contains';
    expect(Object.keys(ruleOfDraft(draft).problems)).toEqual(['conditions[0].pattern']);
  });
});

describe('validity times', () => {
  it('read and write UTC, as the datetime-local inputs show them', () => {
    expect(localInputOf('2026-11-27T08:30:00+02:00')).toBe('2026-11-27T06:30');
    expect(isoOfLocalInput('2026-11-27T06:30')).toBe('2026-11-27T06:30:00Z');
    expect(isoOfLocalInput('2026-11-27T06:30:15')).toBe('2026-11-27T06:30:15Z');
  });
});

describe('fieldOfParameter', () => {
  const fields = fieldPaths(draftOfRule(RULE));
  it('finds the field the API names, or the nearest one around it', () => {
    expect(fieldOfParameter('consequence.redirect', fields)).toBe('consequence.redirect');
    expect(fieldOfParameter('consequence.pin[0].position', fields)).toBe('consequence.pin[0].position');
    expect(fieldOfParameter('consequence.pin[0].id', fields)).toBe('consequence.pin[0]');
    expect(fieldOfParameter('consequence.boost[0].filter.custom_fields.area', fields)).toBe('consequence.boost[0].filter');
    expect(fieldOfParameter('consequence.pin[7].position', fields)).toBe('consequence.pin');
    expect(fieldOfParameter('somethingElse', fields)).toBe('');
    expect(fieldOfParameter(undefined, fields)).toBe('');
  });

  it("makes a new rule an id from its words and a suffix, within the API's pattern", () => {
    expect(generatedRuleId('', 'k3x9')).toBe('rule-k3x9');
    expect(generatedRuleId('Sign in — Élan!', 'k3x9')).toBe('rule-sign-in-elan-k3x9');
    const long = generatedRuleId('word '.repeat(40), 'k3x9');
    expect(long).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(long.endsWith('-k3x9')).toBe(true);
  });
});
