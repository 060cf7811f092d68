// In the conformance suite: the query rules endpoints (writing, reading, listing,
// removing, and every problem a body can have). What rules do to searches is in
// rulesSearch.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, QueryRule, QueryRuleInput, QueryRuleList } from '../../src/client/types.ts';
import { basicAuth, getJson, sendJson, startService, TWO_INDICES, type TestService } from '../testing/service.ts';

let service: TestService;

beforeAll(async () => {
  service = await startService({ indices: TWO_INDICES });
});

afterAll(async () => {
  await service.close();
  service.remove();
});

const RULE: QueryRuleInput = {
  description: 'Sign-in page for login searches',
  conditions: [{ pattern: 'login', anchoring: 'is' }],
  consequence: {
    pin: [{ id: 'DOC_ID', position: 1 }],
    hide: ['OTHER_DOC_ID'],
    boost: [{ filter: { 'custom_fields.area': 'account' }, factor: 2 }],
    promotions: [{ title: 'Help centre', url: 'https://example.com/help', text: 'Talk to us', image: 'https://example.com/help.png', position: 1 }],
    replaceTerm: 'sign in',
    redirect: 'https://example.com/account',
    userData: { any: 'JSON the site page reads' },
  },
  validity: [{ from: '2026-11-27T00:00:00Z', until: '2026-11-30T23:59:59Z' }],
};

async function errorOf(response: Response, status: number): Promise<ApiErrorBody['error']> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return ((await response.json()) as ApiErrorBody).error;
}

describe('the query rules endpoints', () => {
  it('create, read, replace, list and delete a rule', async () => {
    const put = await sendJson(service, 'PUT', '/v2/indices/demo/rules/login-page', RULE);
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({ id: 'login-page', ...RULE, enabled: true });
    const read = await getJson<QueryRule>(service, '/v2/indices/demo/rules/login-page', [], { headers: { authorization: basicAuth('demo', 'demo-secret') } });
    expect(read.body).toEqual({ id: 'login-page', ...RULE, enabled: true });

    const replaced = await sendJson(service, 'PUT', '/v2/indices/demo/rules/login-page', { ...RULE, enabled: false });
    expect(((await replaced.json()) as QueryRule).enabled).toBe(false);
    await sendJson(service, 'PUT', '/v2/indices/demo/rules/a_first', { conditions: [{ pattern: 'x', anchoring: 'contains' }], consequence: {} });
    const list = await sendJson(service, 'GET', '/v2/indices/demo/rules');
    expect(((await list.json()) as QueryRuleList).rules.map((r) => [r.id, r.enabled])).toEqual([
      ['a_first', true],
      ['login-page', false],
    ]);

    const removed = await sendJson(service, 'DELETE', '/v2/indices/demo/rules/login-page');
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ id: 'login-page' });
    expect((await errorOf(await sendJson(service, 'GET', '/v2/indices/demo/rules/login-page'), 404)).message).toMatch(/login-page/);
    await errorOf(await sendJson(service, 'DELETE', '/v2/indices/demo/rules/login-page'), 404);
    await sendJson(service, 'DELETE', '/v2/indices/demo/rules/a_first');
  });

  it("need the index's credentials, and keep each index's rules apart", async () => {
    expect((await sendJson(service, 'GET', '/v2/indices/demo/rules', undefined, null)).status).toBe(401);
    expect((await sendJson(service, 'PUT', '/v2/indices/demo/rules/r', RULE, basicAuth('other', 'other-secret'))).status).toBe(401);
    expect((await sendJson(service, 'PUT', '/v2/indices/other/rules/r', RULE, basicAuth('other', 'other-secret'))).status).toBe(200);
    expect(await (await sendJson(service, 'GET', '/v2/indices/demo/rules')).json()).toEqual({ rules: [] });
    expect((await sendJson(service, 'GET', '/v2/indices/nope/rules')).status).toBe(404);
  });

  it('refuse a bad rule id, naming ruleId', async () => {
    const error = await errorOf(await sendJson(service, 'PUT', `/v2/indices/demo/rules/${'x'.repeat(65)}`, RULE), 400);
    expect(error.parameter).toBe('ruleId');
    expect((await errorOf(await sendJson(service, 'GET', '/v2/indices/demo/rules/a.b'), 400)).parameter).toBe('ruleId');
  });

  it.each([
    [{ ...RULE, conditions: [] }, 'conditions'],
    [{ ...RULE, conditions: [{ pattern: 'x', anchoring: 'near' }] }, 'conditions[0].anchoring'],
    [{ ...RULE, conditions: [{ pattern: '', anchoring: 'contains' }] }, 'conditions[0].pattern'],
    [{ ...RULE, conditions: [{ pattern: 'x', anchoring: 'is', filters: { colour: 'red' } }] }, 'conditions[0].filters.colour'],
    [{ ...RULE, consequence: { pin: [{ id: 'a', position: 0 }] } }, 'consequence.pin[0].position'],
    [{ ...RULE, consequence: { boost: [{ filter: { range: {} }, factor: 2 }] } }, 'consequence.boost[0].filter.range'],
    [{ ...RULE, consequence: { boost: [{ filter: { 'custom_fields.a': 'b' }, factor: 0 }] } }, 'consequence.boost[0].factor'],
    [{ ...RULE, consequence: { promotions: [{ title: 'T', url: 'javascript:alert(1)', position: 1 }] } }, 'consequence.promotions[0].url'],
    [{ ...RULE, consequence: { redirect: 'ftp://example.com/' } }, 'consequence.redirect'],
    [{ ...RULE, consequence: { userData: { big: 'x'.repeat(20_000) } } }, 'consequence.userData'],
    [{ ...RULE, consequence: { pin: Array.from({ length: 51 }, (_, i) => ({ id: `d${i}`, position: 1 })) } }, 'consequence.pin'],
    [{ ...RULE, validity: [{ from: '2026-12-01', until: '2026-11-01' }] }, 'validity[0].from'],
    [{ ...RULE, validity: [{ from: 'soon' }] }, 'validity[0].from'],
    [{ ...RULE, colour: 'red' }, 'colour'],
  ])('refuse a bad rule with a 400 naming the field (%#: %s)', async (body, field) => {
    const error = await errorOf(await sendJson(service, 'PUT', '/v2/indices/demo/rules/bad', body), 400);
    expect(error.parameter).toBe(field);
    await errorOf(await sendJson(service, 'GET', '/v2/indices/demo/rules/bad'), 404);
  });

  it('take JSON only', async () => {
    const response = await fetch(`${service.baseUrl}/v2/indices/demo/rules/r`, {
      method: 'PUT',
      headers: { 'content-type': 'text/plain', authorization: basicAuth('demo', 'demo-secret') },
      body: JSON.stringify(RULE),
    });
    expect(response.status).toBe(415);
  });
});
