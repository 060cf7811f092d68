// In the conformance suite: a click on a query rule's promotion card, over HTTP, on every
// engine. The card's id is the click's docid, which takes at most 32 characters even when
// the rule id has 64, and the stats report names the card and its rule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCID_MAX_CHARS } from '../../src/client/limits.ts';
import type { SearchResponse, StatsReport } from '../../src/client/types.ts';
import { injectService } from '../testing/injectedService.ts';
import { DEMO_AUTH, getJson, putJson, sendJson, type TestService } from '../testing/service.ts';

let service: TestService;

const LONG_RULE = `spring-sale-${'x'.repeat(52)}`;

beforeAll(async () => {
  service = await injectService();
  expect((await putJson(service, '/v2/indices/demo/documents:batch', { documents: [{ id: 'pricing', title: 'Pricing', main_content: 'plans' }] })).status).toBe(
    202,
  );
  for (const id of [LONG_RULE, 'help']) {
    const response = await sendJson(service, 'PUT', `/v2/indices/demo/rules/${id}`, {
      conditions: [{ pattern: 'pricing', anchoring: 'is' }],
      consequence: {
        promotions: [
          { title: `First card of ${id.slice(0, 11)}`, url: 'https://example.com/first', position: id === 'help' ? 1 : 2 },
          { title: `Second card of ${id.slice(0, 11)}`, url: 'https://example.com/second', position: id === 'help' ? 3 : 4 },
        ],
      },
    });
    expect(response.status, await response.clone().text()).toBe(200);
  }
});

afterAll(async () => {
  await service.close();
  service.remove();
});

describe('clicks on promotions', () => {
  it('take a promotion of a 64-character rule id, and report it against that promotion', async () => {
    expect(LONG_RULE).toHaveLength(64);
    const answer = await getJson<SearchResponse>(service, '/v1/search/demo', [
      ['term', 'pricing'],
      ['collectAnalytics', 'false'],
    ]);
    const cards = answer.body.hits.filter((hit) => hit.resultType === 'promotion');
    expect(cards.map((card) => card.title)).toEqual(['First card of help', 'First card of spring-sale', 'Second card of help', 'Second card of spring-sale']);
    const ids = cards.map((card) => card.id);
    expect(new Set(ids).size).toBe(4);
    for (const id of ids) expect(id.length).toBeLessThanOrEqual(DOCID_MAX_CHARS);
    expect(ids[0]).toBe('promotion:help:0');

    const click = (docid: string, position: number) =>
      sendJson(service, 'POST', '/v1/stats/demo', { action: 'click', session: 's1', keyword: 'pricing', docid, position }, null);
    expect((await click(ids[1]!, 2)).status).toBe(200);
    expect((await click(ids[1]!, 2)).status).toBe(200);
    expect((await click(ids[3]!, 4)).status).toBe(200);
    expect((await click(ids[0]!, 1)).status).toBe(200);

    const report = await getJson<StatsReport>(service, '/v2/indices/demo/stats/report', [], { headers: { authorization: DEMO_AUTH } });
    expect(report.status).toBe(200);
    expect(report.body.topDocuments).toEqual([
      { docid: ids[1], clicks: 2, title: 'First card of spring-sale', url: 'https://example.com/first', promotion: { ruleId: LONG_RULE, n: 0 } },
      { docid: ids[0], clicks: 1, title: 'First card of help', url: 'https://example.com/first', promotion: { ruleId: 'help', n: 0 } },
      { docid: ids[3], clicks: 1, title: 'Second card of spring-sale', url: 'https://example.com/second', promotion: { ruleId: LONG_RULE, n: 1 } },
    ]);
  });
});
