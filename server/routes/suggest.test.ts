import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, SuggestResponse } from '../../src/client/types.ts';
import { fold } from '../text/fold.ts';
import { FIXTURE_DOCUMENTS } from '../testing/fixtureCorpus.ts';
import { getJson, putJson, startService, type TestService } from '../testing/service.ts';

let service: TestService;

beforeAll(async () => {
  service = await startService();
  expect((await putJson(service, '/v2/indices/demo/documents:batch', { documents: FIXTURE_DOCUMENTS })).status).toBe(202);
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
  it('completes a prefix from titles, the most common completion first, case kept', async () => {
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

  it('falls back to content words when titles have none', async () => {
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
      [[['term', 'w'], ['size', '0']], 'size'],
      [[['term', 'w'], ['size', '101']], 'size'],
      [[['term', 'w'], ['size', 'all']], 'size'],
      [[['term', 'a'], ['term', 'b']], 'term'],
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
