import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentStatusList, IndexFieldList } from '../../src/client/types.ts';
import { injectService } from '../testing/injectedService.ts';
import { DEMO_AUTH, getJson, putJson, TWO_INDICES, type TestService } from '../testing/service.ts';

let service: TestService;

beforeAll(async () => {
  service = await injectService({ indices: TWO_INDICES });
});

afterAll(async () => {
  await service.close();
  service.remove();
});

const md5 = (text: string): string => createHash('md5').update(text).digest('hex');
const auth = { headers: { authorization: DEMO_AUTH } };

describe('GET /v2/indices/{key}/fields', () => {
  it('lists the standard fields and each custom field with the type its first value gave it', async () => {
    const written = await putJson(service, '/v2/indices/demo/documents:batch', {
      documents: [
        {
          id: 'f1',
          url: 'https://site.example.com/f1',
          title: 'One',
          main_content: 'x',
          custom_fields: { price: 5, weight: 1.5, colour: 'red', tags: ['a', 'b'] },
        },
      ],
    });
    expect(written.status).toBe(202);
    const answer = await getJson<IndexFieldList>(service, '/v2/indices/demo/fields', [], auth);
    expect(answer.status).toBe(200);
    expect(answer.body.fields).toEqual(
      expect.arrayContaining([
        { name: 'title', type: 'text', standard: true, multiValued: false },
        { name: 'doc_date', type: 'date', standard: true, multiValued: false },
        { name: 'price', type: 'integer', standard: false, multiValued: false },
        { name: 'weight', type: 'double', standard: false, multiValued: false },
        { name: 'colour', type: 'text', standard: false, multiValued: false },
        { name: 'tags', type: 'text', standard: false, multiValued: true },
      ]),
    );
  });

  it('asks for the index credentials', async () => {
    expect((await getJson(service, '/v2/indices/demo/fields')).status).toBe(401);
  });
});

describe('GET /v2/indices/{key}/statuses', () => {
  it('finds a document by its URL, whether its id is the md5 of it or one of its own', async () => {
    const url = 'https://site.example.com/by-url.html';
    const own = 'https://site.example.com/own-id.html';
    expect((await putJson(service, '/v2/indices/demo/documents/', { url, title: 'By URL', main_content: 'y' })).status).toBe(202);
    expect((await putJson(service, '/v2/indices/demo/documents/mine-1', { url: own, title: 'Own id', main_content: 'z' })).status).toBe(202);

    const byMd5 = await getJson<DocumentStatusList>(service, '/v2/indices/demo/statuses', [['url', url]], auth);
    expect(byMd5.status).toBe(200);
    expect(byMd5.body.statuses).toEqual([
      { docId: md5(url), url, status: 'INDEXED', statusInfo: expect.any(String), lastFetched: expect.stringMatching(/Z$/) },
    ]);
    const byOwn = await getJson<DocumentStatusList>(service, '/v2/indices/demo/statuses', [['url', own]], auth);
    expect(byOwn.body.statuses.map((s) => s.docId)).toEqual(['mine-1']);
    const none = await getJson<DocumentStatusList>(service, '/v2/indices/demo/statuses', [['url', 'https://site.example.com/never']], auth);
    expect(none.body).toEqual({ statuses: [] });
  });

  it('takes a status or a URL, not both nor neither', async () => {
    expect((await getJson(service, '/v2/indices/demo/statuses', [], auth)).status).toBe(400);
    expect(
      (
        await getJson(
          service,
          '/v2/indices/demo/statuses',
          [
            ['status', 'ERROR'],
            ['url', 'https://a.example/'],
          ],
          auth,
        )
      ).status,
    ).toBe(400);
    expect((await getJson(service, '/v2/indices/demo/statuses', [['status', 'BROKEN']], auth)).status).toBe(400);
    const none = await getJson<DocumentStatusList>(service, '/v2/indices/demo/statuses', [['status', 'ERROR']], auth);
    expect(none).toMatchObject({ status: 200, body: { statuses: [] } });
  });
});
