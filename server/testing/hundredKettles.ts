/**
 * The click-ranking tests' index: a hundred documents that match "kettle" alike but for
 * the length of their text, so a click-lifted one stands out from a fixed order. Registers
 * the service's start and close with the describe block it is called in.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import type { SearchResponse } from '../../src/client/types.ts';
import { getJson, putJson, type TestService } from './service.ts';

export interface HundredKettles {
  /** The service, once `beforeAll` has started it. */
  service(): TestService;
  /** The ids found for "kettle", best first (all hundred). */
  ranked(): Promise<string[]>;
}

export function hundredKettles(start: () => Promise<TestService>): HundredKettles {
  let service: TestService | undefined;
  const started = (): TestService => {
    if (!service) throw new Error('hundredKettles: the service starts in beforeAll');
    return service;
  };

  beforeAll(async () => {
    service = await start();
    const documents = Array.from({ length: 100 }, (_, i) => ({
      id: `kettle-${i}`,
      title: `Kettle ${i}`,
      main_content: `A kettle ${'and more '.repeat(i)}to boil water.`,
    }));
    expect((await putJson(service, '/v2/indices/demo/documents:batch', { documents })).status).toBe(202);
  });

  afterAll(async () => {
    await service?.close();
    service?.remove();
  });

  return {
    service: started,
    async ranked() {
      const answer = await getJson<SearchResponse>(started(), '/v1/search/demo', [
        ['term', 'kettle'],
        ['limit', '100'],
        ['collectAnalytics', 'false'],
      ]);
      expect(answer.status).toBe(200);
      return answer.body.hits.map((hit) => hit.id);
    },
  };
}
