// SQLite only, outside the conformance suite: reader threads open SQLite files; the
// PostgreSQL engine searches on the event loop.
import { join } from 'node:path';
import { Piscina } from 'piscina';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AutocompleteResponse, SearchResponse, SuggestResponse } from '../../src/client/types.ts';
import type { Lane } from '../config/lanes.ts';
import { DEFAULT_RANKING_BASE } from '../config/rankingSettings.ts';
import { FIXTURE_DOCUMENTS } from '../testing/fixtureCorpus.ts';
import { searchQuery } from '../testing/searchQuery.ts';
import { DEMO_AUTH, getJson, putJson, sendJson, startService, type TestService } from '../testing/service.ts';
import { SearchThreads, ThreadPlaces } from './searchThreads.ts';

let threaded: TestService;
let inline: TestService;

/**
 * The fixture with a date on every document. An undated document's date is the time it
 * was first indexed, which differs between the two services when their writes fall on
 * either side of a second: the comparisons below hold only for what cannot differ.
 */
const DATED_DOCUMENTS = FIXTURE_DOCUMENTS.map((document) => ({ doc_date: '2020-02-02', ...document }));

beforeAll(async () => {
  [threaded, inline] = await Promise.all([startService({ searchThreads: 2 }), startService({ searchThreads: 0 })]);
  for (const service of [threaded, inline]) {
    expect((await putJson(service, '/v2/indices/demo/documents:batch', { documents: DATED_DOCUMENTS })).status).toBe(202);
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

describe("an index's settings", () => {
  it('cross to each thread once, not with every call', async () => {
    const threads = new SearchThreads(2);
    const run = vi.spyOn(Piscina.prototype, 'run');
    try {
      const pipeline = threads.pipeline(join(inline.dataDir, 'indices', 'demo.sqlite'), DEFAULT_RANKING_BASE);
      const expected = (await search(inline, [['term', 'widget']])).hits.map((hit) => hit.id);
      // Side by side, so that both threads take calls.
      for (let round = 0; round < 5; round++) {
        const results = await Promise.all([pipeline.search(searchQuery(['widget'])), pipeline.search(searchQuery(['widget'])), pipeline.suggest('wid', 5)]);
        expect(results[0].hits.map((hit) => hit.document.id)).toEqual(expected);
        expect(results[1].hits.map((hit) => hit.document.id)).toEqual(expected);
      }
      const tasks = run.mock.calls.map(([task]) => task as object);
      // The settings are the config file's ranking; a task without them carries neither.
      const withSettings = tasks.filter((task) => 'settings' in task || 'ranking' in task);
      expect(tasks.length).toBeGreaterThanOrEqual(15);
      // Sent again only to a thread that answered it had not opened the index: at most each
      // call of the first round (no thread had) and once more for each thread.
      expect(withSettings.length).toBeLessThanOrEqual(3 + 2);
    } finally {
      run.mockRestore();
      await threads.close();
    }
  });
});

describe('searches waiting for a reader thread', () => {
  it('are handed the lane of their request: a faceted search the heavy one, a plain search, a suggestion and a completion the read one', async () => {
    const run = vi.spyOn(ThreadPlaces.prototype, 'run');
    try {
      await search(threaded, [
        ['term', 'widget'],
        ['facet', 'custom_fields.brand'],
      ]);
      await search(threaded, [['term', 'widget']]);
      expect((await getJson<SuggestResponse>(threaded, '/v1/suggest/demo', [['term', 'wid']])).status).toBe(200);
      const completed = await getJson<AutocompleteResponse>(threaded, '/v1/autocomplete/document-field/demo', [
        ['term', 'ac'],
        ['source', 'custom_fields.brand'],
      ]);
      expect(completed.status).toBe(200);
      expect(run.mock.calls.map(([lane]) => lane)).toEqual(['heavy', 'read', 'read', 'read']);
    } finally {
      run.mockRestore();
    }
  });

  it('wait in their lane, and a plain search waits for one faceted search, not for all those admitted before it', async () => {
    // One thread: its calls run one at a time, in the order they get a place.
    const threads = new SearchThreads(1);
    try {
      const pipeline = threads.pipeline(join(inline.dataDir, 'indices', 'demo.sqlite'), DEFAULT_RANKING_BASE);
      const faceted = searchQuery(['widget'], { facets: [{ kind: 'field', key: 'custom_fields.brand', field: 'custom_fields.brand' }] });
      const answered: string[] = [];
      const search = (name: string, lane: Lane, query = faceted) => pipeline.search(query, { lane }).then(() => answered.push(name));
      await Promise.all([
        ...['f1', 'f2', 'f3', 'f4', 'f5'].map((name) => search(name, 'heavy')),
        search('plain', 'read', searchQuery(['widget'])),
        pipeline.suggest('wid', 5).then(() => answered.push('suggest')),
      ]);
      // f1 took the thread at once; the heavy lane has the next turn, then the reads'.
      expect(answered).toEqual(['f1', 'f2', 'plain', 'f3', 'suggest', 'f4', 'f5']);
    } finally {
      await threads.close();
    }
  });
});

describe('the places of the reader threads', () => {
  /** Calls that run until `finish` is called with their name. */
  function calls() {
    const started: string[] = [];
    const ends = new Map<string, () => void>();
    const call = (name: string) => () => {
      started.push(name);
      return new Promise<string>((resolve) => ends.set(name, () => resolve(name)));
    };
    const finish = async (name: string) => {
      ends.get(name)!();
      // The place frees once the call's promise has settled.
      await new Promise((resolve) => setImmediate(resolve));
    };
    return { started, call, finish };
  }

  it('run no more calls at once than there are places; the others start as places free, the lanes taking turns', async () => {
    const places = new ThreadPlaces(2);
    const { started, call, finish } = calls();
    const lanes: Array<[Lane, string]> = [
      ['heavy', 'h1'],
      ['heavy', 'h2'],
      ['heavy', 'h3'],
      ['heavy', 'h4'],
      ['read', 'r1'],
      ['heavy', 'h5'],
      ['read', 'r2'],
    ];
    const answers = lanes.map(([lane, name]) => places.run(lane, call(name)));
    expect(started).toEqual(['h1', 'h2']);
    await finish('h1');
    expect(started).toEqual(['h1', 'h2', 'h3']);
    await finish('h2');
    expect(started).toEqual(['h1', 'h2', 'h3', 'r1']);
    for (const name of ['h3', 'r1', 'h4', 'r2', 'h5']) await finish(name);
    expect(started).toEqual(['h1', 'h2', 'h3', 'r1', 'h4', 'r2', 'h5']);
    expect(await Promise.all(answers)).toEqual(lanes.map(([, name]) => name));
  });

  it('take out unstarted a call whose signal aborts while it waits, and give its place to the next', async () => {
    const places = new ThreadPlaces(1);
    const { started, call, finish } = calls();
    const first = places.run('heavy', call('first'));
    const gone = new AbortController();
    const left = places.run('read', call('left'), gone.signal);
    const next = places.run('read', call('next'));
    gone.abort(new Error('the client has gone'));
    await expect(left).rejects.toThrow('the client has gone');
    await finish('first');
    expect(started).toEqual(['first', 'next']);
    await finish('next');
    expect(await Promise.all([first, next])).toEqual(['first', 'next']);
    // Already aborted: never waits.
    await expect(places.run('read', call('late'), gone.signal)).rejects.toThrow('the client has gone');
    expect(started).toEqual(['first', 'next']);
  });

  it('free the place of a call that fails, or throws as it starts', async () => {
    const places = new ThreadPlaces(1);
    await expect(places.run('read', () => Promise.reject(new Error('failed')))).rejects.toThrow('failed');
    await expect(
      places.run('read', () => {
        throw new Error('threw');
      }),
    ).rejects.toThrow('threw');
    expect(await places.run('heavy', async () => 'ran')).toBe('ran');
  });
});
