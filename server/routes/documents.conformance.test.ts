import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiErrorBody, BatchResponse, IndexedDocument, SearchResponse, WriteResponse } from '../../src/client/types.ts';
import { basicAuth, DEMO_AUTH, getJson, putJson, sendJson, startService, TWO_INDICES, type TestService } from '../testing/service.ts';

let service: TestService;
let other: number;

beforeAll(async () => {
  service = await startService({ indices: TWO_INDICES });
});

afterAll(async () => {
  await service.close();
  service.remove();
});

beforeEach(() => {
  other = Math.floor(Math.random() * 1e9);
});

async function hits(term: string, index = 'demo'): Promise<SearchResponse> {
  const answer = await getJson<SearchResponse>(service, `/v1/search/${index}`, [
    ['term', term],
    ['limit', '50'],
  ]);
  expect(answer.status).toBe(200);
  return answer.body;
}

async function errorOf(response: Response, status: number): Promise<ApiErrorBody['error']> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return ((await response.json()) as ApiErrorBody).error;
}

const md5 = (text: string): string => createHash('md5').update(text).digest('hex');

describe('PUT /v2/indices/{key}/documents:batch', () => {
  it('creates documents, answering 202 with their ids; searchable at once', async () => {
    const url = `https://site.example.com/batch/${other}.html`;
    const response = await putJson(service, '/v2/indices/demo/documents:batch', {
      documents: [
        { id: `b1-${other}`, title: `Batchword${other} one`, main_content: 'first' },
        { url, title: `Batchword${other} two` },
      ],
    });
    expect(response.status).toBe(202);
    expect((await response.json()) as BatchResponse).toEqual({ ids: [`b1-${other}`, md5(url)] });
    const found = await hits(`batchword${other}`);
    expect(found.total_hits).toBe(2);
    expect(found.hits.find((h) => h.id === md5(url))!.url).toBe(url);
  });

  it('replaces a document fully', async () => {
    const id = `replace-${other}`;
    await putJson(service, '/v2/indices/demo/documents:batch', {
      documents: [{ id, title: `Oldtitle${other}`, main_content: 'old words', custom_fields: { brand: 'Old' } }],
    });
    const response = await putJson(service, '/v2/indices/demo/documents:batch', {
      documents: [{ id, title: `Newtitle${other}` }],
    });
    expect(response.status).toBe(202);
    expect((await hits(`oldtitle${other}`)).total_hits).toBe(0);
    const [hit] = (await hits(`newtitle${other}`)).hits;
    expect(hit!.id).toBe(id);
    expect(hit!.custom_fields).toEqual({});
    expect(hit!.highlight).toBe('');
  });

  it('keeps the last of two documents with one id', async () => {
    const id = `twice-${other}`;
    await putJson(service, '/v2/indices/demo/documents:batch', {
      documents: [
        { id, title: `First${other}` },
        { id, title: `Second${other}` },
      ],
    });
    expect((await hits(`first${other}`)).total_hits).toBe(0);
    expect((await hits(`second${other}`)).hits.map((h) => h.id)).toEqual([id]);
  });

  it('rejects the whole batch when one document is bad, listing each position', async () => {
    const error = await errorOf(
      await putJson(service, '/v2/indices/demo/documents:batch', {
        documents: [
          { id: `good-${other}`, title: `Goodword${other}` },
          { title: 'no id, no url' },
          { id: `good2-${other}`, title: `Goodword${other}` },
          { id: `bad3-${other}`, doc_date: 'yesterday', custom_fields: { flag: true } },
        ],
      }),
      400,
    );
    expect(error).toMatchObject({ status: 400, code: 'invalid_body', parameter: 'documents' });
    expect(error.message).toMatch(/2 of 4 documents are invalid; nothing was applied/);
    expect(error.message).toContain('documents[1]');
    expect(error.message).toContain('documents[3]');
    expect(error.errors).toEqual([
      { position: 1, message: 'a document needs a url or an id' },
      { position: 3, parameter: 'doc_date', message: expect.stringContaining('doc_date') },
      { position: 3, parameter: 'custom_fields.flag', message: expect.stringContaining('custom_fields.flag') },
    ]);
    expect((await hits(`goodword${other}`)).total_hits).toBe(0);
  });

  it('checks the type of every standard and custom field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ id: 'x', title: 42 }, 'title'],
      [{ id: 'x', main_content: ['a'] }, 'main_content'],
      [{ id: 7 }, 'id'],
      [{ id: '' }, 'id'],
      [{ url: 'ftp://example.com/a' }, 'url'],
      [{ url: 'not a url' }, 'url'],
      [{ id: 'x', language: 'English!' }, 'language'],
      [{ id: 'x', thumbnail_external_src: 'javascript:alert(1)' }, 'thumbnail_external_src'],
      [{ id: 'x', thumbnail_b64: 'data:text/html;base64,PHNjcmlwdD4=' }, 'thumbnail_b64'],
      [{ id: 'x', thumbnail_b64: 'not base64!' }, 'thumbnail_b64'],
      [{ id: 'x', thumbnail_b64: 'A'.repeat(8196) }, 'thumbnail_b64'],
      [{ id: 'x', doc_date: '2024-02-30' }, 'doc_date'],
      [{ id: 'x', doc_date: '2024-01-01T10:00:00' }, 'doc_date'],
      [{ id: 'x', doc_date: 1700000000000 }, 'doc_date'],
      [{ id: 'x', custom_fields: [] }, 'custom_fields'],
      [{ id: 'x', custom_fields: { nested: { a: 1 } } }, 'custom_fields.nested'],
      [{ id: 'x', custom_fields: { mixed: ['a', 1] } }, 'custom_fields.mixed'],
      [{ id: 'x', custom_fields: { 'bad name': 'a' } }, 'custom_fields.bad name'],
      [{ id: 'x', titel: 'typo' }, 'titel'],
    ];
    for (const [document, field] of cases) {
      const error = await errorOf(await putJson(service, '/v2/indices/demo/documents:batch', { documents: [document] }), 400);
      expect(error.errors?.[0], JSON.stringify(document)).toMatchObject({ position: 0, parameter: field });
    }
    const notObject = await errorOf(await putJson(service, '/v2/indices/demo/documents:batch', { documents: ['text'] }), 400);
    expect(notObject.errors?.[0]?.message).toMatch(/JSON object/);
  });

  it('accepts the three doc_date forms and a base64 thumbnail', async () => {
    const word = `Dated${other}`;
    const response = await putJson(service, '/v2/indices/demo/documents:batch', {
      documents: [
        { id: `d1-${other}`, title: word, doc_date: '2020-02-29' },
        { id: `d2-${other}`, title: word, doc_date: '2020-02-29T23:30:00-01:00' },
        { id: `d3-${other}`, title: word, doc_date: '1582934400000', thumbnail_b64: 'iVBORw0KGgo=' },
      ],
    });
    expect(response.status).toBe(202);
    const byId = new Map((await hits(word)).hits.map((h) => [h.id, h]));
    expect(byId.get(`d1-${other}`)!.ts).toBe('2020-02-29T00:00:00');
    expect(byId.get(`d2-${other}`)!.ts).toBe('2020-03-01T00:30:00');
    expect(byId.get(`d3-${other}`)!.ts).toBe('2020-02-29T00:00:00');
    expect(byId.get(`d3-${other}`)!.images.main_b64).toBe('iVBORw0KGgo=');
  });

  it('rejects a body without a documents array', async () => {
    const missing = await errorOf(await putJson(service, '/v2/indices/demo/documents:batch', {}), 400);
    expect(missing).toMatchObject({ code: 'invalid_body', parameter: 'documents' });
    const notArray = await errorOf(await putJson(service, '/v2/indices/demo/documents:batch', { documents: {} }), 400);
    expect(notArray).toMatchObject({ code: 'invalid_body', parameter: 'documents' });
  });
});

describe('custom field types', () => {
  it('are fixed by the first value; a conflicting value rejects the write', async () => {
    const field = `weight${other}`;
    const first = await putJson(service, '/v2/indices/demo/documents:batch', {
      documents: [{ id: `t1-${other}`, title: `Typed${other}`, custom_fields: { [field]: 12 } }],
    });
    expect(first.status).toBe(202);
    const error = await errorOf(
      await putJson(service, '/v2/indices/demo/documents:batch', {
        documents: [
          { id: `t2-${other}`, title: `Typed${other}`, custom_fields: { [field]: 13 } },
          { id: `t3-${other}`, title: `Typed${other}`, custom_fields: { [field]: 'heavy' } },
        ],
      }),
      400,
    );
    expect(error).toMatchObject({ status: 400, code: 'custom_field_type_conflict', parameter: `custom_fields.${field}` });
    expect(error.message).toContain(`'${field}' has type integer`);
    expect(error.message).toContain('documents[1] gives a text value');
    expect(error.message).toContain('nothing was applied');
    expect((await hits(`typed${other}`)).hits.map((h) => h.id)).toEqual([`t1-${other}`]);
  });

  it('take whole numbers into double fields but not fractions into integer fields', async () => {
    const field = `ratio${other}`;
    const ok = await putJson(service, '/v2/indices/demo/documents:batch', {
      documents: [
        { id: `r1-${other}`, custom_fields: { [field]: 0.5 } },
        { id: `r2-${other}`, custom_fields: { [field]: 2 } },
      ],
    });
    expect(ok.status).toBe(202);
    const count = `count${other}`;
    const error = await errorOf(
      await putJson(service, '/v2/indices/demo/documents:batch', {
        documents: [
          { id: `c1-${other}`, custom_fields: { [count]: 2 } },
          { id: `c2-${other}`, custom_fields: { [count]: 2.5 } },
        ],
      }),
      400,
    );
    expect(error.message).toContain('has type integer, but documents[1] gives a double value');
  });

  it('leave no type behind when a write is rejected', async () => {
    const field = `fresh${other}`;
    await errorOf(
      await putJson(service, '/v2/indices/demo/documents:batch', {
        documents: [
          { id: `f1-${other}`, custom_fields: { [field]: 1 } },
          { id: `f2-${other}`, custom_fields: { [field]: 'one' } },
        ],
      }),
      400,
    );
    // The rejected batch must not have made the field an integer.
    const retry = await putJson(service, '/v2/indices/demo/documents:batch', {
      documents: [{ id: `f3-${other}`, custom_fields: { [field]: 'one' } }],
    });
    expect(retry.status).toBe(202);
  });

  it('treat arrays of strings as text', async () => {
    const field = `labels${other}`;
    expect(
      (
        await putJson(service, '/v2/indices/demo/documents:batch', {
          documents: [
            { id: `l1-${other}`, custom_fields: { [field]: ['a', 'b'] } },
            { id: `l2-${other}`, custom_fields: { [field]: 'c' } },
          ],
        })
      ).status,
    ).toBe(202);
  });
});

describe('PUT /v2/indices/{key}/documents/{id} and /documents/', () => {
  it('creates or replaces the document with the id in the path', async () => {
    const id = `one-${other}`;
    const response = await putJson(service, `/v2/indices/demo/documents/${id}`, { title: `Single${other}` });
    expect(response.status).toBe(202);
    expect((await response.json()) as WriteResponse).toEqual({ id });
    expect((await hits(`single${other}`)).hits.map((h) => h.id)).toEqual([id]);
    await putJson(service, `/v2/indices/demo/documents/${id}`, { custom_fields: { brand: 'Only' } });
    expect((await hits(`single${other}`)).total_hits).toBe(0);
  });

  it('takes the id from the body, else the md5 of the url', async () => {
    const byBody = await putJson(service, '/v2/indices/demo/documents/', { id: `body-${other}`, title: 'x' });
    expect(byBody.status).toBe(202);
    expect(await byBody.json()).toEqual({ id: `body-${other}` });
    const url = `https://site.example.com/single/${other}`;
    const byUrl = await putJson(service, '/v2/indices/demo/documents/', { url });
    expect(await byUrl.json()).toEqual({ id: md5(url) });
    const neither = await errorOf(await putJson(service, '/v2/indices/demo/documents/', { title: 'x' }), 400);
    expect(neither.code).toBe('invalid_body');
    expect(neither.message).toMatch(/url or an id/);
  });

  it('rejects an id in the body that differs from the path, and a bad field', async () => {
    const error = await errorOf(await putJson(service, '/v2/indices/demo/documents/a', { id: 'b' }), 400);
    expect(error).toMatchObject({ code: 'invalid_body', parameter: 'id' });
    const bad = await errorOf(await putJson(service, '/v2/indices/demo/documents/a', { doc_date: 'soon' }), 400);
    expect(bad).toMatchObject({ code: 'invalid_body', parameter: 'doc_date' });
  });

  it('accepts long and unusual ids', async () => {
    const id = `${'x'.repeat(300)}:ü ${other}`;
    const response = await putJson(service, `/v2/indices/demo/documents/${encodeURIComponent(id)}`, { title: 'long' });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ id });
  });
});

describe('NUL in ids and text', () => {
  // PostgreSQL would store NUL as U+FFFD, making ids that differ on SQLite one there:
  // every engine refuses it, before any engine sees it.
  it('refuses NUL in a body field with a 400 naming the field, writing nothing', async () => {
    const word = `Nulword${other}`;
    const cases: Array<[unknown, string]> = [
      [{ id: `a\u0000${other}`, title: word }, 'id'],
      [{ id: `n-${other}`, title: `${word} \u0000` }, 'title'],
      [{ id: `n-${other}`, title: word, main_content: 'x\u0000y' }, 'main_content'],
      [{ url: `https://site.example.com/\u0000${other}`, title: word }, 'url'],
      [{ id: `n-${other}`, title: word, custom_fields: { brand: 'A\u0000' } }, 'custom_fields.brand'],
      [{ id: `n-${other}`, title: word, custom_fields: { tags: ['ok', '\u0000'] } }, 'custom_fields.tags'],
    ];
    for (const [document, field] of cases) {
      const single = await errorOf(await putJson(service, '/v2/indices/demo/documents/', document), 400);
      expect(single, JSON.stringify(document)).toMatchObject({ code: 'invalid_body', parameter: field });
      expect(single.message).toContain('NUL');
      const batch = await errorOf(await putJson(service, '/v2/indices/demo/documents:batch', { documents: [document] }), 400);
      expect(batch.errors, JSON.stringify(document)).toEqual([{ position: 0, parameter: field, message: expect.stringContaining('NUL') }]);
    }
    expect((await hits(word)).total_hits).toBe(0);
  });

  it('refuses NUL in the id of a path with invalid_parameter id', async () => {
    const path = `/v2/indices/demo/documents/a%00${other}`;
    for (const response of [await putJson(service, path, { title: 'x' }), await sendJson(service, 'GET', path), await sendJson(service, 'DELETE', path)]) {
      expect(await errorOf(response, 400)).toMatchObject({ code: 'invalid_parameter', parameter: 'id', message: expect.stringContaining('NUL') });
    }
  });
});

describe('POST /v2/indices/{key}/documents/', () => {
  it('creates a document with a random id: 201, Location and {id}', async () => {
    const word = `Posted${other}`;
    const first = await sendJson(service, 'POST', '/v2/indices/demo/documents/', { url: 'https://site.example.com/p', title: word });
    expect(first.status).toBe(201);
    const { id } = (await first.json()) as WriteResponse;
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(id).not.toBe(md5('https://site.example.com/p'));
    expect(first.headers.get('location')).toBe(`/v2/indices/demo/documents/${id}`);
    const second = (await (await sendJson(service, 'POST', '/v2/indices/demo/documents/', { title: word })).json()) as WriteResponse;
    expect(second.id).not.toBe(id);
    expect((await hits(word)).total_hits).toBe(2);
    // The Location header leads to the document.
    const fetched = await getJson<IndexedDocument>(service, first.headers.get('location')!, [], { headers: { authorization: DEMO_AUTH } });
    expect(fetched.body).toMatchObject({ id, title: word, url: 'https://site.example.com/p' });
  });

  it('refuses an id in the body and an invalid document, writing nothing', async () => {
    const word = `Refusedpost${other}`;
    const withId = await errorOf(await sendJson(service, 'POST', '/v2/indices/demo/documents/', { id: 'mine', title: word }), 400);
    expect(withId).toMatchObject({ code: 'invalid_body', parameter: 'id' });
    expect(withId.message).toContain('PUT');
    const bad = await errorOf(await sendJson(service, 'POST', '/v2/indices/demo/documents/', { title: word, url: 'ftp://x' }), 400);
    expect(bad.parameter).toBe('url');
    expect((await hits(word)).total_hits).toBe(0);
  });

  it('refuses a conflicting custom field type, naming the field', async () => {
    const field = `postfield${other}`;
    expect((await sendJson(service, 'POST', '/v2/indices/demo/documents/', { custom_fields: { [field]: 3 } })).status).toBe(201);
    const error = await errorOf(
      await sendJson(service, 'POST', '/v2/indices/demo/documents/', { title: `Conflictpost${other}`, custom_fields: { [field]: 'text' } }),
      400,
    );
    expect(error).toMatchObject({ code: 'custom_field_type_conflict', parameter: `custom_fields.${field}` });
    expect((await hits(`conflictpost${other}`)).total_hits).toBe(0);
  });
});

describe('GET and DELETE /v2/indices/{key}/documents/{id}', () => {
  it('gives the document as indexed: fields of 2.1 plus id', async () => {
    const id = `get-${other}`;
    await putJson(service, `/v2/indices/demo/documents/${id}`, {
      url: 'https://site.example.com/get.html',
      title: 'Got it',
      main_content: 'body text',
      language: 'EN',
      thumbnail_external_src: 'https://site.example.com/i.png',
      doc_date: '2024-03-01T10:20+02:00',
      custom_fields: { price: 12.5, tags: ['a', 'b'] },
    });
    const answer = await getJson<IndexedDocument>(service, `/v2/indices/demo/documents/${id}`, [], {
      headers: { authorization: DEMO_AUTH },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id,
      url: 'https://site.example.com/get.html',
      title: 'Got it',
      main_content: 'body text',
      language: 'en',
      thumbnail_external_src: 'https://site.example.com/i.png',
      doc_date: '2024-03-01T08:20:00.000Z',
      custom_fields: { price: 12.5, tags: ['a', 'b'] },
    });
  });

  it('deletes a document: 202 {id}; it is gone from search, GET and status', async () => {
    const id = `del-${other}`;
    const word = `Deleteme${other}`;
    await putJson(service, `/v2/indices/demo/documents/${id}`, { title: word, custom_fields: { [`delf${other}`]: 'x' } });
    expect((await hits(word)).total_hits).toBe(1);
    const response = await sendJson(service, 'DELETE', `/v2/indices/demo/documents/${id}`);
    expect(response.status).toBe(202);
    expect((await response.json()) as WriteResponse).toEqual({ id });
    expect((await hits(word)).total_hits).toBe(0);
    const facets = await getJson<SearchResponse>(service, '/v1/search/demo', [
      ['term', '*'],
      ['facets', `custom_fields.delf${other}`],
    ]);
    expect(facets.body.facets?.[`custom_fields.delf${other}`] ?? []).toEqual([]);
    expect((await errorOf(await sendJson(service, 'GET', `/v2/indices/demo/documents/${id}`), 404)).code).toBe('not_found');
    // A second delete finds nothing.
    expect((await errorOf(await sendJson(service, 'DELETE', `/v2/indices/demo/documents/${id}`), 404)).code).toBe('not_found');
  });

  it('answers 404 not_found for an unknown document and needs credentials', async () => {
    const unknown = await errorOf(await sendJson(service, 'GET', `/v2/indices/demo/documents/none-${other}`), 404);
    expect(unknown.message).toContain(`none-${other}`);
    for (const method of ['GET', 'DELETE']) {
      await errorOf(await sendJson(service, method, '/v2/indices/demo/documents/x', undefined, null), 401);
      await errorOf(await sendJson(service, method, '/v2/indices/demo/documents/x', undefined, basicAuth('demo', 'no')), 401);
    }
    const id = `kept-${other}`;
    await putJson(service, `/v2/indices/demo/documents/${id}`, { title: 'kept' });
    await errorOf(await sendJson(service, 'DELETE', `/v2/indices/demo/documents/${id}`, undefined, basicAuth('other', 'other-secret')), 401);
    expect((await sendJson(service, 'GET', `/v2/indices/demo/documents/${id}`)).status).toBe(200);
  });
});

describe('authentication', () => {
  const body = { documents: [{ id: 'auth-test', title: 'x' }] };

  it('is required: 401 with a Basic challenge', async () => {
    const response = await fetch(`${service.baseUrl}/v2/indices/demo/documents:batch`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const error = await errorOf(response, 401);
    expect(response.headers.get('www-authenticate')).toBe('Basic realm="site-search"');
    expect(error).toMatchObject({ status: 401, code: 'unauthorized' });
  });

  it('rejects a wrong secret, another index key, and garbage', async () => {
    for (const auth of [basicAuth('demo', 'wrong'), basicAuth('other', 'other-secret'), 'Basic !!!', 'Bearer demo-secret']) {
      const response = await putJson(service, '/v2/indices/demo/documents:batch', body, auth);
      await errorOf(response, 401);
      expect(response.headers.get('www-authenticate')).toBe('Basic realm="site-search"');
    }
  });

  it('keeps indices apart', async () => {
    const word = `Separate${other}`;
    const response = await putJson(
      service,
      '/v2/indices/other/documents:batch',
      { documents: [{ id: 'o1', title: word }] },
      basicAuth('other', 'other-secret'),
    );
    expect(response.status).toBe(202);
    expect((await hits(word, 'other')).total_hits).toBe(1);
    expect((await hits(word, 'demo')).total_hits).toBe(0);
  });

  it('comes after the index: an unknown index is 404', async () => {
    const error = await errorOf(await putJson(service, '/v2/indices/nope/documents:batch', body, DEMO_AUTH), 404);
    expect(error.message).toContain("'nope'");
  });
});

describe('request bodies', () => {
  // Every write endpoint, with the body each one takes.
  const writes: Array<[string, string, (content: string) => unknown]> = [
    ['PUT', '/v2/indices/demo/documents:batch', (content) => ({ documents: [{ id: 'ct', title: 'x', main_content: content }] })],
    ['PUT', '/v2/indices/demo/documents/ct', (content) => ({ title: 'x', main_content: content })],
    ['PUT', '/v2/indices/demo/documents/', (content) => ({ id: 'ct', title: 'x', main_content: content })],
    ['POST', '/v2/indices/demo/documents/', (content) => ({ title: 'x', main_content: content })],
  ];

  it('must be JSON: 415 otherwise', async () => {
    const types: Array<Record<string, string>> = [{ 'content-type': 'text/plain' }, { 'content-type': 'application/xml' }, {}];
    for (const [method, path, make] of writes) {
      for (const headers of types) {
        const response = await fetch(service.baseUrl + path, {
          method,
          headers: { ...headers, authorization: DEMO_AUTH },
          body: JSON.stringify(make(`Wrongtype${other}`)),
        });
        expect((await errorOf(response, 415)).code).toBe('unsupported_media_type');
      }
    }
    expect((await hits(`wrongtype${other}`)).total_hits).toBe(0);
  });

  it('must parse: 400 invalid_body for malformed or empty JSON', async () => {
    for (const [method, path] of writes) {
      for (const text of ['{"documents": [', '']) {
        const response = await fetch(service.baseUrl + path, {
          method,
          headers: { 'content-type': 'application/json', authorization: DEMO_AUTH },
          body: text,
        });
        expect((await errorOf(response, 400)).code).toBe('invalid_body');
      }
    }
  });

  it('must stay under 1,000,000 bytes: 413', async () => {
    for (const [method, path, make] of writes) {
      const big = make(`Toobig${other} ${'x'.repeat(1_000_000)}`);
      const error = await errorOf(await sendJson(service, method, path, big), 413);
      expect(error.code).toBe('payload_too_large');
    }
    expect((await hits(`toobig${other}`)).total_hits).toBe(0);
  });
});
