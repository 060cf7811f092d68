/**
 * Vitest's global setup for the PostgreSQL tests: one cluster per test run, started the
 * first time a test asks for it (most runs never do), stopped when the run ends. Test
 * files ask through `testDatabase` (postgresDatabase.ts), over a loopback HTTP address,
 * since they run in other processes.
 */
import { createServer } from 'node:http';
import type { TestProject } from 'vitest/node';
import { startCluster, type PostgresCluster } from './postgresCluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where test files ask for the run's PostgreSQL server (see postgresDatabase.ts). */
    postgresBroker: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let cluster: Promise<PostgresCluster> | null = null;
  const fromEnv = process.env.SITE_SEARCH_TEST_DATABASE_URL;
  const server = createServer((_request, response) => {
    const url = fromEnv !== undefined && fromEnv !== '' ? Promise.resolve(fromEnv) : (cluster ??= startCluster()).then((c) => c.url);
    url.then(
      (value) => response.end(JSON.stringify({ url: value })),
      (error: unknown) => response.end(JSON.stringify({ error: error instanceof Error ? error.message : String(error) })),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('the PostgreSQL broker has no address');
  project.provide('postgresBroker', `http://127.0.0.1:${address.port}`);
  return async () => {
    await new Promise((resolve) => server.close(resolve));
    if (cluster !== null) (await cluster.catch(() => null))?.stop();
  };
}
