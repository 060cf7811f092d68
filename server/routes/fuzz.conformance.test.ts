import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, SearchResponse } from '../../src/client/types.ts';
import { randomRequest, type RandomRequest } from '../testing/randomRequests.ts';
import { seededRandom } from '../../demo/seededRandom.ts';
import { injectService } from '../testing/injectedService.ts';
import { getJson, putJson, type TestService } from '../testing/service.ts';

const SEED = 20261122;
const REQUESTS = 3000;
const CONCURRENCY = 16;

/**
 * A bounded fuzz test: thousands of random and malformed requests to every route, from
 * a seeded generator (change SEED to explore, keep it to replay). No answer may be a
 * 5xx, every error must be DESIGN.md's JSON, and the service must answer afterwards.
 */
describe('fuzz', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await injectService({ recommendations: { related: { dataset: 'carts' } } });
    await putJson(service, '/v2/indices/demo/documents:batch', {
      documents: [{ id: 'steady', title: 'Steady document', custom_fields: { price: 5 } }],
    });
  });

  afterAll(async () => {
    await service.close();
    service.remove();
  });

  // Thousands of requests: on a busy machine they take longer than the default 30 s.
  it(`answers ${REQUESTS} random requests without a 5xx, every error as JSON`, async () => {
    const random = seededRandom(SEED);
    const requests: RandomRequest[] = Array.from({ length: REQUESTS }, () => randomRequest(random));
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < requests.length) {
        const request = requests[next++]!;
        const label = `${request.method} ${request.path.slice(0, 120)}`;
        const response = await service.fetch(request.path, {
          method: request.method,
          headers: request.headers,
          ...(request.body !== undefined && { body: request.body as BodyInit }),
        });
        const text = await response.text();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status >= 500) failures.push(`${response.status} ${label}: ${text.slice(0, 200)}`);
        if (response.status < 400 || request.method === 'HEAD') continue;
        let body: ApiErrorBody | null = null;
        try {
          body = JSON.parse(text) as ApiErrorBody;
        } catch {
          // reported below
        }
        const json = /^application\/json/.test(response.headers.get('content-type') ?? '');
        if (!json || body?.error?.status !== response.status || typeof body.error.code !== 'string' || typeof body.error.message !== 'string') {
          failures.push(`not the error JSON: ${response.status} ${label}: ${text.slice(0, 200)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    expect(failures).toEqual([]);
    // The generator reaches past the 4xx checks too.
    expect([...statuses.keys()].some((s) => s >= 200 && s < 300)).toBe(true);
    expect(statuses.get(413) ?? 0).toBeGreaterThan(0);

    const health = await getJson(service, '/health');
    expect(health.status).toBe(200);
    const search = await getJson<SearchResponse>(service, '/v1/search/demo', [['term', 'steady']]);
    expect(search.body.hits.map((h) => h.id)).toContain('steady');
  });
});
