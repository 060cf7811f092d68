import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../src/client/types.ts';
import { DEMO_AUTH } from '../testing/service.ts';
import { runLoad, seedDocuments, startServiceProcess, type ServiceProcess } from '../testing/serviceLoad.ts';

/**
 * A bounded load test: the service in its own process, searches and writes at once from
 * 16 connections each for 3 seconds over loopback, more than overload.maxInFlight, so
 * some are refused with 503 (server/http/overloadGuard.ts). Only errors are asserted, never
 * times; `npm run bench:service` runs the same load longer and prints the figures.
 */
describe('load', () => {
  let service: ServiceProcess;

  beforeAll(async () => {
    service = await startServiceProcess();
    await seedDocuments(service.baseUrl);
  });

  afterAll(async () => {
    await service.stop();
  });

  it('holds concurrent searches and writes with no errors, refusing past its bound with 503', async () => {
    const figures = await runLoad(service.baseUrl, 16, 3);
    for (const figure of figures) {
      expect(figure.requests - figure.refused, figure.kind).toBeGreaterThan(0);
      expect(figure.errors, figure.kind).toBe(0);
    }
    // Every write answered 202 is there, and none refused with 503 is: counted exactly here,
    // with a burst of concurrent writes past the bound (autocannon's totals do not tell
    // which of its writes were refused).
    let acknowledged = 0;
    let refused = 0;
    let n = 0;
    const end = performance.now() + 1000;
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        while (performance.now() < end) {
          const id = `burst-${n++}`;
          const response = await fetch(`${service.baseUrl}/v2/indices/demo/documents/${id}`, {
            method: 'PUT',
            headers: { 'content-type': 'application/json', authorization: DEMO_AUTH },
            body: JSON.stringify({ title: `Burst ${id}`, main_content: 'Written in a burst.' }),
          });
          await response.text();
          if (response.status === 202) acknowledged++;
          else if (response.status === 503) refused++;
          else throw new Error(`a write answered ${response.status}`);
        }
      }),
    );
    expect(acknowledged).toBeGreaterThan(0);
    expect(acknowledged + refused).toBe(n);
    const answer = await fetch(`${service.baseUrl}/v1/search/demo?term=burst&limit=1&postfixWildcard=false`);
    expect(((await answer.json()) as SearchResponse).total_hits).toBe(acknowledged);
  });
});
