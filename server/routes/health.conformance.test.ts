import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HealthResponse } from '../../src/client/types.ts';
import { injectService } from '../testing/injectedService.ts';
import { basicAuth, getJson, putJson, type TestService } from '../testing/service.ts';

describe('GET /health', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await injectService({
      indices: [
        { publicKey: 'one', secret: 's1' },
        { publicKey: 'two', secret: 's2' },
      ],
    });
  });

  afterAll(async () => {
    await service.close();
    service.remove();
  });

  it('answers 200 with the document count of each index', async () => {
    await putJson(service, '/v2/indices/two/documents:batch', { documents: [{ id: 'a' }, { id: 'b' }] }, basicAuth('two', 's2'));
    const answer = await getJson<HealthResponse>(service, '/health');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      status: 'ok',
      indices: [
        { publicKey: 'one', documents: 0, events: { queued: 0, dropped: 0 }, lastCrawl: null },
        { publicKey: 'two', documents: 2, events: { queued: 0, dropped: 0 }, lastCrawl: null },
      ],
    });
    expect((await service.fetch(`/health`, { method: 'POST' })).status).toBe(405);
  });
});
