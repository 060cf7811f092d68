// In the conformance suite: what query rules do to searches, over HTTP, on every engine:
// each condition and consequence, resultType=organic, validity windows, two rules at
// once, a pin the search's filter excludes, and a rule written through another node.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { QueryRuleInput, QueryRuleList, SearchHit, SearchResponse, StoredStatsEventsResponse } from '../../src/client/types.ts';
import { onSqlite } from '../testing/testEngine.ts';
import { injectService } from '../testing/injectedService.ts';
import { DEMO_AUTH, eventually, getJson, putJson, sendJson, type TestService } from '../testing/service.ts';

let now = Date.parse('2026-11-28T12:00:00Z');
let service: TestService;

const DOCUMENTS = [
  { id: 'signin', title: 'Sign in to your account', main_content: 'sign in with your password', custom_fields: { area: 'account' } },
  { id: 'login-help', title: 'Login help', main_content: 'login problems and login answers', custom_fields: { area: 'help' } },
  { id: 'login-faq', title: 'Login FAQ', main_content: 'login questions', custom_fields: { area: 'help' } },
  { id: 'pricing', title: 'Pricing', main_content: 'plans and prices', custom_fields: { area: 'sales' } },
  { id: 'anmeldung', title: 'Anmeldung', main_content: 'login anmeldung', language: 'de', custom_fields: { area: 'account' } },
  { id: 'widget-a', title: 'Widget guide', main_content: 'widget manual', custom_fields: { area: 'x' } },
  { id: 'widget-b', title: 'Widget guide', main_content: 'widget manual', custom_fields: { area: 'y' } },
];

beforeAll(async () => {
  service = await injectService({ clock: () => now });
  expect((await putJson(service, '/v2/indices/demo/documents:batch', { documents: DOCUMENTS })).status).toBe(202);
});

// Each test's rules go with it, so a failing test leaves nothing behind for the next.
afterEach(async () => {
  const { rules } = (await (await sendJson(service, 'GET', '/v2/indices/demo/rules')).json()) as QueryRuleList;
  for (const { id } of rules) await removeRule(id);
});

afterAll(async () => {
  await service.close();
  service.remove();
});

async function rule(id: string, body: QueryRuleInput, on: TestService = service): Promise<void> {
  const response = await sendJson(on, 'PUT', `/v2/indices/demo/rules/${id}`, body);
  expect(response.status, await response.clone().text()).toBe(200);
}

async function removeRule(id: string): Promise<void> {
  await sendJson(service, 'DELETE', `/v2/indices/demo/rules/${id}`);
}

async function search(term: string, params: Array<[string, string]> = [], on: TestService = service): Promise<SearchResponse> {
  const answer = await getJson<SearchResponse>(on, '/v1/search/demo', [['term', term], ...params]);
  expect(answer.status).toBe(200);
  return answer.body;
}

const placed = (hits: readonly SearchHit[]) => hits.map((hit) => `${hit.id}:${hit.resultType}`);
const ids = (hits: readonly SearchHit[]) => hits.map((hit) => hit.id);

describe('query rules in searches', () => {
  it('pin a document at its position, once, counting it when the words did not match it', async () => {
    await rule('pin-login', { conditions: [{ pattern: 'login', anchoring: 'is' }], consequence: { pin: [{ id: 'signin', position: 1 }] } });
    const answer = await search('login', [['filter', JSON.stringify({ not: { 'custom_fields.area': 'sales' } })]]);
    expect(placed(answer.hits)[0]).toBe('signin:pinned');
    expect(answer.hits.slice(1).every((hit) => hit.resultType === 'organic')).toBe(true);
    expect(ids(answer.hits).sort()).toEqual(['anmeldung', 'login-faq', 'login-help', 'signin']);
    expect(answer.total_hits).toBe(4);
    expect(answer.appliedRules).toEqual(['pin-login']);
    // Pinned at 2 on a page of one: the second page shows it.
    await rule('pin-login', { conditions: [{ pattern: 'login', anchoring: 'is' }], consequence: { pin: [{ id: 'login-faq', position: 2 }] } });
    const organic = ids((await search('login')).hits).filter((id) => id !== 'login-faq');
    const first = await search('login', [['limit', '1']]);
    const second = await search('login', [
      ['limit', '1'],
      ['page', '2'],
    ]);
    const third = await search('login', [
      ['limit', '1'],
      ['page', '3'],
    ]);
    expect(placed([...first.hits, ...second.hits, ...third.hits])).toEqual([`${organic[0]}:organic`, 'login-faq:pinned', `${organic[1]}:organic`]);
    expect(first.total_hits).toBe(3);
    await removeRule('pin-login');
  });

  it('record the words the visitor typed, and clicks on pinned results with their positions, as any search and click', async () => {
    await rule('analytics', {
      conditions: [{ pattern: 'logon', anchoring: 'is' }],
      consequence: { replaceTerm: 'sign in', pin: [{ id: 'pricing', position: 2 }] },
    });
    const answer = await search('logon', [['session', 'rules-analytics']]);
    expect(placed(answer.hits)).toEqual(['signin:organic', 'pricing:pinned']);
    const click = { action: 'click', session: 'rules-analytics', keyword: 'logon', docid: 'pricing', position: 2 };
    expect((await sendJson(service, 'POST', '/v1/stats/demo', click, null)).status).toBe(200);
    const events = await eventually(async () => {
      const stored = await getJson<StoredStatsEventsResponse>(service, '/v2/indices/demo/stats/events', [['session', 'rules-analytics']], {
        headers: { authorization: DEMO_AUTH },
      });
      return stored.body.events.length >= 2 ? stored.body.events : undefined;
    });
    // Searches are recorded after the answer: the click may be stored first.
    expect(events.map((e) => [e.action, e.keyword, 'position' in e ? e.position : e.numberOfResults]).sort()).toEqual([
      ['click', 'logon', 2],
      ['search', 'logon', 2],
    ]);
  });

  it('leave out a pinned document that the search filter or language excludes', async () => {
    await rule('pin-excluded', { conditions: [{ pattern: 'login', anchoring: 'is' }], consequence: { pin: [{ id: 'pricing', position: 1 }] } });
    const filtered = await search('login', [['filter', JSON.stringify({ 'custom_fields.area': 'help' })]]);
    expect(ids(filtered.hits).sort()).toEqual(['login-faq', 'login-help']);
    expect(filtered.total_hits).toBe(2);
    await rule('pin-excluded', { conditions: [{ pattern: 'login', anchoring: 'is' }], consequence: { pin: [{ id: 'anmeldung', position: 1 }] } });
    expect(ids((await search('login', [['lang', 'en']])).hits)).not.toContain('anmeldung');
    expect(placed((await search('login', [['lang', 'de']])).hits)).toEqual(['anmeldung:pinned']);
    expect((await search('login', [['lang', 'de']])).total_hits).toBe(1);
    await removeRule('pin-excluded');
  });

  it('hide documents from hits, counts and facets', async () => {
    await rule('hide-faq', { conditions: [{ pattern: 'login', anchoring: 'contains' }], consequence: { hide: ['login-faq'] } });
    const answer = await search('login', [['facet', 'custom_fields.area']]);
    expect(ids(answer.hits)).not.toContain('login-faq');
    expect(answer.total_hits).toBe(2);
    expect(answer.facets?.['custom_fields.area']).toEqual([
      { value: 'account', count: 1 },
      { value: 'help', count: 1 },
    ]);
    // Organic results hide them too.
    expect(ids((await search('login', [['resultType', 'organic']])).hits)).not.toContain('login-faq');
    await removeRule('hide-faq');
  });

  it('boost documents matching a filter', async () => {
    const plain = ids((await search('widget')).hits);
    const last = plain[plain.length - 1]!;
    await rule('boost-widget', {
      conditions: [{ pattern: 'widget', anchoring: 'is' }],
      consequence: { boost: [{ filter: { 'custom_fields.area': last === 'widget-a' ? 'x' : 'y' }, factor: 5 }] },
    });
    expect(ids((await search('widget')).hits)[0]).toBe(last);
    expect(ids((await search('widget', [['resultType', 'organic']])).hits)).toEqual(plain);
    await removeRule('boost-widget');
  });

  it('place promotions as hits that are no documents, not counted', async () => {
    await rule('promo', {
      conditions: [{ pattern: 'pricing', anchoring: 'startsWith' }],
      consequence: {
        promotions: [{ title: 'Sale <now>', url: 'https://example.com/sale', text: 'Half <b>off</b>', image: 'https://example.com/sale.png', position: 1 }],
      },
    });
    const answer = await search('pricing plans');
    expect(answer.total_hits).toBe(1);
    expect(answer.hits[0]).toMatchObject({
      id: 'promotion:promo:0',
      resultType: 'promotion',
      title: 'Sale <now>',
      url: 'https://example.com/sale',
      highlight: 'Half &lt;b&gt;off&lt;/b&gt;',
      images: { main: 'https://example.com/sale.png' },
    });
    expect(placed(answer.hits)).toEqual(['promotion:promo:0:promotion', 'pricing:organic']);
    expect(placed((await search('pricing plans', [['resultType', 'organic']])).hits)).toEqual(['pricing:organic']);
    await removeRule('promo');
  });

  it('replace the words searched, and answer redirect and userData', async () => {
    await rule('replace', {
      conditions: [{ pattern: 'logon', anchoring: 'endsWith' }],
      consequence: { replaceTerm: 'sign in', redirect: 'https://example.com/account', userData: { banner: 'Welcome back' } },
    });
    const answer = await search('account logon');
    expect(ids(answer.hits)).toEqual(['signin']);
    expect(answer.hits[0]!.highlight).toContain('<em>');
    expect(answer).toMatchObject({ redirect: 'https://example.com/account', userData: { banner: 'Welcome back' }, appliedRules: ['replace'] });
    // Without a matching rule, none of these is in the answer.
    const plain = await search('pricing');
    expect(plain.appliedRules).toBeUndefined();
    expect(plain.redirect).toBeUndefined();
    expect('userData' in plain).toBe(false);
    await removeRule('replace');
  });

  it('match the query * with an empty pattern, and a search filter with conditions filters', async () => {
    await rule('star', { conditions: [{ pattern: '', anchoring: 'is' }], consequence: { pin: [{ id: 'pricing', position: 1 }] } });
    await rule('with-filter', {
      conditions: [{ pattern: 'guide', anchoring: 'is', filters: { 'custom_fields.area': 'y' } }],
      consequence: { userData: 'filtered' },
    });
    const all = await search('*');
    expect(placed(all.hits)[0]).toBe('pricing:pinned');
    expect(all.total_hits).toBe(DOCUMENTS.length);
    expect(new Set(ids(all.hits)).size).toBe(all.hits.length);
    expect((await search('guide', [['filter', JSON.stringify({ 'custom_fields.area': 'y' })]])).userData).toBe('filtered');
    expect((await search('guide')).userData).toBeUndefined();
    await removeRule('star');
    await removeRule('with-filter');
  });

  it('leave pins, promotions and boosts out of resultType=organic', async () => {
    await rule('organic', {
      conditions: [{ pattern: 'login', anchoring: 'is' }],
      consequence: { pin: [{ id: 'pricing', position: 1 }], promotions: [{ title: 'P', url: 'https://example.com/p', position: 2 }] },
    });
    const answer = await search('login', [['resultType', 'organic']]);
    expect(answer.hits.every((hit) => hit.resultType === 'organic')).toBe(true);
    expect(ids(answer.hits)).not.toContain('pricing');
    await removeRule('organic');
  });

  it('apply only inside a validity window, and not when disabled', async () => {
    const body: QueryRuleInput = {
      conditions: [{ pattern: 'prices', anchoring: 'contains' }],
      consequence: { redirect: 'https://example.com/sale' },
      validity: [{ from: '2026-11-27T00:00:00Z', until: '2026-11-30T23:59:59Z' }],
    };
    await rule('window', body);
    expect((await search('cheap prices')).redirect).toBe('https://example.com/sale');
    now = Date.parse('2026-12-01T00:00:00Z');
    expect((await search('cheap prices')).redirect).toBeUndefined();
    now = Date.parse('2026-11-28T12:00:00Z');
    await rule('window', { ...body, enabled: false });
    expect((await search('cheap prices')).redirect).toBeUndefined();
    await removeRule('window');
  });

  it('let the most specific of two matching rules win a position, and list both', async () => {
    await rule('broad', { conditions: [{ pattern: 'help', anchoring: 'contains' }], consequence: { pin: [{ id: 'login-faq', position: 1 }] } });
    await rule('exact', { conditions: [{ pattern: 'login help', anchoring: 'is' }], consequence: { pin: [{ id: 'pricing', position: 1 }] } });
    const answer = await search('login help');
    expect(answer.appliedRules).toEqual(['exact', 'broad']);
    expect(placed(answer.hits)[0]).toBe('pricing:pinned');
    await removeRule('broad');
    await removeRule('exact');
  });

  it('apply a rule written through another node', async () => {
    // PostgreSQL: a second service on the same database. SQLite: a service whose searches run on reader threads.
    const writer = onSqlite ? await injectService({ clock: () => now, searchThreads: 1 }) : service;
    const reader = onSqlite ? writer : await injectService({ clock: () => now, dataDir: service.dataDir });
    try {
      if (onSqlite) await putJson(writer, '/v2/indices/demo/documents:batch', { documents: DOCUMENTS });
      expect((await search('pricing', [], reader)).redirect).toBeUndefined();
      await rule('elsewhere', { conditions: [{ pattern: 'pricing', anchoring: 'is' }], consequence: { redirect: 'https://example.com/x' } }, writer);
      // How soon is the bench's to measure; here the rule must come into effect at all.
      await eventually(async () => ((await search('pricing', [], reader)).redirect === 'https://example.com/x' ? true : undefined));
      await sendJson(writer, 'DELETE', '/v2/indices/demo/rules/elsewhere');
    } finally {
      if (onSqlite) {
        await writer.close();
        writer.remove();
      } else {
        await reader.close();
      }
    }
  });
});
