import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, SearchResponse } from '../../src/client/types.ts';
import { injectService } from '../testing/injectedService.ts';
import { getJson, putJson, type TestService } from '../testing/service.ts';

describe('the integer parameters of search', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await injectService();
    const documents = Array.from({ length: 20 }, (_, i) => ({ id: `d${i}`, title: `Kettle ${i}`, main_content: 'A kettle.' }));
    await putJson(service, '/v2/indices/demo/documents:batch', { documents });
  });
  afterAll(async () => {
    await service.close();
    service.remove();
  });

  const search = (query: string) => getJson<SearchResponse & ApiErrorBody>(service, `/v1/search/demo?term=kettle&collectAnalytics=false&${query}`);

  it('takes plain decimal integers', async () => {
    expect((await search('limit=5')).body.hits).toHaveLength(5);
    expect((await search('limit=05&page=2')).body.page).toBe(2);
    expect((await search('numFacets=100')).status).toBe(200);
    expect((await search('')).body.hits).toHaveLength(10);
  });

  it.each(['limit=1e2', 'limit=0x10', 'limit=%201', 'limit=1%20', 'limit=1.0', 'limit=%2B1', 'limit=', 'page=0b1', 'numFacets=1e1', 'page=Infinity'])(
    'refuses %s, naming the parameter',
    async (query) => {
      const answer = await search(query);
      expect(answer.status).toBe(400);
      const name = query.split('=')[0];
      expect(answer.body.error).toMatchObject({ code: 'invalid_parameter', parameter: name });
      expect(answer.body.error.message).toBe(`${name} must be an integer written in decimal digits`);
    },
  );

  it('still checks the range', async () => {
    const answer = await search('limit=301');
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toBe('limit must be at most 300');
  });
});
