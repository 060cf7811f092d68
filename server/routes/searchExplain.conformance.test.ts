import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, RankingDetails, SearchHit, SearchResponse, StoredStatsEventsResponse } from '../../src/client/types.ts';
import { DEFAULT_RANKING_RULES } from '../ranking/rankCandidates.ts';
import { UNRANKED_NOTE } from '../ranking/explainRanking.ts';
import { injectService } from '../testing/injectedService.ts';
import { basicAuth, DEMO_AUTH, eventually, getJson, putJson, sendJson, type TestService } from '../testing/service.ts';

let service: TestService;

/** A crafted pair that differs only by a typo for `socket`, and documents that all share a word. */
const DOCUMENTS = [
  { id: 'rocket', title: 'Rocket guide', main_content: 'How to launch one, step by step.' },
  { id: 'socket', title: 'Socket guide', main_content: 'How to launch one, step by step.' },
  ...Array.from({ length: 8 }, (_, i) => ({
    id: `lantern-${i}`,
    title: i % 2 === 0 ? `Lantern ${i}` : `Notes ${i}`,
    main_content: `A lantern ${'and a wick '.repeat(i)}to light the way.`,
    custom_fields: { area: i === 3 ? 'lit' : 'dark' },
  })),
];

beforeAll(async () => {
  service = await injectService();
  expect((await putJson(service, '/v2/indices/demo/documents:batch', { documents: DOCUMENTS })).status).toBe(202);
});

afterAll(async () => {
  await service.close();
  service.remove();
});

type Params = ReadonlyArray<readonly [string, string]>;

async function explained(params: Params): Promise<Array<SearchHit & { _rankingDetails: RankingDetails }>> {
  const answer = await getJson<SearchResponse>(service, '/v1/search/demo', [...params, ['explain', 'true']], { headers: { authorization: DEMO_AUTH } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  for (const hit of answer.body.hits) expect(hit._rankingDetails).toBeDefined();
  return answer.body.hits as Array<SearchHit & { _rankingDetails: RankingDetails }>;
}

describe('GET /v1/search/{key}?explain=true', () => {
  it('answers 401 without the index credentials, and with wrong ones', async () => {
    for (const init of [{}, { headers: { authorization: basicAuth('demo', 'wrong') } }]) {
      const answer = await getJson<ApiErrorBody>(
        service,
        '/v1/search/demo',
        [
          ['term', 'lantern'],
          ['explain', 'true'],
        ],
        init,
      );
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toMatch(/^Basic/);
      expect(answer.body.error.code).toBe('unauthorized');
    }
  });

  it('adds nothing without explain, credentials or not', async () => {
    for (const init of [{}, { headers: { authorization: DEMO_AUTH } }]) {
      const answer = await getJson<SearchResponse>(service, '/v1/search/demo', [['term', 'lantern']], init);
      expect(answer.status).toBe(200);
      expect(answer.body.hits.length).toBeGreaterThan(0);
      for (const hit of answer.body.hits) expect(hit._rankingDetails).toBeUndefined();
    }
  });

  it('keeps the order of the same search unexplained', async () => {
    const plain = await getJson<SearchResponse>(service, '/v1/search/demo', [['term', 'lantern']]);
    const hits = await explained([['term', 'lantern']]);
    expect(hits.map((h) => h.id)).toEqual(plain.body.hits.map((h) => h.id));
  });

  it('gives every hit each rule in order, and a decidedBy that the values bear out', async () => {
    const hits = await explained([
      ['term', 'lantern'],
      ['limit', '20'],
    ]);
    expect(hits.length).toBe(8);
    for (const hit of hits) expect(hit._rankingDetails.rules.map((r) => r.rule)).toEqual(DEFAULT_RANKING_RULES);
    for (let i = 0; i + 1 < hits.length; i++) {
      const [a, b] = [hits[i]!._rankingDetails, hits[i + 1]!._rankingDetails];
      const at = a.rules.findIndex((r) => r.rule === a.decidedBy);
      expect(at, `${hits[i]!.id}: ${a.decidedBy}`).toBeGreaterThanOrEqual(0);
      // The rules before the deciding one compared equal values; the deciding one did not.
      expect(a.rules.slice(0, at)).toEqual(b.rules.slice(0, at));
      expect(a.rules[at]!.value).not.toEqual(b.rules[at]!.value);
    }
    // Titles holding the word came first, by `attribute`.
    const lastTitled = hits.map((h) => h.title.startsWith('Lantern')).lastIndexOf(true);
    expect(hits[lastTitled]!._rankingDetails.decidedBy).toBe('attribute');
    expect(hits.at(-1)!._rankingDetails.decidedBy).toBeNull();
  });

  it('names the rule that parts two documents differing by a typo', async () => {
    const hits = await explained([
      ['term', 'socket'],
      ['fuzzy', 'true'],
    ]);
    expect(hits.map((h) => h.id)).toEqual(['socket', 'rocket']);
    const [socket, rocket] = hits.map((h) => h._rankingDetails);
    expect(socket!.decidedBy).toBe('typo');
    expect(socket!.rules.find((r) => r.rule === 'typo')!.value).toBe(0);
    expect(rocket!.rules.find((r) => r.rule === 'typo')!.value).toBe(1);
    // Every rule before `typo` saw them alike.
    const typoAt = DEFAULT_RANKING_RULES.indexOf('typo');
    expect(socket!.rules.slice(0, typoAt)).toEqual(rocket!.rules.slice(0, typoAt));
  });

  it('says which hits the rules did not order', async () => {
    const hits = await explained([
      ['term', 'lantern'],
      ['sort', 'date'],
    ]);
    expect(hits.length).toBeGreaterThan(0);
    for (const hit of hits) {
      expect(hit._rankingDetails).toMatchObject({ decidedBy: null, note: UNRANKED_NOTE });
      expect(hit._rankingDetails.rules.every((r) => r.value === null)).toBe(true);
    }
  });

  it('is not recorded as a visitor search', async () => {
    await explained([['term', 'unrecorded']]);
    // A plain search after it: once that one is stored, the explained one would be too.
    expect((await getJson<SearchResponse>(service, '/v1/search/demo', [['term', 'recorded']])).status).toBe(200);
    const keywords = await eventually(async () => {
      const answer = await getJson<StoredStatsEventsResponse>(service, '/v2/indices/demo/stats/events', [['limit', '1000']], {
        headers: { authorization: DEMO_AUTH },
      });
      const words = answer.body.events.map((e) => e.keyword);
      return words.includes('recorded') ? words : undefined;
    });
    expect(keywords).not.toContain('unrecorded');
  });
});

describe('explain with query rules', () => {
  it('says which rule pinned a hit, which boosted one, and that a promotion is no document', async () => {
    const steer = {
      conditions: [{ pattern: 'lantern', anchoring: 'is' }],
      consequence: {
        pin: [{ id: 'lantern-7', position: 1 }],
        boost: [{ filter: { 'custom_fields.area': 'lit' }, factor: 3 }],
        promotions: [{ title: 'Lamp shop', url: 'https://example.com/lamps', position: 2 }],
      },
    };
    expect((await sendJson(service, 'PUT', '/v2/indices/demo/rules/steer', steer)).status).toBe(200);
    try {
      const hits = await explained([['term', 'lantern']]);
      expect(hits[0]).toMatchObject({ id: 'lantern-7', resultType: 'pinned' });
      expect(hits[0]!._rankingDetails).toMatchObject({ pinned: { ruleId: 'steer', position: 1 }, decidedBy: null });
      expect(hits[1]!.resultType).toBe('promotion');
      expect(hits[1]!._rankingDetails.note).toMatch(/promotion of query rule 'steer'/);
      expect(hits[1]!._rankingDetails.rules.every((r) => r.value === null)).toBe(true);
      const lit = hits.find((hit) => hit.id === 'lantern-3')!;
      expect(lit._rankingDetails.boosts).toEqual([{ source: 'rule:steer', factor: 3 }]);
      expect(hits.filter((hit) => hit.id !== 'lantern-3').every((hit) => hit._rankingDetails.boosts === undefined)).toBe(true);
    } finally {
      expect((await sendJson(service, 'DELETE', '/v2/indices/demo/rules/steer')).status).toBe(200);
    }
  });
});
