import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { PostgresEngine } from '../engine/postgresEngine.ts';
import { createSearchPipeline } from '../pipeline/searchPipeline.ts';
import { createDatabase, startCluster } from './postgresCluster.ts';
import { testDatabase } from './postgresDatabase.ts';
import { searchQuery } from './searchQuery.ts';
import { testDocument } from './testDocuments.ts';

describe('the test PostgreSQL server', () => {
  it('hands out fresh, separate databases with pg_trgm available', async () => {
    const [a, b] = await Promise.all([testDatabase('cluster a'), testDatabase('cluster b')]);
    expect(a).not.toBe(b);
    const client = new pg.Client({ connectionString: a });
    await client.connect();
    try {
      await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
      const { rows } = await client.query<{ s: number }>(`SELECT similarity('fetch', 'fetc') AS s`);
      expect(rows[0]!.s).toBeGreaterThan(0.5);
      const tables = await client.query(`SELECT 1 FROM pg_tables WHERE schemaname = 'public'`);
      expect(tables.rowCount).toBe(0);
    } finally {
      await client.end();
    }
  });

  it("is reached through its Unix socket, by a client and by the service's engine, with a database made through the socket's URL", async () => {
    const cluster = await startCluster();
    try {
      const url = await createDatabase(cluster.socketUrl, 'through_socket');
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        // inet_server_addr() is null on a Unix-socket connection.
        const { rows } = await client.query<{ address: string | null; name: string }>('SELECT inet_server_addr() AS address, current_database() AS name');
        expect(rows[0]).toEqual({ address: null, name: 'through_socket' });
      } finally {
        await client.end();
      }
      // The engine's pool passes its own options (the schema's search path) along the socket's.
      const engine = await PostgresEngine.open({ url, schema: 'socket_index' });
      try {
        expect(await engine.write([testDocument('s1', 'reached through the socket')])).toEqual({ ok: true });
        expect((await createSearchPipeline(engine).search(searchQuery(['socket']))).hits.map((hit) => hit.document.id)).toEqual(['s1']);
      } finally {
        await engine.close();
      }
    } finally {
      cluster.stop();
    }
  });

  it('is stopped when the process that started it exits without stopping it, as Vitest does on Ctrl-C', async () => {
    const cluster = join(import.meta.dirname, 'postgresCluster.ts');
    const script = `const { startCluster } = await import(${JSON.stringify(cluster)}); console.log((await startCluster()).url); process.exit(130);`;
    let url = '';
    try {
      execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    } catch (error) {
      url = String((error as { stdout?: string }).stdout).trim();
    }
    expect(url).toMatch(/^postgres:\/\//);
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    await expect(client.connect()).rejects.toThrow();
  });
});
