// SQLite only, outside the conformance suite: reader threads open SQLite files; the
// PostgreSQL engine searches on the event loop.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AutocompleteResponse, SearchResponse, SuggestResponse } from '../../src/client/types.ts';
import { FIXTURE_DOCUMENTS } from '../testing/fixtureCorpus.ts';
import { DEMO_AUTH, getJson, putJson, sendJson, startService, type TestService } from '../testing/service.ts';

let threaded: TestService;
let inline: TestService;

beforeAll(async () => {
  [threaded, inline] = await Promise.all([startService({ searchThreads: 2 }), startService({ searchThreads: 0 })]);
  for (const service of [threaded, inline]) {
    expect((await putJson(service, '/v2/indices/demo/documents:batch', { documents: FIXTURE_DOCUMENTS })).status).toBe(202);
  }
});

afterAll(async () => {
  for (const service of [threaded, inline]) {
    await service.close();
    service.remove();
  }
});

/** What a search answers, without its timing. */
async function search(service: TestService, params: Array<[string, string]>, init: RequestInit = {}): Promise<Omit<SearchResponse, 'processing_time_ms'>> {
  const answer = await getJson<SearchResponse>(service, '/v1/search/demo', params, init);
  expect(answer.status).toBe(200);
  const { processing_time_ms: _, ...rest } = answer.body;
  return rest;
}

describe('searches on reader threads', () => {
  it.each([
    [[['term', 'widget']]],
    [[['term', 'widgte']]],
    [
      [
        ['term', 'widget developers'],
        ['defaultOperator', 'or'],
      ],
    ],
    [
      [
        ['term', '*'],
        ['facet', 'custom_fields.brand'],
        ['sort', 'date'],
      ],
    ],
    [
      [
        ['term', 'wi'],
        ['facet', 'custom_fields.brand'],
        ['page', '1'],
        ['limit', '2'],
      ],
    ],
  ] as Array<[Array<[string, string]>]>)('answer %j as the event loop does', async (params) => {
    expect(await search(threaded, params)).toEqual(await search(inline, params));
  });

  it('explain as the event loop does', async () => {
    const params: Array<[string, string]> = [
      ['term', 'widget'],
      ['explain', 'true'],
    ];
    const threadedAnswer = await search(threaded, params, { headers: { authorization: DEMO_AUTH } });
    expect(threadedAnswer.hits[0]?._rankingDetails?.rules.length).toBeGreaterThan(0);
    expect(threadedAnswer).toEqual(await search(inline, params, { headers: { authorization: DEMO_AUTH } }));
  });

  it('suggest and autocomplete as the event loop does', async () => {
    const suggest = (service: TestService) => getJson<SuggestResponse>(service, '/v1/suggest/demo', [['term', 'wid']]);
    expect((await suggest(threaded)).body).toEqual((await suggest(inline)).body);
    const complete = (service: TestService) =>
      getJson<AutocompleteResponse>(service, '/v1/autocomplete/document-field/demo', [
        ['term', 'ac'],
        ['source', 'custom_fields.brand'],
      ]);
    expect((await complete(threaded)).body).toEqual((await complete(inline)).body);
  });

  it('find what was written since, and forget what was removed, on every thread', async () => {
    const ids = async () => (await search(threaded, [['term', 'samovar']])).hits.map((hit) => hit.id);
    // Several searches, so that both threads have read the file before the write.
    for (let i = 0; i < 4; i++) expect(await ids()).toEqual([]);
    const teapot = { title: 'Teapot', main_content: 'A teapot.', doc_date: '2020-01-01', custom_fields: { weight: 1 } };
    expect((await putJson(threaded, '/v2/indices/demo/documents/teapot', teapot)).status).toBe(202);
    const samovar = { title: 'Brass samovar', main_content: 'A samovar for tea.', doc_date: '2030-01-01', custom_fields: { weight: 4 } };
    expect((await putJson(threaded, '/v2/indices/demo/documents/samovar', samovar)).status).toBe(202);
    for (let i = 0; i < 4; i++) expect(await ids()).toEqual(['samovar']);
    // A field new since the threads opened the file sorts at once (unknown fields sort by date).
    for (let i = 0; i < 4; i++) {
      const lightest = await search(threaded, [
        ['term', '*'],
        ['sort', 'custom_fields.weight'],
        ['order', 'asc'],
        ['limit', '1'],
      ]);
      expect(lightest.hits[0]!.id).toBe('teapot');
    }
    const removed = await fetch(`${threaded.baseUrl}/v2/indices/demo/documents/samovar`, {
      method: 'DELETE',
      headers: { authorization: 'Basic ZGVtbzpkZW1vLXNlY3JldA==' },
    });
    expect(removed.status).toBe(202);
    for (let i = 0; i < 4; i++) expect(await ids()).toEqual([]);
  });

  it('search by settings changed since the threads opened the file, on every thread', async () => {
    const ids = async (term: string) => (await search(threaded, [['term', term]])).hits.map((hit) => hit.id);
    const kettle = { title: 'Electric kettle', main_content: 'Boils water.' };
    expect((await putJson(threaded, '/v2/indices/demo/documents/kettle', kettle)).status).toBe(202);
    // Several searches each time, so that both threads search before and after a change.
    for (let i = 0; i < 4; i++) expect(await ids('zebra kettle')).toEqual([]);
    for (let i = 0; i < 4; i++) expect(await ids('samovar')).toEqual([]);
    expect((await sendJson(threaded, 'PATCH', '/v2/indices/demo/settings', { stopWords: ['zebra'], synonyms: [['kettle', 'samovar']] })).status).toBe(200);
    for (let i = 0; i < 4; i++) expect(await ids('zebra kettle')).toEqual(['kettle']);
    for (let i = 0; i < 4; i++) expect(await ids('samovar')).toEqual(['kettle']);
  });
});
