import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, SuggestResponse } from '../../src/client/types.ts';
import { fold } from '../text/fold.ts';
import { FIXTURE_DOCUMENTS } from '../testing/fixtureCorpus.ts';
import { sendFrom } from '../testing/fromAddress.ts';
import { eventually, getJson, sendJson, startServiceWithDocuments, type TestService } from '../testing/service.ts';

// The services' clock and every stored search's time: nothing here depends on the machine's clock.
const NOW = Date.parse('2026-05-01T12:00:00Z');
const clock = () => NOW;

/**
 * One search of `keyword` a day ago, stored by code in the process (from `address`, or as
 * a sender of its own): a learned keyword needs searches on two days.
 */
async function searchedYesterday(service: TestService, keyword: string, address?: string): Promise<void> {
  await service.app.eventStores
    .get('demo')
    .addStats([{ action: 'search', session: `yesterday-${keyword}`, keyword, numberOfResults: 3 }], 'stats', NOW - 86_400_000, address);
}

let service: TestService;

beforeAll(async () => {
  service = await startServiceWithDocuments(FIXTURE_DOCUMENTS, { clock });
});

afterAll(async () => {
  await service.close();
  service.remove();
});

async function suggest(term: string, size?: number): Promise<string[]> {
  const params: Array<[string, string]> = [['term', term]];
  if (size !== undefined) params.push(['size', String(size)]);
  const answer = await getJson<SuggestResponse>(service, '/v1/suggest/demo', params);
  expect(answer.status).toBe(200);
  for (const item of answer.body.suggestions) expect(Object.keys(item)).toEqual(['value']);
  return answer.body.suggestions.map((s) => s.value);
}

describe('GET /v1/suggest/{key}', () => {
  it('completes a prefix from titles, the exact completion first, case kept', async () => {
    const values = await suggest('wid');
    expect(values[0]).toBe('Widget');
    expect(values).toContain('Widget API Reference');
    for (const value of values) expect(fold(value)).toMatch(/^widget/);
  });

  it('deduplicates case-insensitively', async () => {
    const values = await suggest('wid');
    expect(new Set(values.map(fold)).size).toBe(values.length);
  });

  it('ignores case and accents while keeping them in values', async () => {
    expect((await suggest('caf'))[0]).toBe('Café');
    expect(await suggest('CAFE')).toContain('Café Crème at Home');
    expect((await suggest('resu'))[0]).toBe('Résumé');
  });

  it('completes several words as a phrase', async () => {
    expect((await suggest('search wid'))[0]).toBe('Search Widget');
    expect(await suggest('widget zebra')).toEqual([]);
  });

  it('falls back to content words when no title has them', async () => {
    expect(await suggest('manif')).toEqual(['manifests']);
  });

  it('honours size', async () => {
    expect(await suggest('wid', 1)).toEqual(['Widget']);
    expect((await suggest('wid', 100)).length).toBeGreaterThan(1);
  });

  it('answers nothing for a term without words', async () => {
    expect(await suggest('"*:')).toEqual([]);
  });

  it('rejects bad parameters', async () => {
    for (const [params, parameter] of [
      [[], 'term'],
      [[['term', '']], 'term'],
      [
        [
          ['term', 'w'],
          ['size', '0'],
        ],
        'size',
      ],
      [
        [
          ['term', 'w'],
          ['size', '101'],
        ],
        'size',
      ],
      [
        [
          ['term', 'w'],
          ['size', 'all'],
        ],
        'size',
      ],
      [
        [
          ['term', 'a'],
          ['term', 'b'],
        ],
        'term',
      ],
    ] as Array<[Array<[string, string]>, string]>) {
      const answer = await getJson<ApiErrorBody>(service, '/v1/suggest/demo', params);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({ status: 400, code: 'invalid_parameter', parameter });
    }
  });

  it('is a 404 for an unknown index', async () => {
    const answer = await getJson<ApiErrorBody>(service, '/v1/suggest/nope', [['term', 'w']]);
    expect(answer.status).toBe(404);
    expect(answer.body.error.code).toBe('not_found');
  });
});

/** Titles as a reference site writes them: labels, markup, breadcrumbs, identifiers. */
const REFERENCE_TITLES = [
  'fetch',
  'fetch: options parameter',
  'FetchEvent',
  'FetchEvent.respondWith()',
  'FetchEvent.request',
  'HTMLImageElement.fetchPriority',
  'HTML element: <img> › fetchpriority',
  'PerformanceResourceTiming.fetchStart',
  'HTML element: <dialog>',
  'HTML element: <dialog> › open',
  'HTMLDialogElement',
  'HTMLDialogElement.showModal()',
  'CSS property: grid',
  'CSS property: grid-area',
  'CSS property: grid-area › auto',
  'CSS property: grid-auto-flow',
  'CSS property: grid-auto-rows',
  'CSS property: grid-column',
  'CSS property: grid-column-end',
  'CSS property: grid-column-start',
  'CSS property: grid-row',
  'CSS property: grid-row-end',
  'CSS property: grid-row-start',
  'CSS property: grid-template',
  'CSS property: grid-template-areas',
  'CSS property: grid-template-columns',
  'CSS property: grid-template-columns › auto',
  'CSS property: grid-template-rows',
  'CSS property: display › grid',
  'CSS at-rule: @media › grid media feature',
  'CSS property: align-self › Supported in grid layout',
  'Promise',
  'Promise.all()',
  'Promise.all',
  'Promise.allSettled()',
  'Promise.any()',
  'Promise.prototype.then()',
  'Array.prototype.filter()',
  'Array.prototype.fill()',
  'Array.prototype.find()',
  'JSON.prototype.parse()',
  'JSON.prototype.stringify()',
  'setTimeout',
  'setInterval',
  'WebDriver command: SetTimeouts',
  'CSS property: border-radius',
  'CSS property: border-radius › Elliptical borders',
  'CSS property: border-right',
  'IntersectionObserver',
  'IntersectionObserver() constructor',
  'IntersectionObserver.observe()',
  'IntersectionObserverEntry',
];

describe('GET /v1/suggest/{key} on reference titles', () => {
  let reference: TestService;

  beforeAll(async () => {
    const documents = REFERENCE_TITLES.map((title, i) => ({
      id: `ref-${i}`,
      title,
      main_content: `Reference page about ${title}.`,
    }));
    reference = await startServiceWithDocuments(documents, { clock });
  });

  afterAll(async () => {
    await reference.close();
    reference.remove();
  });

  async function suggestFrom(term: string, size?: number): Promise<string[]> {
    const params: Array<[string, string]> = [['term', term]];
    if (size !== undefined) params.push(['size', String(size)]);
    const answer = await getJson<SuggestResponse>(reference, '/v1/suggest/demo', params);
    expect(answer.status).toBe(200);
    return answer.body.suggestions.map((s) => s.value);
  }

  it('puts the exact completion first, then completions of the best-ranked titles', async () => {
    const values = await suggestFrom('fetc');
    expect(values.slice(0, 4)).toEqual(['fetch', 'FetchEvent', 'fetchPriority', 'fetchStart']);
    expect(values).toContain('FetchEvent.respondWith');
  });

  it('offers words and identifiers, never markup, labels or breadcrumbs', async () => {
    expect(await suggestFrom('dialo')).toEqual(['dialog']);
    for (const term of ['fetc', 'gri', 'promise', 'html', 'css', 'interse', 'border']) {
      for (const value of await suggestFrom(term)) {
        expect(value).not.toMatch(/[<>›:()]|\s$|^\s/);
        expect(value).not.toMatch(/^(CSS property|HTML element)\b./);
      }
    }
    // A label is offered when it is what was typed.
    expect(await suggestFrom('css prop')).toEqual(['CSS property']);
  });

  it('gives one of each near-duplicate, in its nicest form', async () => {
    const values = await suggestFrom('promise.a');
    expect(values).toEqual(['Promise.all', 'Promise.any', 'Promise.allSettled']);
  });

  it('completes words apart in a title, and identifier parts typed as words', async () => {
    expect(await suggestFrom('array fil')).toEqual(['Array fill', 'Array filter']);
    expect(await suggestFrom('json parse')).toEqual(['JSON parse']);
    expect((await suggestFrom('set timeout'))[0]).toBe('setTimeout');
    expect((await suggestFrom('intersection obs'))[0]).toBe('IntersectionObserver');
    expect(await suggestFrom('intersection obs')).toContain('IntersectionObserverEntry');
    expect(await suggestFrom('border ra')).toEqual(['border-radius']);
  });

  it('mixes in the keywords several sessions searched with results, in the documents’ form', async () => {
    // Each session from an address of its own.
    const search = (keyword: string, session: string, numberOfResults = 4) =>
      sendFrom(reference, `127.0.0.${2 + Number(session.slice(1))}`, 'POST', '/v1/stats/demo', { action: 'search', session, keyword, numberOfResults });
    for (const session of ['s1', 's2', 's3', 's4', 's5', 's6']) expect((await search('promise.prototype.then', session)).status).toBe(200);
    for (const session of ['s1', 's2', 's3', 's4', 's5']) {
      await search('Promise chaining', session);
      await search('promise › handlers', session);
      await search('promise zebra', session, 0);
    }
    for (let i = 0; i < 10; i++) await search('promise race', 's9');
    for (const keyword of ['promise.prototype.then', 'Promise chaining', 'promise › handlers']) await searchedYesterday(reference, keyword);

    const values = await suggestFrom('promise');
    expect(values[0]).toBe('Promise');
    expect(values[1]).toBe('Promise.prototype.then');
    expect(values[3]).toBe('promise chaining');
    expect(values[5]).toBe('promise handlers');
    expect(values).not.toContain('promise zebra');
    expect(values).not.toContain('promise race');
    // Half the list at most.
    expect(await suggestFrom('promise', 2)).toEqual(['Promise', 'Promise.prototype.then']);
  });

  it('counts the searches the search endpoint records', async () => {
    expect((await suggestFrom('array'))[1]).toBe('Array.prototype.fill');
    await searchedYesterday(reference, 'Array.prototype.find', '127.0.0.20');
    for (const [i, session] of ['a', 'b', 'c', 'd', 'e'].entries()) {
      const answer = await sendFrom(reference, `127.0.0.${20 + (i % 3)}`, 'GET', `/v1/search/demo?term=Array.prototype.find&session=${session}`);
      expect(answer.status).toBe(200);
    }
    // Recorded searches are committed within a moment.
    await eventually(async () => ((await suggestFrom('array'))[1] === 'Array.prototype.find' ? true : undefined));
  });

  it('takes no keyword that one address searched, however many sessions it made up', async () => {
    const search = (from: string, session: string) =>
      sendFrom(reference, from, 'POST', '/v1/stats/demo', { action: 'search', session, keyword: 'mango lime', numberOfResults: 3 });
    // 40 sessions from one address: 20 through the stats endpoint, 20 through the search endpoint (its keyword searched the day before too).
    await searchedYesterday(reference, 'fetch reference', '127.0.0.30');
    for (let i = 0; i < 20; i++) expect((await search('127.0.0.30', `made-up-${i}`)).status).toBe(200);
    for (let i = 0; i < 20; i++) {
      expect((await sendFrom(reference, '127.0.0.30', 'GET', `/v1/search/demo?term=fetch+reference&session=invented-${i}`)).status).toBe(200);
    }
    await reference.app.eventStores.get('demo').flush();
    expect(await suggestFrom('mango')).toEqual([]);
    expect(await suggestFrom('fetch ref')).toEqual([]);
    // Five sessions from three addresses do (with a search of the day before).
    await searchedYesterday(reference, 'mango lime', '127.0.0.31');
    for (const [i, from] of ['127.0.0.31', '127.0.0.32', '127.0.0.33', '127.0.0.31', '127.0.0.32'].entries()) {
      expect((await search(from, `visitor-${i}`)).status).toBe(200);
    }
    expect(await suggestFrom('mango')).toEqual(['mango lime']);
  });

  it('respects size, the default included', async () => {
    const all = await suggestFrom('gri', 100);
    expect(all.length).toBeGreaterThan(10);
    expect(all[0]).toBe('grid');
    expect(await suggestFrom('gri')).toEqual(all.slice(0, 10));
    expect(await suggestFrom('gri', 3)).toEqual(all.slice(0, 3));
  });
});

describe('GET /v1/suggest/{key} with the index’s suggestion settings', () => {
  let tuned: TestService;

  beforeAll(async () => {
    tuned = await startServiceWithDocuments(FIXTURE_DOCUMENTS, {
      clock,
      indices: [{ publicKey: 'demo', secret: 'demo-secret', suggestions: { minSessions: 2, minAddresses: 1, blockedWords: ['LIME', 'Wïdget'] } }],
    });
  });

  afterAll(async () => {
    await tuned.close();
    tuned.remove();
  });

  it('takes keywords by the index’s numbers, and never offers a blocked word', async () => {
    for (const keyword of ['mango tea', 'mango lime']) await searchedYesterday(tuned, keyword, '127.0.0.1');
    for (const keyword of ['mango tea', 'mango lime']) {
      for (const session of ['a', 'b']) {
        expect((await sendJson(tuned, 'POST', '/v1/stats/demo', { action: 'search', session, keyword, numberOfResults: 2 }, null)).status).toBe(200);
      }
    }
    const mango = await getJson<SuggestResponse>(tuned, '/v1/suggest/demo', [['term', 'mango']]);
    expect(mango.body.suggestions.map((s) => s.value)).toEqual(['mango tea']);
    // Blocked words are left out of the index's own suggestions too.
    const wid = await getJson<SuggestResponse>(tuned, '/v1/suggest/demo', [['term', 'wid']]);
    expect(wid.status).toBe(200);
    for (const { value } of wid.body.suggestions) expect(fold(value)).not.toMatch(/\bwidget\b/);
  });
});

describe('searches from pages of other origins', () => {
  let service: TestService;

  beforeAll(async () => {
    const documents = [{ id: 'sigma', title: 'Text page sigma', main_content: 'A page about sigma.' }];
    service = await startServiceWithDocuments(documents, { clock, statsAllowedOrigins: ['https://www.example'] });
  });

  afterAll(async () => {
    await service.close();
    service.remove();
  });

  const suggestions = async (term: string) =>
    (await getJson<SuggestResponse>(service, '/v1/suggest/demo', [['term', term]])).body.suggestions.map((s) => s.value);

  it('are answered but teach nothing, once statsAllowedOrigins is set; those of listed origins and without Origin do', async () => {
    const searchAll = async (keyword: string, origin: string | null) => {
      for (const [i, from] of ['127.0.0.41', '127.0.0.42', '127.0.0.43', '127.0.0.41', '127.0.0.42', '127.0.0.43'].entries()) {
        const headers: Record<string, string> = origin === null ? {} : { origin };
        const answer = await sendFrom(service, from, 'GET', `/v1/search/demo?term=${encodeURIComponent(keyword)}&session=${keyword}-${i}`, undefined, headers);
        expect(answer.status).toBe(200);
        expect(JSON.parse(answer.text)).toMatchObject({ total_hits: 1 });
      }
      await service.app.eventStores.get('demo').flush();
    };
    // Each keyword was searched the day before too: only the origin of today's searches decides.
    for (const keyword of ['sigma text', 'sigma page', 'page about sigma']) await searchedYesterday(service, keyword, '127.0.0.41');
    await searchAll('sigma text', 'https://evil.example');
    expect(await suggestions('sigma t')).toEqual([]);
    await searchAll('sigma page', 'https://www.example');
    expect(await suggestions('sigma p')).toEqual(['sigma page']);
    await searchAll('page about sigma', null);
    expect(await suggestions('page ab')).toContain('page about sigma');
  });
});
