import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '../src/client/types.ts';
import { runLoad, seedDocuments, startServiceProcess, type ServiceProcess } from './testing/serviceLoad.ts';

/**
 * A bounded load test: the service in its own process, searches and writes at once from
 * 16 connections each for 3 seconds over loopback, more than overload.maxInFlight, so
 * some are refused with 503 (server/overloadGuard.ts). Only errors are asserted, never
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
    // Every write counted as answered is there (writes still in flight when the run stopped may be too).
    const answer = await fetch(`${service.baseUrl}/v1/search/demo?term=loaded&limit=1`);
    const body = (await answer.json()) as SearchResponse;
    const write = figures.find((f) => f.kind === 'write')!;
    const writes = write.requests - write.refused;
    expect(body.total_hits).toBeGreaterThanOrEqual(Math.min(writes, 2000));
  });
});
