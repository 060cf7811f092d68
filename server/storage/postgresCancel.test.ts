// PostgreSQL only: a search whose HTTP client has gone stops in the database.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexSchema, postgresEngines } from '../indices/postgresFactory.ts';
import { testDatabase } from '../testing/postgresDatabase.ts';
import { eventually, putJson, startService, type TestService } from '../testing/service.ts';

describe('a search whose client has gone', () => {
  let url: string;
  let service: TestService;
  let watcher: pg.Client;

  beforeAll(async () => {
    url = await testDatabase('cancel');
    service = await startService({ engine: postgresEngines(url) });
    expect((await putJson(service, '/v2/indices/demo/documents:batch', { documents: [{ id: 'a', title: 'kettle' }] })).status).toBe(202);
    watcher = new pg.Client({ connectionString: url });
    await watcher.connect();
  });

  afterAll(async () => {
    await watcher?.end();
    await service?.close();
    service?.remove();
  });

  /**
   * The service's statements now waiting for a lock: only the search takes one here. Not
   * told by their text, which pg_stat_activity cuts at 1 KB, before a long search
   * statement names its table.
   */
  const waiting = async () =>
    (
      await watcher.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE state = 'active' AND wait_event_type = 'Lock' AND datname = current_database() AND pid <> pg_backend_pid()`,
      )
    ).rows;

  /** Whether `done` came true within `ms` (a bound against a hang only). */
  const until = (done: () => Promise<boolean>, ms: number) => eventually(async () => ((await done()) ? true : undefined), ms);

  it('is cancelled in the database, and the service answers the next one', async () => {
    // Another session holds the documents, so the search's statement waits (a slow statement).
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query(`LOCK TABLE ${pg.escapeIdentifier(indexSchema('demo'))}.docs IN ACCESS EXCLUSIVE MODE`);
      const client = new AbortController();
      const search = fetch(`${service.baseUrl}/v1/search/demo?term=kettle`, { signal: client.signal }).catch((error: unknown) => error);
      expect(await until(async () => (await waiting()).length > 0, 10_000)).toBe(true);
      client.abort();
      expect(await search).toBeInstanceOf(Error);
      // Still locked: only a cancel ends the statement before its time limit (30 s).
      expect(await until(async () => (await waiting()).length === 0, 5_000)).toBe(true);
      await holder.query('ROLLBACK');
    } finally {
      await holder.end();
    }
    const next = await fetch(`${service.baseUrl}/v1/search/demo?term=kettle`);
    expect(next.status).toBe(200);
    expect(((await next.json()) as { total_hits: number }).total_hits).toBe(1);
  });
});
