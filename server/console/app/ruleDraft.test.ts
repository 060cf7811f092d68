import { describe, expect, it } from 'vitest';
import type { QueryRule } from '../../../src/client/types.ts';
import { draftOfRule, emptyDraft, fieldOfParameter, fieldPaths, isoOfLocalInput, localInputOf, ruleOfDraft } from './ruleDraft.ts';

const RULE: QueryRule = {
  id: 'login',
  description: 'Sign-in page for login searches',
  enabled: true,
  conditions: [{ pattern: 'login', anchoring: 'is', filters: { 'custom_fields.area': 'account' } }],
  consequence: {
    pin: [{ id: 'DOC_ID', position: 1 }],
    hide: ['OTHER_DOC_ID'],
    boost: [{ filter: { 'custom_fields.area': 'account' }, factor: 2 }],
    promotions: [{ title: 'Help centre', url: 'https://example.com/help', text: 'Talk to us', image: 'https://example.com/help.png', position: 1 }],
    replaceTerm: 'sign in',
    redirect: 'https://example.com/account',
    userData: { any: 'JSON the site reads' },
  },
  validity: [{ from: '2026-11-27T00:00:00Z', until: '2026-11-30T23:59:00Z' }, { from: '2026-12-24T00:00:00Z' }],
};

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
});
