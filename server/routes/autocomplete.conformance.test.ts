import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, AutocompleteResponse } from '../../src/client/types.ts';
import { FIXTURE_DOCUMENTS } from '../testing/fixtureCorpus.ts';
import { injectService } from '../testing/injectedService.ts';
import { getJson, putJson, type TestService } from '../testing/service.ts';

let service: TestService;

beforeAll(async () => {
  service = await injectService();
  const extra = Array.from({ length: 12 }, (_, i) => ({ id: `many-${i}`, custom_fields: { code: `item-${String(i).padStart(2, '0')}` } }));
  expect((await putJson(service, '/v2/indices/demo/documents:batch', { documents: [...FIXTURE_DOCUMENTS, ...extra] })).status).toBe(202);
});

afterAll(async () => {
  await service.close();
  service.remove();
});

async function complete(term: string, source: string, size?: number): Promise<string[]> {
  const params: Array<[string, string]> = [
    ['term', term],
    ['source', source],
  ];
  if (size !== undefined) params.push(['size', String(size)]);
  const answer = await getJson<AutocompleteResponse>(service, '/v1/autocomplete/document-field/demo', params);
  expect(answer.status).toBe(200);
  return answer.body.autocomplete.map((item) => item.value);
}

describe('GET /v1/autocomplete/document-field/{key}', () => {
  it('completes from the values of a custom field, most used first', async () => {
    expect(await complete('ac', 'custom_fields.brand')).toEqual(['Acme']);
    expect(await complete('', 'custom_fields.brand').catch(() => 'error')).toBe('error');
    expect(await complete('i', 'custom_fields.brand')).toEqual(['Initech']);
  });

  it('matches the start of a word inside a value, after whole-value matches', async () => {
    expect(await complete('co', 'custom_fields.brand')).toEqual(['Evil & Co']);
    expect(await complete('pau', 'custom_fields.city')).toEqual(['São Paulo']);
    expect(await complete('york', 'custom_fields.city')).toEqual(['New York']);
    expect(await complete('ork', 'custom_fields.city')).toEqual([]);
  });

  it('ignores case and accents, and keeps them in values', async () => {
    expect(await complete('zu', 'custom_fields.city')).toEqual(['Zürich', 'Zug']);
    expect(await complete('ZÜR', 'custom_fields.city')).toEqual(['Zürich']);
    expect(await complete('sao', 'custom_fields.city')).toEqual(['São Paulo']);
  });

  it('completes each element of an array field and numbers as text', async () => {
    expect(await complete('sea', 'custom_fields.tags')).toEqual(['search']);
    expect(await complete('12', 'custom_fields.price')).toEqual(['120']);
  });

  it('returns 10 values unless size says otherwise', async () => {
    expect(await complete('item', 'custom_fields.code')).toHaveLength(10);
    expect(await complete('item', 'custom_fields.code', 3)).toEqual(['item-00', 'item-01', 'item-02']);
    expect(await complete('item', 'custom_fields.code', 50)).toHaveLength(12);
  });

  it('answers nothing for an unknown field', async () => {
    expect(await complete('a', 'custom_fields.nothing')).toEqual([]);
  });

  it('rejects bad parameters', async () => {
    for (const [params, parameter] of [
      [[['source', 'custom_fields.brand']], 'term'],
      [[['term', 'a']], 'source'],
      [
        [
          ['term', 'a'],
          ['source', 'brand'],
        ],
        'source',
      ],
      [
        [
          ['term', 'a'],
          ['source', 'custom_fields.brand'],
          ['size', '0'],
        ],
        'size',
      ],
      [
        [
          ['term', ''],
          ['source', 'custom_fields.brand'],
        ],
        'term',
      ],
    ] as Array<[Array<[string, string]>, string]>) {
      const answer = await getJson<ApiErrorBody>(service, '/v1/autocomplete/document-field/demo', params);
      expect(answer.status, JSON.stringify(params)).toBe(400);
      expect(answer.body.error).toMatchObject({ status: 400, code: 'invalid_parameter', parameter });
    }
  });

  it('is a 404 for an unknown index', async () => {
    const answer = await getJson<ApiErrorBody>(service, '/v1/autocomplete/document-field/nope', [
      ['term', 'a'],
      ['source', 'custom_fields.brand'],
    ]);
    expect(answer.status).toBe(404);
  });
});
