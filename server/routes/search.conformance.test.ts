import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, SearchResponse } from '../../src/client/types.ts';
import { FIXTURE_DOCUMENTS, TINY_PNG } from '../testing/fixtureCorpus.ts';
import { getJson, putJson, startService, type TestService } from '../testing/service.ts';
import { signUserToken } from '../../src/node/userToken.ts';

let service: TestService;
/** The service's clock: an undated document is dated by it. */
const NOW = Date.parse('2026-03-01T12:34:56Z');

beforeAll(async () => {
  service = await startService({ clock: () => NOW });
  const response = await putJson(service, '/v2/indices/demo/documents:batch', { documents: FIXTURE_DOCUMENTS });
  expect(response.status).toBe(202);
});

afterAll(async () => {
  await service.close();
  service.remove();
});

type Params = ReadonlyArray<readonly [string, string]>;

async function search(params: Params): Promise<SearchResponse> {
  const answer = await getJson<SearchResponse>(service, '/v1/search/demo', params);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  return answer.body;
}

async function ids(params: Params): Promise<string[]> {
  return (await search([...params, ['limit', '50']])).hits.map((hit) => hit.id);
}

/** Asserts a 400 naming `parameter`, with a message that names it too. */
async function expectInvalid(params: Params, parameter: string, message?: RegExp): Promise<ApiErrorBody['error']> {
  const answer = await getJson<ApiErrorBody>(service, '/v1/search/demo', params);
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  const error = answer.body.error;
  expect(error).toMatchObject({ status: 400, code: 'invalid_parameter', parameter });
  expect(error.message).toContain(parameter);
  if (message !== undefined) expect(error.message).toMatch(message);
  return error;
}

const DATE_DESC = [
  'undated',
  'widget-guide',
  'suche',
  'widget-api',
  'annual-report',
  'resume',
  'cafe-creme',
  'slides',
  'kubernetes',
  'manual',
  'hostile',
  'long-read',
];

describe('GET /v1/search/{key}: term', () => {
  it('finds documents by a word, title matches first', async () => {
    const body = await search([['term', 'widget']]);
    expect(body.total_hits).toBe(5);
    expect(body.page).toBe(1);
    expect(new Set(body.hits.slice(0, 3).map((h) => h.id))).toEqual(new Set(['widget-guide', 'widget-api', 'manual']));
    expect(new Set(body.hits.slice(3).map((h) => h.id))).toEqual(new Set(['annual-report', 'suche']));
    expect(Number.isInteger(body.processing_time_ms)).toBe(true);
    expect(body.facets).toBeNull();
    expect(body.rangeFacets).toBeNull();
  });

  it('gives positive scores that fall from hit to hit', async () => {
    const scores = (await search([['term', 'widget']])).hits.map((h) => h.score);
    for (const score of scores) expect(score).toBeGreaterThan(0);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('requires every word', async () => {
    expect(await ids([['term', 'widget manual']])).toEqual(['manual']);
    expect(await ids([['term', 'widget kubernetes']])).toEqual([]);
  });

  it('returns every document for *', async () => {
    const body = await search([
      ['term', '*'],
      ['limit', '50'],
    ]);
    expect(body.total_hits).toBe(FIXTURE_DOCUMENTS.length);
    // Without words, the newest first.
    expect(body.hits.map((h) => h.id)).toEqual(DATE_DESC);
    for (const hit of body.hits) expect(hit.score).toBeGreaterThan(0);
  });

  it('ignores case and accents, and keeps them in highlights', async () => {
    expect(await ids([['term', 'CAFE']])).toEqual(['cafe-creme']);
    expect(await ids([['term', 'café crème']])).toEqual(['cafe-creme']);
    expect(await ids([['term', 'RESUME']])).toEqual(['resume']);
    expect(await ids([['term', 'naive']])).toEqual(['resume']);
    const [hit] = (await search([['term', 'cafe']])).hits;
    expect(hit!.highlight).toContain('<em>café</em>');
  });

  it('answers terms full of FTS5 syntax without an error', async () => {
    const hostile = [
      '"',
      '"unbalanced',
      'NEAR(widget guide)',
      'widget AND OR NOT',
      'title:widget',
      '{title}: widget',
      '^widget',
      '(((',
      '-widget',
      "'",
      '*widget',
      'a:b:c',
      '\\',
      '%_',
      'NOT',
      'widget"*"',
      '\u0000',
      '☃ 💥',
    ];
    for (const term of hostile) {
      const answer = await getJson<SearchResponse>(service, '/v1/search/demo', [['term', term]]);
      expect(answer.status, `term ${JSON.stringify(term)}`).toBe(200);
      expect(Array.isArray(answer.body.hits)).toBe(true);
    }
    expect(await ids([['term', 'widget*']])).toHaveLength(5);
    expect(await ids([['term', '^widget']])).toHaveLength(5);
    expect(await ids([['term', '"widget"']])).toHaveLength(5);
    expect(await ids([['term', 'NEAR(widget manual)']])).toEqual([]);
  });

  it('rejects a missing, empty, too long or too wordy term', async () => {
    await expectInvalid([], 'term', /required/);
    await expectInvalid([['term', '']], 'term', /empty/);
    await expectInvalid([['term', 'x'.repeat(301)]], 'term', /300/);
    await expectInvalid([['term', Array.from({ length: 21 }, (_, i) => `w${i}`).join(' ')]], 'term', /20 words/);
    await search([['term', Array.from({ length: 20 }, (_, i) => `w${i}`).join(' ')]]);
    // Words are what the search looks up, however they are joined.
    await expectInvalid([['term', 'alph.'.repeat(21)]], 'term', /20 words/);
    await expectInvalid([['term', Array.from({ length: 21 }, (_, i) => `w${i}`).join('-')]], 'term', /20 words/);
    await search([['term', 'alph.'.repeat(20)]]);
    await expectInvalid(
      [
        ['term', 'a'],
        ['term', 'b'],
      ],
      'term',
      /once/,
    );
  });

  it('ignores unknown parameters', async () => {
    expect(
      (
        await search([
          ['term', 'widget'],
          ['colour', 'blue'],
        ])
      ).total_hits,
    ).toBe(5);
  });
});

describe('hits', () => {
  it('carry every field of the API, derived from the document', async () => {
    const body = await search([['term', 'configure']]);
    expect(body.hits).toHaveLength(1);
    const hit = body.hits[0]!;
    expect(hit).toEqual({
      id: 'widget-guide',
      url: 'https://docs.example.com/guides/widgets/search-widget.html',
      title: 'Search Widget Guide',
      thumbnail_external_src: 'https://docs.example.com/img/widget.png',
      meta_description: null,
      meta_categories: null,
      custom_fields: { brand: 'Acme', price: '120', rating: '4.5', tags: ['ui', 'search'], color: 'Red', city: 'Zürich' },
      highlight: 'The search widget shows results as you type. <em>Configure</em> the widget with data attributes on the script tag.',
      titleHighlight: 'Search Widget Guide',
      ts: '2024-03-01T00:00:00',
      categories: ['0xdocs.example.com', '1xguides', '2xwidgets', 'doctype_html'],
      document_type: 'html',
      images: { main: 'https://docs.example.com/img/widget.png', main_b64: TINY_PNG, capture: null },
      score: hit.score,
      resultType: 'organic',
    });
  });

  it('take ts from each doc_date form, else from the first indexing', async () => {
    const byId = new Map(
      (
        await search([
          ['term', '*'],
          ['limit', '50'],
        ])
      ).hits.map((h) => [h.id, h]),
    );
    expect(byId.get('cafe-creme')!.ts).toBe('2023-06-10T06:30:00');
    expect(byId.get('annual-report')!.ts).toBe('2023-11-14T22:13:20');
    expect(byId.get('kubernetes')!.ts).toBe('2022-11-20T10:00:00');
    const undated = byId.get('undated')!;
    expect(undated.ts).toBe('2026-03-01T12:34:56');
    expect(undated.images).toEqual({ main: null, main_b64: null, capture: null });
    expect(undated.custom_fields).toEqual({});
  });

  it('have a document type from the URL extension', async () => {
    const byId = new Map(
      (
        await search([
          ['term', '*'],
          ['limit', '50'],
        ])
      ).hits.map((h) => [h.id, h]),
    );
    expect(byId.get('annual-report')!.document_type).toBe('pdf');
    expect(byId.get('annual-report')!.categories).toContain('doctype_pdf');
    expect(byId.get('manual')!.document_type).toBe('docx');
    expect(byId.get('slides')!.document_type).toBe('pptx');
    expect(byId.get('suche')!.document_type).toBe('html');
  });
});

describe('highlight', () => {
  it('escapes hostile content and marks only the matched word', async () => {
    const [hit] = (await search([['term', 'quokka']])).hits;
    expect(hit!.highlight).toBe(
      'Beware &lt;script&gt;alert(&quot;xss&quot;)&lt;/script&gt; &amp; &lt;img src=x onerror=&quot;alert(&#39;owned&#39;)&quot;&gt; near the <em>quokka</em> &amp; its friends.',
    );
  });

  it('marks words inside markup-looking text without letting markup through', async () => {
    const [hit] = (await search([['term', 'script']])).hits;
    expect(hit!.highlight).toContain('&lt;<em>script</em>&gt;alert');
    expect(hit!.highlight).toContain('&lt;/<em>script</em>&gt;');
    expect(hit!.highlight.replaceAll('<em>', '').replaceAll('</em>', '')).not.toMatch(/[<>]/);
  });

  it('shows the start of the content when only the title matches', async () => {
    const [hit] = (await search([['term', 'handbook']])).hits;
    expect(hit!.highlight).toBe('Deploying containers with kubernetes requires manifests and patience.');
  });

  it('is a short passage around a match deep in a long text', async () => {
    const [hit] = (await search([['term', 'zebra']])).hits;
    expect(hit!.highlight).toMatch(/^…/);
    expect(hit!.highlight).toMatch(/…$/);
    expect(hit!.highlight).toContain('<em>zebra</em>');
    expect(hit!.highlight.length).toBeLessThan(260);
  });
});

describe('limit and page', () => {
  it('pages through results', async () => {
    const page2 = await search([
      ['term', '*'],
      ['sort', 'date'],
      ['limit', '5'],
      ['page', '2'],
    ]);
    expect(page2.page).toBe(2);
    expect(page2.total_hits).toBe(12);
    expect(page2.hits.map((h) => h.id)).toEqual(DATE_DESC.slice(5, 10));
    const page3 = await search([
      ['term', '*'],
      ['sort', 'date'],
      ['limit', '5'],
      ['page', '3'],
    ]);
    expect(page3.hits.map((h) => h.id)).toEqual(DATE_DESC.slice(10));
    const past = await search([
      ['term', '*'],
      ['limit', '5'],
      ['page', '9'],
    ]);
    expect(past.hits).toEqual([]);
    expect(past.total_hits).toBe(12);
    expect(
      (
        await search([
          ['term', 'widget'],
          ['limit', '2'],
          ['page', '2'],
        ])
      ).total_hits,
    ).toBe(5);
  });

  it('defaults to 10 hits and accepts up to 300', async () => {
    expect((await search([['term', '*']])).hits).toHaveLength(10);
    expect(
      (
        await search([
          ['term', '*'],
          ['limit', '300'],
        ])
      ).hits,
    ).toHaveLength(12);
  });

  it('rejects bad values', async () => {
    await expectInvalid(
      [
        ['term', 'a'],
        ['limit', '0'],
      ],
      'limit',
      /at least 1/,
    );
    await expectInvalid(
      [
        ['term', 'a'],
        ['limit', '301'],
      ],
      'limit',
      /at most 300/,
    );
    await expectInvalid(
      [
        ['term', 'a'],
        ['limit', 'ten'],
      ],
      'limit',
      /integer/,
    );
    await expectInvalid(
      [
        ['term', 'a'],
        ['limit', '2.5'],
      ],
      'limit',
      /integer/,
    );
    await expectInvalid(
      [
        ['term', 'a'],
        ['limit', '1'],
        ['limit', '2'],
      ],
      'limit',
      /once/,
    );
    await expectInvalid(
      [
        ['term', 'a'],
        ['page', '0'],
      ],
      'page',
      /at least 1/,
    );
    await expectInvalid(
      [
        ['term', 'a'],
        ['page', 'last'],
      ],
      'page',
      /integer/,
    );
  });
});

describe('lang and categories', () => {
  it('keeps one language', async () => {
    expect(
      await ids([
        ['term', '*'],
        ['lang', 'fr'],
      ]),
    ).toEqual(['cafe-creme']);
    expect(
      await ids([
        ['term', '*'],
        ['lang', 'DE'],
      ]),
    ).toEqual(['suche']);
    expect(
      await ids([
        ['term', '*'],
        ['lang', 'en'],
      ]),
    ).toHaveLength(9);
    await expectInvalid(
      [
        ['term', 'a'],
        ['lang', 'english'],
      ],
      'lang',
    );
  });

  it('keeps one domain, path level or file type', async () => {
    expect(
      new Set(
        await ids([
          ['term', '*'],
          ['categories', '1xposts'],
        ]),
      ),
    ).toEqual(new Set(['cafe-creme', 'resume', 'long-read']));
    expect(
      await ids([
        ['term', '*'],
        ['categories', 'doctype_pdf'],
      ]),
    ).toEqual(['annual-report']);
    expect(
      await ids([
        ['term', '*'],
        ['categories', '0xops.example.com'],
      ]),
    ).toEqual(['kubernetes']);
    expect(
      await ids([
        ['term', 'widget'],
        ['categories', '2xwidgets'],
      ]),
    ).toEqual(['widget-guide']);
    await expectInvalid(
      [
        ['term', 'a'],
        ['categories', 'posts'],
      ],
      'categories',
    );
  });
});

describe('sort and order', () => {
  it('sorts by date, newest first unless asc', async () => {
    expect(
      await ids([
        ['term', '*'],
        ['sort', 'date'],
      ]),
    ).toEqual(DATE_DESC);
    expect(
      await ids([
        ['term', '*'],
        ['sort', 'date'],
        ['order', 'asc'],
      ]),
    ).toEqual([...DATE_DESC].reverse());
    expect(
      await ids([
        ['term', 'widget'],
        ['sort', 'date'],
        ['order', 'asc'],
      ]),
    ).toEqual(['manual', 'annual-report', 'widget-api', 'suche', 'widget-guide']);
  });

  it('sorts by a numeric custom field, documents without it last', async () => {
    const asc = await ids([
      ['term', '*'],
      ['sort', 'custom_fields.price'],
      ['order', 'asc'],
    ]);
    expect(asc).toEqual([
      'annual-report',
      'long-read',
      'cafe-creme',
      'resume',
      'manual',
      'slides',
      'widget-api',
      'suche',
      'widget-guide',
      'kubernetes',
      'hostile',
      'undated',
    ]);
    const desc = await ids([
      ['term', '*'],
      ['sort', 'custom_fields.price'],
    ]);
    expect(desc.slice(0, 3)).toEqual(['hostile', 'kubernetes', 'widget-guide']);
    expect(desc.at(-1)).toBe('undated');
  });

  it('sorts by a text custom field, ignoring case', async () => {
    const asc = await ids([
      ['term', '*'],
      ['sort', 'custom_fields.city'],
      ['order', 'asc'],
    ]);
    // new york, sao paulo, zug, zurich (twice: ties keep the newest first).
    expect(asc.slice(0, 5)).toEqual(['kubernetes', 'cafe-creme', 'annual-report', 'widget-guide', 'widget-api']);
  });

  it('rejects bad values', async () => {
    await expectInvalid(
      [
        ['term', 'a'],
        ['sort', 'price'],
      ],
      'sort',
      /custom_fields/,
    );
    await expectInvalid(
      [
        ['term', 'a'],
        ['sort', 'custom_fields.'],
      ],
      'sort',
    );
    await expectInvalid(
      [
        ['term', 'a'],
        ['order', 'up'],
      ],
      'order',
      /asc, desc/,
    );
  });
});

describe('fuzzy, postfixWildcard and defaultOperator', () => {
  it('matches near words only when fuzzy', async () => {
    expect(await ids([['term', 'widgit']])).toEqual([]);
    expect(
      await ids([
        ['term', 'widgit'],
        ['fuzzy', 'false'],
      ]),
    ).toEqual([]);
    expect(
      await ids([
        ['term', 'widgit'],
        ['fuzzy', 'true'],
      ]),
    ).toHaveLength(5);
    expect(
      await ids([
        ['term', 'kubernets'],
        ['fuzzy', 'auto'],
      ]),
    ).toEqual(['kubernetes']);
    expect(
      await ids([
        ['term', 'kubernets deploymnt'],
        ['fuzzy', 'auto'],
      ]),
    ).toEqual(['kubernetes']);
  });

  it('highlights the near word that matched', async () => {
    const [hit] = (
      await search([
        ['term', 'manifsts'],
        ['fuzzy', 'true'],
      ])
    ).hits;
    expect(hit!.highlight).toContain('<em>manifests</em>');
  });

  it('leaves correctly spelled words alone with auto', async () => {
    // "widget" is indexed, so auto does not widen it to "widgets"-like neighbours.
    expect(
      await ids([
        ['term', 'widget'],
        ['fuzzy', 'auto'],
        ['postfixWildcard', 'false'],
      ]),
    ).toHaveLength(5);
  });

  it('treats the last word as a prefix unless postfixWildcard=false', async () => {
    expect(await ids([['term', 'widg']])).toHaveLength(5);
    expect(
      await ids([
        ['term', 'widg'],
        ['postfixWildcard', 'true'],
      ]),
    ).toHaveLength(5);
    expect(
      await ids([
        ['term', 'widg'],
        ['postfixWildcard', 'false'],
      ]),
    ).toEqual([]);
    expect(await ids([['term', 'kubernetes depl']])).toEqual(['kubernetes']);
  });

  it('matches any word with defaultOperator=or', async () => {
    expect(
      await ids([
        ['term', 'widget kubernetes'],
        ['fuzzy', 'auto'],
      ]),
    ).toEqual([]);
    expect(
      await ids([
        ['term', 'widget kubernetes'],
        ['fuzzy', 'auto'],
        ['defaultOperator', 'and'],
      ]),
    ).toEqual([]);
    const any = await ids([
      ['term', 'widget kubernetes'],
      ['fuzzy', 'auto'],
      ['defaultOperator', 'or'],
    ]);
    expect(new Set(any)).toEqual(new Set(['widget-guide', 'widget-api', 'manual', 'annual-report', 'suche', 'kubernetes']));
  });

  it('with defaultOperator=or, finds the documents of the words the index holds when one is missing', async () => {
    const widget = await ids([['term', 'widget']]);
    expect(widget.length).toBeGreaterThan(0);
    for (const fuzzy of ['auto', 'true', 'false']) {
      const found = await ids([
        ['term', 'widget zzqxv'],
        ['fuzzy', fuzzy],
        ['defaultOperator', 'or'],
      ]);
      expect(new Set(found), fuzzy).toEqual(new Set(widget));
    }
  });

  it('rejects bad values', async () => {
    await expectInvalid(
      [
        ['term', 'a'],
        ['fuzzy', 'maybe'],
      ],
      'fuzzy',
      /false, true, auto/,
    );
    await expectInvalid(
      [
        ['term', 'a'],
        ['postfixWildcard', 'yes'],
      ],
      'postfixWildcard',
      /true or false/,
    );
    await expectInvalid(
      [
        ['term', 'a'],
        ['postfixWildcard', '1'],
      ],
      'postfixWildcard',
      /true or false/,
    );
    await expectInvalid(
      [
        ['term', 'a'],
        ['defaultOperator', 'xor'],
      ],
      'defaultOperator',
      /and, or/,
    );
  });
});

describe('dateFrom and dateTo', () => {
  it('keep documents in the date range, both days included', async () => {
    expect(
      new Set(
        await ids([
          ['term', '*'],
          ['dateFrom', '2024-01-01'],
        ]),
      ),
    ).toEqual(new Set(['undated', 'widget-guide', 'suche', 'widget-api']));
    expect(
      new Set(
        await ids([
          ['term', '*'],
          ['dateTo', '2021-05-01'],
        ]),
      ),
    ).toEqual(new Set(['manual', 'hostile', 'long-read']));
    expect(
      new Set(
        await ids([
          ['term', '*'],
          ['dateFrom', '2023-01-01'],
          ['dateTo', '2023-12-31'],
        ]),
      ),
    ).toEqual(new Set(['annual-report', 'resume', 'cafe-creme', 'slides']));
    expect(
      new Set(
        await ids([
          ['term', 'widget'],
          ['dateFrom', '2024-02-01'],
        ]),
      ),
    ).toEqual(new Set(['widget-guide', 'suche']));
  });

  it('rejects bad dates', async () => {
    await expectInvalid(
      [
        ['term', 'a'],
        ['dateFrom', '2024-13-01'],
      ],
      'dateFrom',
      /yyyy-MM-dd/,
    );
    await expectInvalid(
      [
        ['term', 'a'],
        ['dateFrom', '2024/01/01'],
      ],
      'dateFrom',
      /yyyy-MM-dd/,
    );
    await expectInvalid(
      [
        ['term', 'a'],
        ['dateTo', '2023-02-29'],
      ],
      'dateTo',
      /yyyy-MM-dd/,
    );
    await expectInvalid(
      [
        ['term', 'a'],
        ['dateFrom', '2024-02-01'],
        ['dateTo', '2024-01-01'],
      ],
      'dateFrom',
      /after/,
    );
  });
});

describe('customField', () => {
  it('ORs values of one field and ANDs fields', async () => {
    expect(
      new Set(
        await ids([
          ['term', '*'],
          ['customField', 'brand=Acme'],
        ]),
      ),
    ).toEqual(new Set(['widget-guide', 'widget-api', 'suche']));
    expect(
      await ids([
        ['term', '*'],
        ['customField', 'brand=Acme'],
        ['customField', 'brand=Globex'],
      ]),
    ).toHaveLength(6);
    expect(
      new Set(
        await ids([
          ['term', '*'],
          ['customField', 'brand=Acme'],
          ['customField', 'color=Red'],
        ]),
      ),
    ).toEqual(new Set(['widget-guide', 'suche']));
  });

  it('matches numbers, array elements and the custom_fields. form', async () => {
    expect(
      await ids([
        ['term', '*'],
        ['customField', 'price=80'],
      ]),
    ).toEqual(['widget-api']);
    expect(
      await ids([
        ['term', '*'],
        ['customField', 'custom_fields.brand=Bistro'],
      ]),
    ).toEqual(['cafe-creme']);
    expect(
      new Set(
        await ids([
          ['term', '*'],
          ['customField', 'tags=search'],
        ]),
      ),
    ).toEqual(new Set(['widget-guide', 'suche', 'slides']));
    expect(
      await ids([
        ['term', '*'],
        ['customField', 'brand=acme'],
      ]),
    ).toEqual([]);
    expect(
      await ids([
        ['term', '*'],
        ['customField', 'nosuchfield=1'],
      ]),
    ).toEqual([]);
  });

  it('rejects a value without a name', async () => {
    await expectInvalid(
      [
        ['term', 'a'],
        ['customField', 'brand'],
      ],
      'customField',
      /name=value/,
    );
    await expectInvalid(
      [
        ['term', 'a'],
        ['customField', '=Acme'],
      ],
      'customField',
      /name=value/,
    );
  });
});

describe('filter', () => {
  const filter = (value: unknown): Params => [
    ['term', '*'],
    ['filter', JSON.stringify(value)],
  ];

  it('filters by equality, category and range', async () => {
    expect(new Set(await ids(filter({ 'custom_fields.brand': 'Globex' })))).toEqual(new Set(['annual-report', 'kubernetes', 'slides']));
    expect(await ids(filter({ 'custom_fields.price': 80 }))).toEqual(['widget-api']);
    expect(await ids(filter({ 'custom_fields.price': '80' }))).toEqual(['widget-api']);
    expect(await ids(filter({ category: 'doctype_pdf' }))).toEqual(['annual-report']);
    expect(new Set(await ids(filter({ range: { 'custom_fields.price': { gt: '50', lt: 100 } } })))).toEqual(new Set(['slides', 'widget-api', 'suche']));
    expect(new Set(await ids(filter({ range: { 'custom_fields.rating': { gt: 4 } } })))).toEqual(new Set(['widget-guide', 'cafe-creme', 'kubernetes']));
  });

  it('nests and, or and not', async () => {
    const nested = {
      and: [{ or: [{ 'custom_fields.color': 'Red' }, { 'custom_fields.color': 'Blue' }] }, { not: { 'custom_fields.brand': 'Acme' } }],
    };
    expect(new Set(await ids(filter(nested)))).toEqual(new Set(['annual-report', 'resume']));
    expect(await ids(filter({ not: { 'custom_fields.brand': 'Acme' } }))).toHaveLength(9);
    expect(
      await ids([
        ['term', 'widget'],
        ['filter', JSON.stringify({ 'custom_fields.brand': 'Initech' })],
      ]),
    ).toEqual(['manual']);
  });

  it('rejects malformed JSON and bad shapes, naming filter', async () => {
    await expectInvalid(
      [
        ['term', '*'],
        ['filter', '{bad'],
      ],
      'filter',
      /JSON/,
    );
    await expectInvalid(filter([1]), 'filter', /object/);
    await expectInvalid(filter({ foo: 1 }), 'filter', /unknown filter key 'foo'/);
    await expectInvalid(filter({ range: { 'custom_fields.price': { gte: 1 } } }), 'filter', /gt and lt/);
    await expectInvalid(filter({ range: { 'custom_fields.price': { gt: 'cheap' } } }), 'filter', /number/);
    await expectInvalid(filter({ and: {} }), 'filter', /array/);
    await expectInvalid(filter({ 'custom_fields.brand': true }), 'filter', /string or a number/);
    await expectInvalid(filter({}), 'filter', /empty/);
  });
});

describe('facet and numFacets', () => {
  it('counts custom field values over the matches, by count then value', async () => {
    const all = await search([
      ['term', '*'],
      ['facet', 'custom_fields.brand'],
    ]);
    expect(all.facets).toEqual({
      'custom_fields.brand': [
        { value: 'Acme', count: 3 },
        { value: 'Globex', count: 3 },
        { value: 'Initech', count: 3 },
        { value: 'Bistro', count: 1 },
        { value: 'Evil & Co', count: 1 },
      ],
    });
    const widget = await search([
      ['term', 'widget'],
      ['facet', 'custom_fields.brand'],
      ['facet', 'custom_fields.price'],
    ]);
    expect(widget.facets!['custom_fields.brand']).toEqual([
      { value: 'Acme', count: 3 },
      { value: 'Globex', count: 1 },
      { value: 'Initech', count: 1 },
    ]);
    expect(widget.facets!['custom_fields.price']).toHaveLength(5);
    const red = await search([
      ['term', '*'],
      ['customField', 'color=Red'],
      ['facet', 'custom_fields.brand'],
    ]);
    expect(red.facets!['custom_fields.brand']).toEqual([
      { value: 'Acme', count: 2 },
      { value: 'Globex', count: 1 },
    ]);
  });

  it('counts each element of a multi-valued field and caps at numFacets', async () => {
    const tags = await search([
      ['term', '*'],
      ['facet', 'custom_fields.tags'],
    ]);
    expect(tags.facets!['custom_fields.tags']![0]).toEqual({ value: 'search', count: 3 });
    expect(tags.facets!['custom_fields.tags']).toHaveLength(10);
    const two = await search([
      ['term', '*'],
      ['facet', 'custom_fields.brand'],
      ['numFacets', '2'],
    ]);
    expect(two.facets!['custom_fields.brand']!.map((f) => f.value)).toEqual(['Acme', 'Globex']);
  });

  it('counts the categories one level below `categories` for categorys', async () => {
    const top = await search([
      ['term', '*'],
      ['facet', 'categorys'],
    ]);
    expect(top.facets!.categorys).toEqual([
      { value: '0xdocs.example.com', count: 6 },
      { value: '0xblog.example.com', count: 3 },
      { value: '0xde.example.com', count: 1 },
      { value: '0xevil.example.org', count: 1 },
      { value: '0xops.example.com', count: 1 },
    ]);
    const docs = await search([
      ['term', '*'],
      ['categories', '0xdocs.example.com'],
      ['facet', 'categorys'],
    ]);
    expect(docs.facets!.categorys!.map((f) => f.value)).toEqual(['1xapi', '1xfiles', '1xguides', '1xmisc', '1xreports', '1xtalks']);
    const guides = await search([
      ['term', '*'],
      ['categories', '1xguides'],
      ['facet', 'categorys'],
    ]);
    expect(guides.facets!.categorys).toEqual([{ value: '2xwidgets', count: 1 }]);
  });

  it('rejects bad values', async () => {
    await expectInvalid(
      [
        ['term', '*'],
        ['facet', 'brand'],
      ],
      'facet',
      /custom_fields/,
    );
    await expectInvalid(
      [
        ['term', '*'],
        ['numFacets', '0'],
      ],
      'numFacets',
      /at least 1/,
    );
    await expectInvalid(
      [
        ['term', '*'],
        ['numFacets', '1001'],
      ],
      'numFacets',
      /at most 1000/,
    );
    await expectInvalid(
      [
        ['term', '*'],
        ['numFacets', 'many'],
      ],
      'numFacets',
      /integer/,
    );
  });
});

describe('rangeFacets', () => {
  const ranges = (value: unknown): Params => [
    ['term', '*'],
    ['rangeFacets', JSON.stringify(value)],
  ];

  it('counts one bucket per range, in request order, from inclusive and to exclusive', async () => {
    const body = await search(
      ranges([
        { field: 'custom_fields.price', ranges: [{ to: 50 }, { from: 50, to: 100 }, { from: 100 }, { from: 80, to: 95 }] },
        { field: 'custom_fields.rating', ranges: [{ from: 4.5 }] },
      ]),
    );
    expect(body.rangeFacets).toEqual({
      'custom_fields.price': [
        { to: 50, count: 5 },
        { from: 50, to: 100, count: 3 },
        { from: 100, count: 3 },
        { from: 80, to: 95, count: 1 },
      ],
      'custom_fields.rating': [{ from: 4.5, count: 2 }],
    });
    expect(body.facets).toBeNull();
    const widget = await search([
      ['term', 'widget'],
      ['rangeFacets', JSON.stringify([{ field: 'custom_fields.price', ranges: [{ to: 100 }, { from: 100 }] }])],
    ]);
    expect(widget.rangeFacets!['custom_fields.price']).toEqual([
      { to: 100, count: 4 },
      { from: 100, count: 1 },
    ]);
  });

  it('rejects malformed JSON and bad shapes, naming rangeFacets', async () => {
    await expectInvalid(
      [
        ['term', '*'],
        ['rangeFacets', '[{'],
      ],
      'rangeFacets',
      /JSON/,
    );
    await expectInvalid(ranges({}), 'rangeFacets', /array/);
    await expectInvalid(ranges([{ field: 'price', ranges: [{ to: 1 }] }]), 'rangeFacets', /custom_fields/);
    await expectInvalid(ranges([{ field: 'custom_fields.price', ranges: [] }]), 'rangeFacets', /ranges/);
    await expectInvalid(ranges([{ field: 'custom_fields.price', ranges: [{ from: 'x' }] }]), 'rangeFacets', /number/);
    await expectInvalid(ranges([{ field: 'custom_fields.price', ranges: [{ from: 9, to: 1 }] }]), 'rangeFacets', /less than/);
    await expectInvalid(ranges([{ field: 'custom_fields.price', ranges: [{ above: 1 }] }]), 'rangeFacets', /unknown key/);
  });
});

describe('resultType, userToken, collectAnalytics, analyticsTag', () => {
  it('accepts them without changing the hits', async () => {
    const plain = await ids([['term', 'widget']]);
    expect(
      await ids([
        ['term', 'widget'],
        ['resultType', 'organic'],
      ]),
    ).toEqual(plain);
    expect(
      await ids([
        ['term', 'widget'],
        ['resultType', 'all'],
      ]),
    ).toEqual(plain);
    expect(
      await ids([
        ['term', 'widget'],
        ['userToken', await signUserToken({ id: 'user-42', secret: 'demo-secret' })],
      ]),
    ).toEqual(plain);
    expect(
      await ids([
        ['term', 'widget'],
        ['collectAnalytics', 'false'],
      ]),
    ).toEqual(plain);
    expect(
      await ids([
        ['term', 'widget'],
        ['analyticsTag', 'header-box'],
      ]),
    ).toEqual(plain);
  });

  it('rejects bad values', async () => {
    await expectInvalid(
      [
        ['term', 'a'],
        ['resultType', 'paid'],
      ],
      'resultType',
      /all, organic/,
    );
    await expectInvalid(
      [
        ['term', 'a'],
        ['userToken', 'u'.repeat(257)],
      ],
      'userToken',
      /256/,
    );
    await expectInvalid(
      [
        ['term', 'a'],
        ['collectAnalytics', 'no'],
      ],
      'collectAnalytics',
      /true or false/,
    );
    await expectInvalid(
      [
        ['term', 'a'],
        ['analyticsTag', 't'.repeat(51)],
      ],
      'analyticsTag',
      /50/,
    );
  });
});

describe('jsonp', () => {
  it('wraps the answer in the named function as JavaScript', async () => {
    const response = await fetch(`${service.baseUrl}/v1/search/demo?term=widget&jsonp=app.onResults`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/javascript/);
    const text = await response.text();
    const m = /^\/\*\*\/app\.onResults\((.*)\);$/s.exec(text);
    expect(m).not.toBeNull();
    expect((JSON.parse(m![1]!) as SearchResponse).total_hits).toBe(5);
  });

  it('accepts only a function name or dotted path', async () => {
    await expectInvalid(
      [
        ['term', 'a'],
        ['jsonp', 'alert(1)//'],
      ],
      'jsonp',
      /function name/,
    );
    await expectInvalid(
      [
        ['term', 'a'],
        ['jsonp', '1abc'],
      ],
      'jsonp',
    );
    await expectInvalid(
      [
        ['term', 'a'],
        ['jsonp', 'a..b'],
      ],
      'jsonp',
    );
  });
});

describe('unknown index', () => {
  it('is a 404 naming it, before any parameter is judged', async () => {
    const answer = await getJson<ApiErrorBody>(service, '/v1/search/nope', [['limit', '0']]);
    expect(answer.status).toBe(404);
    expect(answer.body.error).toMatchObject({ status: 404, code: 'not_found' });
    expect(answer.body.error.message).toContain("'nope'");
  });
});
