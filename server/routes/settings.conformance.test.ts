import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, IndexSettings, SearchResponse } from '../../src/client/types.ts';
import { DEFAULT_RANKING_RULES } from '../ranking/rankCandidates.ts';
import { ENGLISH_STOP_WORDS } from '../ranking/wordRules.ts';
import { basicAuth, DEMO_AUTH, getJson, sendJson, startServiceWithDocuments, type TestService } from '../testing/service.ts';
import { patchSettings, readSettings, SETTINGS } from '../testing/indexSettings.ts';

const DOCUMENTS = [
  { id: 'automobile', title: 'Automobile repair', main_content: 'Fixing engines and brakes.' },
  { id: 'quokka', title: 'Quokka habits', main_content: 'Small marsupials on an island.' },
  { id: 'socket', title: 'Socket guide', main_content: 'Plugs and wires.' },
  // `lantern` in the title of one only: it wins by `attribute`, the other by its rank.
  { id: 'titled', title: 'Lantern', main_content: 'A short page.', custom_fields: { rank: 1 } },
  { id: 'wordy', title: 'Camping notes', main_content: 'A lantern for the tent.', custom_fields: { rank: 2 } },
];

const DEFAULTS: IndexSettings = {
  rules: [...DEFAULT_RANKING_RULES],
  customRanking: [],
  synonyms: [],
  stopWords: [...ENGLISH_STOP_WORDS],
  typos: { minWordLengthForOneTypo: 4, minWordLengthForTwoTypos: 8, disableOnWords: [] },
  personalization: { impact: 50 },
  suggestions: { minSessions: 5, minAddresses: 3, blockedWords: [] },
  crawlSchedule: null,
  crawlAlerts: { webhook: null, newFailures: 10 },
};

const start = (options: Parameters<typeof startServiceWithDocuments>[1] = {}) => startServiceWithDocuments(DOCUMENTS, options);
const settings = readSettings;
const patch = patchSettings;

async function ids(service: TestService, term: string, extra: Array<[string, string]> = []): Promise<string[]> {
  const answer = await getJson<SearchResponse>(service, '/v1/search/demo', [['term', term], ['collectAnalytics', 'false'], ...extra]);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.hits.map((hit) => hit.id);
}

describe('GET and PATCH /v2/indices/{key}/settings', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await start();
  });

  afterAll(async () => {
    await service.close();
    service.remove();
  });

  it('answers 401 without the index credentials, 404 for an unknown index, 415 for a body that is not JSON', async () => {
    for (const auth of [null, basicAuth('demo', 'wrong')]) {
      expect((await sendJson(service, 'GET', SETTINGS, undefined, auth)).status).toBe(401);
      expect((await sendJson(service, 'PATCH', SETTINGS, { stopWords: [] }, auth)).status).toBe(401);
    }
    expect((await sendJson(service, 'GET', '/v2/indices/nope/settings')).status).toBe(404);
    const text = await fetch(service.baseUrl + SETTINGS, { method: 'PATCH', headers: { authorization: DEMO_AUTH, 'content-type': 'text/plain' }, body: '{}' });
    expect(text.status).toBe(415);
    expect((await sendJson(service, 'PUT', SETTINGS, {})).status).toBe(405);
  });

  it('reads the defaults of an index nobody configured', async () => {
    expect(await settings(service)).toEqual(DEFAULTS);
  });

  it.each<[unknown, string]>([
    [{ rules: ['words', 'magic'] }, 'rules[1]'],
    [{ rules: ['words', 'words'] }, 'rules'],
    [{ customRanking: ['typo'] }, 'customRanking[0]'],
    [{ synonyms: [['alone']] }, 'synonyms[0]'],
    [{ stopWords: 'the' }, 'stopWords'],
    [{ typos: { minWordLengthForOneTypo: 2 } }, 'typos.minWordLengthForOneTypo'],
    [{ typos: { minWordLengthForOneTypo: 9 } }, 'typos.minWordLengthForOneTypo'],
    [{ typos: { minWordLengthForTwoTypos: 3 } }, 'typos.minWordLengthForTwoTypos'],
    [{ typos: { disableOnWords: [''] } }, 'typos.disableOnWords[0]'],
    [{ ranking: {} }, 'ranking'],
  ])('refuses %j with a 400 naming %s, changing nothing', async (body, parameter) => {
    const answer = await sendJson(service, 'PATCH', SETTINGS, body);
    const json = (await answer.json()) as ApiErrorBody;
    expect(answer.status, JSON.stringify(json)).toBe(400);
    expect(json.error).toMatchObject({ code: 'invalid_body', parameter });
    expect(json.error.message).toContain(parameter);
    expect(await settings(service)).toEqual(DEFAULTS);
  });

  it('finds by a synonym once it is set', async () => {
    expect(await ids(service, 'car')).toEqual([]);
    const answer = await patch(service, { synonyms: [['car', 'automobile']] });
    expect(answer).toEqual({ ...DEFAULTS, synonyms: [['car', 'automobile']] });
    expect(await ids(service, 'car')).toEqual(['automobile']);
  });

  it('takes a dense synonym list, whose expansion is capped, and searches with it', async () => {
    // 100 overlapping groups of 100 words, one of them holding quokka.
    const dense = Array.from({ length: 100 }, (_, g) => Array.from({ length: 100 }, (_, k) => (g === 0 && k === 2 ? 'quokka' : `w${(g + k) % 150}`)));
    expect((await patch(service, { synonyms: [['car', 'automobile'], ...dense] })).synonyms).toHaveLength(101);
    const words = Array.from({ length: 19 }, (_, k) => `w${k}`).join(' ');
    expect(await ids(service, `${words} quokka`, [['defaultOperator', 'or']])).toEqual(['quokka']);
    // w1 shares the first group with quokka, among the first synonyms of w1 kept.
    expect(await ids(service, 'w1')).toEqual(['quokka']);
    await patch(service, { synonyms: [['car', 'automobile']] });
  });

  it('leaves a stop word out of the query once it is set, the synonyms kept', async () => {
    expect(await ids(service, 'zorb quokka')).toEqual([]);
    const answer = await patch(service, { stopWords: ['zorb'] });
    expect(answer).toMatchObject({ stopWords: ['zorb'], synonyms: [['car', 'automobile']] });
    expect(await ids(service, 'zorb quokka')).toEqual(['quokka']);
    // `the` is no stop word any more: it must match now.
    expect(await ids(service, 'the quokka')).toEqual([]);
  });

  it('orders by the rules in the order set', async () => {
    expect(await ids(service, 'lantern')).toEqual(['titled', 'wordy']);
    await patch(service, { rules: ['desc(custom_fields.rank)', 'attribute'] });
    expect(await ids(service, 'lantern')).toEqual(['wordy', 'titled']);
    const explained = await getJson<SearchResponse>(
      service,
      '/v1/search/demo',
      [
        ['term', 'lantern'],
        ['explain', 'true'],
      ],
      { headers: { authorization: DEMO_AUTH } },
    );
    expect(explained.body.hits[0]!._rankingDetails).toMatchObject({
      rules: [
        { rule: 'desc(custom_fields.rank)', value: 2 },
        { rule: 'attribute', value: 0 },
      ],
      decidedBy: 'desc(custom_fields.rank)',
    });
    await patch(service, { rules: [...DEFAULT_RANKING_RULES] });
    expect(await ids(service, 'lantern')).toEqual(['titled', 'wordy']);
  });

  it('corrects words by the typo settings', async () => {
    const fuzzy: Array<[string, string]> = [['fuzzy', 'true']];
    expect(await ids(service, 'sockat', fuzzy)).toEqual(['socket']);
    const answer = await patch(service, { typos: { minWordLengthForOneTypo: 7, minWordLengthForTwoTypos: 9 } });
    expect(answer.typos).toEqual({ minWordLengthForOneTypo: 7, minWordLengthForTwoTypos: 9, disableOnWords: [] });
    expect(await ids(service, 'sockat', fuzzy)).toEqual([]);
    // Typo settings change field by field.
    expect((await patch(service, { typos: { minWordLengthForOneTypo: 4 } })).typos).toEqual({
      minWordLengthForOneTypo: 4,
      minWordLengthForTwoTypos: 9,
      disableOnWords: [],
    });
    expect(await ids(service, 'sockat', fuzzy)).toEqual(['socket']);
    await patch(service, { typos: { disableOnWords: ['Sockat'] } });
    expect(await ids(service, 'sockat', fuzzy)).toEqual([]);
  });

  it('keeps the settings across a restart', async () => {
    const before = await settings(service);
    await service.close();
    service = await start({ dataDir: service.dataDir });
    expect(await settings(service)).toEqual(before);
    expect(await ids(service, 'car')).toEqual(['automobile']);
    expect(await ids(service, 'sockat', [['fuzzy', 'true']])).toEqual([]);
  });
});

describe('settings from the config file', () => {
  let service: TestService;

  beforeAll(async () => {
    const ranking = { synonyms: [['car', 'automobile']], stopWords: [], typos: { minWordLengthForOneTypo: 5 } };
    service = await start({ indices: [{ publicKey: 'demo', secret: 'demo-secret', ranking }] });
  });

  afterAll(async () => {
    await service.close();
    service.remove();
  });

  it('are where an index starts, and the fields never written keep following them', async () => {
    expect(await settings(service)).toEqual({
      ...DEFAULTS,
      synonyms: [['car', 'automobile']],
      stopWords: [],
      typos: { ...DEFAULTS.typos, minWordLengthForOneTypo: 5 },
    });
    expect(await ids(service, 'car')).toEqual(['automobile']);
    const answer = await patch(service, { synonyms: [], typos: { minWordLengthForTwoTypos: 6 } });
    expect(answer).toEqual({ ...DEFAULTS, stopWords: [], typos: { minWordLengthForOneTypo: 5, minWordLengthForTwoTypos: 6, disableOnWords: [] } });
    expect(await ids(service, 'car')).toEqual([]);
  });

  it('are checked with the written ones: two typos not before one', async () => {
    const answer = await sendJson(service, 'PATCH', SETTINGS, { typos: { minWordLengthForTwoTypos: 4 } });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as ApiErrorBody).error).toMatchObject({ parameter: 'typos.minWordLengthForTwoTypos' });
  });
});
