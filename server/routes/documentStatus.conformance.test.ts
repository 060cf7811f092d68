import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiErrorBody, DocumentContent, DocumentStatus, SearchResponse } from '../../src/client/types.ts';
import { injectService } from '../testing/injectedService.ts';
import { basicAuth, getJson, putJson, sendJson, TWO_INDICES, type TestService } from '../testing/service.ts';

let service: TestService;
let n: number;
/** The service's clock: writes are dated by it. */
const NOW = Date.parse('2026-03-01T12:34:56.789Z');

beforeAll(async () => {
  service = await injectService({ indices: TWO_INDICES, clock: () => NOW });
});

afterAll(async () => {
  await service.close();
  service.remove();
});

beforeEach(() => {
  n = Math.floor(Math.random() * 1e9);
});

const md5 = (text: string): string => createHash('md5').update(text).digest('hex');

async function json<T>(response: Response, status: number): Promise<T> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return (await response.json()) as T;
}

async function search(term: string): Promise<SearchResponse> {
  return (await getJson<SearchResponse>(service, '/v1/search/demo', [['term', term]])).body;
}

describe('GET /v1/indices/{key}/documents/{id} (status)', () => {
  it('reports a written document as INDEXED with lastFetched and a content link', async () => {
    const url = `https://site.example.com/status/${n}.html`;
    expect((await putJson(service, '/v2/indices/demo/documents/', { url, title: 'Status', main_content: `unique ${n}` })).status).toBe(202);
    const status = await json<DocumentStatus>(await sendJson(service, 'GET', `/v1/indices/demo/documents/${md5(url)}`), 200);
    expect(status).toMatchObject({ indexPublicKey: 'demo', docId: md5(url), status: 'INDEXED' });
    expect(status.lastFetched).toBe('2026-03-01T12:34:56.789Z');
    expect(status.content).toEqual({ href: `/v1/indices/demo/documents/${md5(url)}/content` });
    expect(status.duplicateOf).toBeUndefined();
  });

  it('reports UNKNOWN for an id the index never had, and after a delete', async () => {
    const status = await json<DocumentStatus>(await sendJson(service, 'GET', `/v1/indices/demo/documents/nothing-${n}`), 200);
    expect(status).toMatchObject({ docId: `nothing-${n}`, status: 'UNKNOWN', lastFetched: null });
    expect(status.content).toBeUndefined();
    await putJson(service, `/v2/indices/demo/documents/gone-${n}`, { title: 'gone' });
    await sendJson(service, 'DELETE', `/v2/indices/demo/documents/gone-${n}`);
    const gone = await json<DocumentStatus>(await sendJson(service, 'GET', `/v1/indices/demo/documents/gone-${n}`), 200);
    expect(gone.status).toBe('UNKNOWN');
  });

  it('links a document whose main content duplicates an earlier one to the first', async () => {
    const content = `The same words ${n}, twice.`;
    await putJson(service, `/v2/indices/demo/documents/first-${n}`, { title: 'A', main_content: content });
    await putJson(service, `/v2/indices/demo/documents/second-${n}`, { title: 'B', main_content: `  ${content.replace(' ', '\n')} ` });
    await putJson(service, `/v2/indices/demo/documents/third-${n}`, { title: 'C', main_content: `${content} More.` });
    const second = await json<DocumentStatus>(await sendJson(service, 'GET', `/v1/indices/demo/documents/second-${n}`), 200);
    expect(second.duplicateOf).toEqual({ href: `/v1/indices/demo/documents/first-${n}` });
    expect(second.statusInfo).toContain(`first-${n}`);
    const first = await json<DocumentStatus>(await sendJson(service, 'GET', `/v1/indices/demo/documents/first-${n}`), 200);
    expect(first.duplicateOf).toBeUndefined();
    const third = await json<DocumentStatus>(await sendJson(service, 'GET', `/v1/indices/demo/documents/third-${n}`), 200);
    expect(third.duplicateOf).toBeUndefined();
  });
});

describe('GET /v1/indices/{key}/documents/{id}/content', () => {
  it('gives the indexed content with documentDate and language', async () => {
    await putJson(service, `/v2/indices/demo/documents/content-${n}`, {
      title: 'Content title',
      main_content: 'Indexed words',
      language: 'de',
      doc_date: '2023-05-06',
    });
    const content = await json<DocumentContent>(await sendJson(service, 'GET', `/v1/indices/demo/documents/content-${n}/content`), 200);
    expect(content).toEqual({
      title: 'Content title',
      h1: '',
      h2: '',
      mainContent: 'Indexed words',
      documentDate: '2023-05-06T00:00:00.000Z',
      language: 'de',
      hiddenKeywords: null,
    });
  });

  it('uses the time of first indexing without a doc_date; 404 for an unknown document', async () => {
    await putJson(service, `/v2/indices/demo/documents/nodate-${n}`, { title: 'x' });
    const content = await json<DocumentContent>(await sendJson(service, 'GET', `/v1/indices/demo/documents/nodate-${n}/content`), 200);
    expect(Date.parse(content.documentDate)).toBe(NOW);
    expect(content.language).toBe('');
    const error = await json<ApiErrorBody>(await sendJson(service, 'GET', `/v1/indices/demo/documents/nope-${n}/content`), 404);
    expect(error.error.code).toBe('not_found');
  });
});

describe('POST /v1/indices/{key}/documents/{id}/content/hiddenKeywords', () => {
  it('makes the document findable by its hidden keywords, never showing them', async () => {
    const id = `hidden-${n}`;
    await putJson(service, `/v2/indices/demo/documents/${id}`, { title: 'Sneakers', main_content: 'Running shoes for everyone' });
    expect((await search(`trainers${n}`)).total_hits).toBe(0);
    const response = await sendJson(service, 'POST', `/v1/indices/demo/documents/${id}/content/hiddenKeywords`, {
      hiddenKeywords: ` trainers${n}   kicks${n} `,
    });
    expect(response.status).toBe(200);
    for (const word of [`trainers${n}`, `kicks${n}`]) {
      const found = await search(word);
      expect(found.hits.map((h) => h.id)).toEqual([id]);
      expect(found.hits[0]!.highlight).not.toContain(String(n));
    }
    // The ordinary content still matches, and the highlight shows only it.
    const running = await search('running shoes');
    expect(running.hits.find((h) => h.id === id)!.highlight).toBe('<em>Running</em> <em>shoes</em> for everyone');
    const content = await json<DocumentContent>(await sendJson(service, 'GET', `/v1/indices/demo/documents/${id}/content`), 200);
    expect(content.hiddenKeywords).toBe(`trainers${n} kicks${n}`);
    expect(content.mainContent).toBe('Running shoes for everyone');
    // Nor do they show up as suggestions.
    const suggestions = await getJson(service, '/v1/suggest/demo', [['term', `trainers${n}`]]);
    expect(suggestions.status).toBe(200);
    expect(JSON.stringify(suggestions.body)).not.toContain(`trainers${n}`);
  });

  it('replaces keywords, keeps them across a document replacement, and clears them with an empty string', async () => {
    const id = `hidden2-${n}`;
    const path = `/v1/indices/demo/documents/${id}/content/hiddenKeywords`;
    await putJson(service, `/v2/indices/demo/documents/${id}`, { title: 'Old' });
    await sendJson(service, 'POST', path, { hiddenKeywords: `alpha${n}` });
    await sendJson(service, 'POST', path, { hiddenKeywords: `beta${n}` });
    expect((await search(`alpha${n}`)).total_hits).toBe(0);
    expect((await search(`beta${n}`)).total_hits).toBe(1);
    await putJson(service, `/v2/indices/demo/documents/${id}`, { title: 'New', main_content: 'replaced' });
    expect((await search(`beta${n}`)).total_hits).toBe(1);
    expect((await sendJson(service, 'POST', path, { hiddenKeywords: '' })).status).toBe(200);
    expect((await search(`beta${n}`)).total_hits).toBe(0);
    expect((await search('replaced')).hits.some((h) => h.id === id)).toBe(true);
  });

  it('refuses bad bodies and unknown documents, changing nothing', async () => {
    const id = `hidden3-${n}`;
    const path = `/v1/indices/demo/documents/${id}/content/hiddenKeywords`;
    await putJson(service, `/v2/indices/demo/documents/${id}`, { title: 'Keep' });
    await sendJson(service, 'POST', path, { hiddenKeywords: `kept${n}` });
    const bad: Array<[number, RequestInit]> = [
      [400, { body: '{"hiddenKeywords": ', headers: { 'content-type': 'application/json' } }],
      [400, { body: JSON.stringify({ hiddenKeywords: 5 }), headers: { 'content-type': 'application/json' } }],
      [400, { body: JSON.stringify({ keywords: 'x' }), headers: { 'content-type': 'application/json' } }],
      [400, { body: JSON.stringify({ hiddenKeywords: 'x'.repeat(10_001) }), headers: { 'content-type': 'application/json' } }],
      [400, { body: JSON.stringify({ hiddenKeywords: 'nul\u0000' }), headers: { 'content-type': 'application/json' } }],
      [415, { body: JSON.stringify({ hiddenKeywords: 'x' }), headers: { 'content-type': 'text/plain' } }],
      [413, { body: JSON.stringify({ hiddenKeywords: 'x'.repeat(1_000_001) }), headers: { 'content-type': 'application/json' } }],
    ];
    for (const [status, init] of bad) {
      const response = await service.fetch(path, {
        ...init,
        method: 'POST',
        headers: { ...(init.headers as Record<string, string>), authorization: basicAuth('demo', 'demo-secret') },
      });
      const body = await json<ApiErrorBody>(response, status);
      expect(body.error.status).toBe(status);
    }
    const unknown = await sendJson(service, 'POST', `/v1/indices/demo/documents/none-${n}/content/hiddenKeywords`, { hiddenKeywords: 'x' });
    expect((await json<ApiErrorBody>(unknown, 404)).error.code).toBe('not_found');
    expect((await search(`kept${n}`)).total_hits).toBe(1);
  });

  it('refuses NUL in the id of the path and in the keywords, as every engine must', async () => {
    for (const path of [`/v1/indices/demo/documents/a%00${n}`, `/v1/indices/demo/documents/a%00${n}/content`]) {
      const error = (await json<ApiErrorBody>(await sendJson(service, 'GET', path), 400)).error;
      expect(error).toMatchObject({ code: 'invalid_parameter', parameter: 'id', message: expect.stringContaining('NUL') });
    }
    const id = `hidden-nul-${n}`;
    await putJson(service, `/v2/indices/demo/documents/${id}`, { title: 'Keep' });
    const answer = await sendJson(service, 'POST', `/v1/indices/demo/documents/${id}/content/hiddenKeywords`, { hiddenKeywords: `nul${n}\u0000` });
    expect((await json<ApiErrorBody>(answer, 400)).error).toMatchObject({
      code: 'invalid_body',
      parameter: 'hiddenKeywords',
      message: expect.stringContaining('NUL'),
    });
    expect((await search(`nul${n}`)).total_hits).toBe(0);
  });
});

describe('authentication of the v1 document endpoints', () => {
  it('requires the index key and secret on status, content and hidden keywords', async () => {
    const id = `auth-${n}`;
    await putJson(service, `/v2/indices/demo/documents/${id}`, { title: 'Private' });
    const calls: Array<[string, string, unknown]> = [
      ['GET', `/v1/indices/demo/documents/${id}`, undefined],
      ['GET', `/v1/indices/demo/documents/${id}/content`, undefined],
      ['POST', `/v1/indices/demo/documents/${id}/content/hiddenKeywords`, { hiddenKeywords: `sneaky${n}` }],
    ];
    for (const [method, path, body] of calls) {
      for (const auth of [null, basicAuth('demo', 'wrong'), basicAuth('other', 'other-secret')]) {
        const response = await sendJson(service, method, path, body, auth);
        expect((await json<ApiErrorBody>(response, 401)).error.code).toBe('unauthorized');
        expect(response.headers.get('www-authenticate')).toBe('Basic realm="site-search"');
      }
    }
    expect((await search(`sneaky${n}`)).total_hits).toBe(0);
    const unknownIndex = await sendJson(service, 'GET', `/v1/indices/nope/documents/${id}`);
    expect((await json<ApiErrorBody>(unknownIndex, 404)).error.code).toBe('not_found');
  });
});
