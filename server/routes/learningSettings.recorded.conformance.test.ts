// In the conformance suite (server/testing/testEngine.ts): the learning settings of
// `/v2/indices/{key}/settings` (personalization impact, suggestion settings) on the tests' engine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, SearchResponse, StatsEvent, SuggestResponse } from '../../src/client/types.ts';
import { getJson, sendJson, startServiceWithDocuments, type TestService } from '../testing/service.ts';
import { patchSettings, readSettings, SETTINGS } from '../testing/indexSettings.ts';
import { signUserToken } from '../../src/node/userToken.ts';

const SITE = 'https://docs.example.test';
const DOCUMENTS = [
  { id: 'css-color', url: `${SITE}/css/color`, title: 'CSS color property', main_content: 'Sets the color of text.' },
  { id: 'html-color', url: `${SITE}/html/color`, title: 'color attribute', main_content: 'The color of a font element.' },
  { id: 'js-color', url: `${SITE}/js/color`, title: 'Canvas color fill', main_content: 'Fills shapes with a color.' },
  { id: 'css-margin', url: `${SITE}/css/margin`, title: 'CSS margin', main_content: 'Space around a box.' },
  { id: 'css-padding', url: `${SITE}/css/padding`, title: 'CSS padding', main_content: 'Space inside a box.' },
  { id: 'mango', url: `${SITE}/fruit/mango`, title: 'Mango', main_content: 'A sweet fruit.' },
];

// The services' clock and the first search's time: nothing here depends on the machine's clock.
const NOW = Date.parse('2026-05-01T12:00:00Z');
const start = (options: Parameters<typeof startServiceWithDocuments>[1] = {}) => startServiceWithDocuments(DOCUMENTS, { clock: () => NOW, ...options });
const settings = readSettings;
const patch = patchSettings;

async function ids(service: TestService, term: string, userToken?: string): Promise<string[]> {
  const params: Array<[string, string]> = [
    ['term', term],
    ['collectAnalytics', 'false'],
  ];
  if (userToken !== undefined) params.push(['userToken', await signUserToken({ id: userToken, secret: 'demo-secret' })]);
  const answer = await getJson<SearchResponse>(service, '/v1/search/demo', params);
  expect(answer.status).toBe(200);
  return answer.body.hits.map((hit) => hit.id);
}

/** A click of user `id` as the widget sends it: the session's search event first, then the click, both with the user's signed token. */
async function click(service: TestService, id: string, docid: string): Promise<void> {
  const userToken = await signUserToken({ id, secret: 'demo-secret' });
  const search = await sendJson(
    service,
    'POST',
    '/v1/stats/demo',
    { action: 'search', session: 'visit-1', keyword: 'box', numberOfResults: 3, userToken },
    null,
  );
  expect(search.status).toBe(200);
  const answer = await sendJson(
    service,
    'POST',
    '/v1/stats/demo',
    { action: 'click', session: 'visit-1', keyword: 'box', docid, position: 1, userToken },
    null,
  );
  expect(answer.status).toBe(200);
}

/**
 * Searches with results by sessions of their own, all from this one address; the first
 * session searched a day ago too (stored by code in the process), as a learned keyword
 * needs searches on two days.
 */
async function searched(service: TestService, keyword: string, sessions: number): Promise<void> {
  for (let i = 0; i < sessions; i++) {
    if (i === 0) {
      const first: StatsEvent = { action: 'search', session: `${keyword}-${i}`, keyword, numberOfResults: 3 };
      await service.app.eventStores.get('demo').addStats([first], 'stats', NOW - 86_400_000, '127.0.0.1');
    }
    const answer = await sendJson(service, 'POST', '/v1/stats/demo', { action: 'search', session: `${keyword}-${i}`, keyword, numberOfResults: 3 }, null);
    expect(answer.status).toBe(200);
  }
  await service.app.eventStores.get('demo').flush();
}

async function suggestions(service: TestService, term: string): Promise<string[]> {
  const answer = await getJson<SuggestResponse>(service, '/v1/suggest/demo', [['term', term]]);
  expect(answer.status).toBe(200);
  return answer.body.suggestions.map((s) => s.value);
}

describe('learning settings through /v2/indices/{key}/settings', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await start();
  });

  afterAll(async () => {
    await service.close();
    service.remove();
  });

  it('reads the defaults beside the ranking settings', async () => {
    expect(await settings(service)).toMatchObject({
      personalization: { impact: 50 },
      suggestions: { minSessions: 5, minAddresses: 3, blockedWords: [] },
    });
  });

  it.each<[unknown, string]>([
    [{ personalization: { impact: 101 } }, 'personalization.impact'],
    [{ personalization: { impact: 2.5 } }, 'personalization.impact'],
    [{ personalization: { halfLifeDays: 7 } }, 'personalization.halfLifeDays'],
    [{ personalization: 50 }, 'personalization'],
    [{ suggestions: { minSessions: 0 } }, 'suggestions.minSessions'],
    [{ suggestions: { minAddresses: 'two' } }, 'suggestions.minAddresses'],
    [{ suggestions: { blockedWords: ['lime', ''] } }, 'suggestions.blockedWords[1]'],
    [{ suggestions: { words: [] } }, 'suggestions.words'],
  ])('refuses %j with a 400 naming %s, changing nothing', async (body, parameter) => {
    const before = await settings(service);
    const answer = await sendJson(service, 'PATCH', SETTINGS, body);
    const json = (await answer.json()) as ApiErrorBody;
    expect(answer.status, JSON.stringify(json)).toBe(400);
    expect(json.error).toMatchObject({ code: 'invalid_body', parameter });
    expect(json.error.message).toContain(parameter);
    expect(await settings(service)).toEqual(before);
  });

  it('makes a profiled user’s results exactly the organic ones with an impact of 0, and personal again after', async () => {
    const organic = await ids(service, 'color');
    await click(service, 'ada', 'css-margin');
    await click(service, 'ada', 'css-padding');
    const personal = await ids(service, 'color', 'ada');
    expect(personal).not.toEqual(organic);

    expect((await patch(service, { personalization: { impact: 0 } })).personalization).toEqual({ impact: 0 });
    expect(await ids(service, 'color', 'ada')).toEqual(organic);
    // No profile is kept meanwhile: a click now moves nothing once the impact is back.
    await click(service, 'bob', 'html-color');

    await patch(service, { personalization: { impact: 50 } });
    expect(await ids(service, 'color', 'ada')).toEqual(personal);
    expect(await ids(service, 'color', 'bob')).toEqual(organic);
  });

  it('suggests a keyword by the thresholds as soon as they are written, and leaves out a blocked word at once', async () => {
    await searched(service, 'mango smoothie', 2);
    expect(await suggestions(service, 'mango')).not.toContain('mango smoothie');

    const answer = await patch(service, { suggestions: { minSessions: 2, minAddresses: 1 } });
    expect(answer.suggestions).toEqual({ minSessions: 2, minAddresses: 1, blockedWords: [] });
    expect(await suggestions(service, 'mango')).toContain('mango smoothie');

    // Field by field: the thresholds stay.
    expect((await patch(service, { suggestions: { blockedWords: ['Smoothie'] } })).suggestions).toEqual({
      minSessions: 2,
      minAddresses: 1,
      blockedWords: ['Smoothie'],
    });
    expect(await suggestions(service, 'mango')).not.toContain('mango smoothie');
    expect(await suggestions(service, 'mango')).toContain('Mango');
  });

  it('counts the searches the search endpoint records by the thresholds in effect, also once it has recorded some', async () => {
    const search = async (session: string) =>
      expect(
        (
          await getJson(service, '/v1/search/demo', [
            ['term', 'box padding'],
            ['session', session],
          ])
        ).status,
      ).toBe(200);
    const events = service.app.eventStores.get('demo');
    await patch(service, { suggestions: { minSessions: 5, minAddresses: 3 } });
    // One session from one address, a day ago and today.
    await events.addStats([{ action: 'search', session: 'padding-0', keyword: 'box padding', numberOfResults: 1 }], 'stats', NOW - 86_400_000, '127.0.0.1');
    await search('padding-0');
    await events.flush();
    expect(await suggestions(service, 'box')).not.toContain('box padding');
    // A second session is enough for these thresholds, counted as the search is stored.
    await patch(service, { suggestions: { minSessions: 2, minAddresses: 1 } });
    await search('padding-1');
    await events.flush();
    expect(await suggestions(service, 'box')).toContain('box padding');
  });

  it('keeps them across a restart', async () => {
    const before = await settings(service);
    expect(before).toMatchObject({ personalization: { impact: 50 }, suggestions: { minSessions: 2, minAddresses: 1, blockedWords: ['Smoothie'] } });
    await patch(service, { personalization: { impact: 0 }, suggestions: { blockedWords: [] } });
    await service.close();
    service = await start({ dataDir: service.dataDir });
    expect(await settings(service)).toEqual({ ...before, personalization: { impact: 0 }, suggestions: { minSessions: 2, minAddresses: 1, blockedWords: [] } });
    expect(await ids(service, 'color', 'ada')).toEqual(await ids(service, 'color'));
    // Suggested by the thresholds written, not the config file's.
    expect(await suggestions(service, 'mango')).toContain('mango smoothie');
  });
});

describe('learning settings from the config file', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await start({
      indices: [
        {
          publicKey: 'demo',
          secret: 'demo-secret',
          suggestions: { minSessions: 1, minAddresses: 1, blockedWords: ['tea'] },
          personalization: { impact: 0, halfLifeDays: 7 },
        },
      ],
    });
  });

  afterAll(async () => {
    await service.close();
    service.remove();
  });

  it('are where an index starts, and a PATCH wins over them field by field', async () => {
    expect(await settings(service)).toMatchObject({ personalization: { impact: 0 }, suggestions: { minSessions: 1, minAddresses: 1, blockedWords: ['tea'] } });
    await searched(service, 'mango tea', 1);
    await searched(service, 'mango juice', 1);
    expect(await suggestions(service, 'mango')).toEqual(['Mango', 'mango juice']);

    const answer = await patch(service, { suggestions: { blockedWords: ['juice'] }, personalization: { impact: 70 } });
    expect(answer).toMatchObject({ personalization: { impact: 70 }, suggestions: { minSessions: 1, minAddresses: 1, blockedWords: ['juice'] } });
    expect(await suggestions(service, 'mango')).toEqual(['Mango', 'mango tea']);
  });
});
