// In the conformance suite: what query rules do to suggestions and autocompletion, over
// HTTP, on every engine. A document a rule hides for the typed words is offered neither as
// a suggestion (from its title or its content) nor as a field value, nor counted as a use.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AutocompleteResponse, QueryRuleInput, QueryRuleList, SuggestResponse } from '../../src/client/types.ts';
import { injectService } from '../testing/injectedService.ts';
import { getJson, putJson, sendJson, type TestService } from '../testing/service.ts';

let service: TestService;

const DOCUMENTS = [
  { id: 'pricing', title: 'Pricing', main_content: 'plans and prices', custom_fields: { plan: 'Pricing plus' } },
  { id: 'pricing-2019', title: 'Pricing archive', main_content: 'quota exceeded under the old plans', custom_fields: { plan: 'Pricing plus' } },
  { id: 'pricing-2018', title: 'Pricing history', main_content: 'the old plans', custom_fields: { plan: 'Pricing plus' } },
  { id: 'limits', title: 'Limits', main_content: 'your quota extends every month', custom_fields: { plan: 'Pricing basic' } },
  { id: 'support', title: 'Support', main_content: 'help', custom_fields: { plan: 'Pricing basic' } },
];

const HIDE_OLD: QueryRuleInput = {
  conditions: [
    { pattern: 'pricing', anchoring: 'is' },
    { pattern: 'quota', anchoring: 'startsWith' },
  ],
  consequence: { hide: ['pricing-2019', 'pricing-2018'] },
};

beforeAll(async () => {
  service = await injectService();
  expect((await putJson(service, '/v2/indices/demo/documents:batch', { documents: DOCUMENTS })).status).toBe(202);
});

afterEach(async () => {
  const { rules } = (await (await sendJson(service, 'GET', '/v2/indices/demo/rules')).json()) as QueryRuleList;
  for (const { id } of rules) await sendJson(service, 'DELETE', `/v2/indices/demo/rules/${id}`);
});

afterAll(async () => {
  await service.close();
  service.remove();
});

async function rule(id: string, body: QueryRuleInput): Promise<void> {
  const response = await sendJson(service, 'PUT', `/v2/indices/demo/rules/${id}`, body);
  expect(response.status, await response.clone().text()).toBe(200);
}

async function suggest(term: string): Promise<string[]> {
  const answer = await getJson<SuggestResponse>(service, '/v1/suggest/demo', [['term', term]]);
  expect(answer.status).toBe(200);
  return answer.body.suggestions.map((s) => s.value);
}

async function complete(term: string): Promise<string[]> {
  const answer = await getJson<AutocompleteResponse>(service, '/v1/autocomplete/document-field/demo', [
    ['term', term],
    ['source', 'custom_fields.plan'],
  ]);
  expect(answer.status).toBe(200);
  return answer.body.autocomplete.map((item) => item.value);
}

describe('query rules in suggestions and autocompletion', () => {
  it('suggest nothing from the titles and contents of documents hidden for the typed words', async () => {
    expect((await suggest('pricing')).sort()).toEqual(['Pricing', 'Pricing archive', 'Pricing history']);
    expect(await suggest('quota ex')).toContain('quota exceeded');
    await rule('hide-old', HIDE_OLD);
    expect(await suggest('pricing')).toEqual(['Pricing']);
    expect(await suggest('quota ex')).toEqual(['quota extends']);
    // Rules match the words typed so far, as a search of them would: `pricin` is no `pricing`.
    expect(await suggest('pricin')).toContain('Pricing archive');
  });

  it('leave the values of hidden documents out of autocompletion, and out of their uses', async () => {
    expect(await complete('pricing')).toEqual(['Pricing plus', 'Pricing basic']);
    await rule('hide-old', HIDE_OLD);
    // `Pricing plus` keeps one use of three, behind the two of `Pricing basic`.
    expect(await complete('pricing')).toEqual(['Pricing basic', 'Pricing plus']);
    await rule('hide-all-plus', { conditions: [{ pattern: 'pricing', anchoring: 'is' }], consequence: { hide: ['pricing'] } });
    expect(await complete('pricing')).toEqual(['Pricing basic']);
  });

  it('complete the words typed, not a replacement term, and stay within validity windows', async () => {
    await rule('to-support', { conditions: [{ pattern: 'pricing', anchoring: 'is' }], consequence: { replaceTerm: 'support' } });
    expect(await suggest('pricing')).toContain('Pricing archive');
    await rule('hide-old', { ...HIDE_OLD, validity: [{ until: '2001-01-01T00:00:00Z' }] });
    expect(await suggest('pricing')).toContain('Pricing archive');
  });
});
