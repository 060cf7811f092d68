// In the conformance suite: the query rules endpoints (writing, reading, listing,
// removing, and every problem a body can have). What rules do to searches is in
// rulesSearch.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, QueryRule, QueryRuleInput, QueryRuleList } from '../../src/client/types.ts';
import { injectService } from '../testing/injectedService.ts';
import { LOGIN_RULE } from '../testing/ruleFixtures.ts';
import { basicAuth, getJson, sendJson, TWO_INDICES, type TestService } from '../testing/service.ts';

let service: TestService;

beforeAll(async () => {
  // The index's cap lowered, so that a test reaches it with a few rules of the rule's cap.
  service = await injectService({ indices: TWO_INDICES, ruleLimits: { indexBytes: 200_000 } });
});

afterAll(async () => {
  await service.close();
  service.remove();
});

/** A rule that sets every condition and consequence. */
const RULE = LOGIN_RULE;

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
    const response = await service.fetch(`/v2/indices/demo/rules/r`, {
      method: 'PUT',
      headers: { 'content-type': 'text/plain', authorization: basicAuth('demo', 'demo-secret') },
      body: JSON.stringify(RULE),
    });
    expect(response.status).toBe(415);
  });
});

describe('the size of rules', () => {
  const auth = basicAuth('other', 'other-secret');
  /** A rule hiding `n` documents of long ids: about 510 bytes each. */
  const bigRule = (n: number, tag: string): QueryRuleInput => ({
    conditions: [{ pattern: `big ${tag}`, anchoring: 'is' }],
    consequence: { hide: Array.from({ length: n }, (_, i) => `${tag}-${i}-${'x'.repeat(500)}`) },
  });

  it('refuse a rule over 64 KB, and rules past the index cap, with a 400 that says so', async () => {
    const tooBig = await errorOf(await sendJson(service, 'PUT', '/v2/indices/other/rules/huge', bigRule(140, 'h'), auth), 400);
    expect(tooBig).toMatchObject({ code: 'invalid_body' });
    expect(tooBig.message).toMatch(/^a rule takes at most 65,536 bytes as JSON; this one takes 7\d,\d{3}$/);
    // Three rules of 60 KB fit under 200,000 bytes; a fourth does not, though replacing one does.
    for (const id of ['big-1', 'big-2', 'big-3'])
      expect((await sendJson(service, 'PUT', `/v2/indices/other/rules/${id}`, bigRule(115, id), auth)).status).toBe(200);
    const over = await errorOf(await sendJson(service, 'PUT', '/v2/indices/other/rules/big-4', bigRule(115, 'big-4'), auth), 400);
    expect(over.message).toMatch(
      /^the rules of an index take at most 200,000 bytes as JSON; with this one they would take 2\d\d,\d{3}: delete or shorten a rule first$/,
    );
    expect((await sendJson(service, 'PUT', '/v2/indices/other/rules/big-3', bigRule(110, 'big-3'), auth)).status).toBe(200);
    for (const id of ['big-1', 'big-2', 'big-3'])
      expect((await sendJson(service, 'DELETE', `/v2/indices/other/rules/${id}`, undefined, auth)).status).toBe(200);
  });

  it('list rules a page at a time, by id, with the id to go on after', async () => {
    // After the ids the other tests leave in the index.
    const ids = Array.from({ length: 5 }, (_, i) => `zz-${i}`);
    for (const id of ids) expect((await sendJson(service, 'PUT', `/v2/indices/other/rules/${id}`, RULE, auth)).status).toBe(200);
    const list = (params: Array<[string, string]>) => getJson<QueryRuleList>(service, '/v2/indices/other/rules', params, { headers: { authorization: auth } });
    const first = await list([
      ['limit', '2'],
      ['after', 'zz'],
    ]);
    expect(first.status).toBe(200);
    expect(first.body.rules.map((r) => r.id)).toEqual(['zz-0', 'zz-1']);
    expect(first.body.next).toBe('zz-1');
    const second = await list([
      ['limit', '2'],
      ['after', 'zz-1'],
    ]);
    expect(second.body.rules.map((r) => r.id)).toEqual(['zz-2', 'zz-3']);
    const last = await list([
      ['limit', '2'],
      ['after', 'zz-3'],
    ]);
    expect(last.body.rules.map((r) => r.id)).toEqual(['zz-4']);
    expect(last.body.next).toBeUndefined();
    expect((await list([['limit', '1001']])).status).toBe(400);
    for (const id of ids) expect((await sendJson(service, 'DELETE', `/v2/indices/other/rules/${id}`, undefined, auth)).status).toBe(200);
  });
});
