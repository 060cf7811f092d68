/**
 * A query rule with every condition and consequence set, for the tests of the rules API
 * and of the console's rule editor, which turns rules into form fields and back.
 */
import type { QueryRuleInput } from '../../src/client/types.ts';

/**
 * Its times are whole minutes: the editor's datetime-local inputs keep no seconds, so the
 * rule comes back from a form unchanged.
 */
export const LOGIN_RULE: QueryRuleInput = {
  description: 'Sign-in page for login searches',
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
