// PostgreSQL only, outside the conformance suite: a database that hangs, then goes
// down, under a running service. The file starts a cluster of its own, to stop it.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, HealthResponse } from '../../src/client/types.ts';
import { indexSchema, postgresEngines } from '../indices/postgresFactory.ts';
import { UNAVAILABLE_RETRY_AFTER_S } from '../schemas/apiError.ts';
import { startCluster, type PostgresCluster } from '../testing/postgresCluster.ts';
import { getJson, putJson, startService, type TestService } from '../testing/service.ts';

describe('PostgreSQL on a bad day', () => {
  let cluster: PostgresCluster;
  let service: TestService;
  let stopped = false;

  beforeAll(async () => {
    cluster = await startCluster();
    service = await startService({ engine: postgresEngines(cluster.url, { timeouts: { connectMs: 1000, statementMs: 300 } }) });
    expect((await putJson(service, '/v2/indices/demo/documents:batch', { documents: [{ id: 'a', title: 'kettle' }] })).status).toBe(202);
  });

  afterAll(async () => {
    await service?.close();
    service?.remove();
    if (!stopped) cluster?.stop();
  });

  const expectUnavailable = async (response: Response) => {
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe(String(UNAVAILABLE_RETRY_AFTER_S));
    expect(((await response.json()) as ApiErrorBody).error).toMatchObject({ status: 503, code: 'unavailable' });
  };
  const click = () =>
    fetch(`${service.baseUrl}/v1/stats/demo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'click', session: 's', keyword: 'kettle', docid: 'a', position: 1 }),
    });

  it('cancels a statement that waits past its time limit, and answers 503 with Retry-After', async () => {
    // Another process holds the index's event lock for as long as it likes.
    const holder = new pg.Client({ connectionString: cluster.url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`site-search events ${indexSchema('demo')}`]);
      await expectUnavailable(await click());
      await holder.query('ROLLBACK');
    } finally {
      await holder.end();
    }
    expect((await click()).status).toBe(200);
  });

  it('answers 503 with Retry-After to every call while the database is down, and /health says so', async () => {
    expect((await getJson(service, '/v1/search/demo', [['term', 'kettle']])).status).toBe(200);
    await service.app.eventStores.get('demo').flush();
    cluster.stop();
    stopped = true;
    await expectUnavailable(await fetch(`${service.baseUrl}/v1/search/demo?term=kettle`));
    await expectUnavailable(await putJson(service, '/v2/indices/demo/documents:batch', { documents: [{ id: 'b' }] }));
    await expectUnavailable(await click());
    const health = await getJson<HealthResponse>(service, '/health');
    expect(health.status).toBe(503);
    expect(health.body.status).toBe('unavailable');
    expect(health.body.indices).toEqual([{ publicKey: 'demo', documents: null, events: { queued: 0, dropped: 0 }, lastCrawl: null }]);
    expect(health.body.problems?.[0]).toMatch(/^the database of index 'demo' does not answer/);
  });
});
