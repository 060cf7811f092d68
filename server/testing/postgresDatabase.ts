/**
 * A fresh database for a test file, on the test run's PostgreSQL server (see
 * postgresGlobalSetup.ts); outside Vitest's run, on a cluster of this process's own.
 */
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { createDatabase, startCluster, type PostgresCluster } from './postgresCluster.ts';

let own: Promise<PostgresCluster> | null = null;

/** The URL of the run's server (its `postgres` database); throws the one-line install hint when there is none. */
export async function serverUrl(): Promise<string> {
  const fromEnv = process.env.SITE_SEARCH_TEST_DATABASE_URL;
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  const broker = inject('postgresBroker') as string | undefined;
  if (broker === undefined) {
    if (own === null) {
      own = startCluster();
      own.then((c) => process.once('exit', () => c.stop())).catch(() => {});
    }
    return (await own).url;
  }
  const answer = (await (await fetch(broker)).json()) as { url?: string; error?: string };
  if (answer.url === undefined) throw new Error(answer.error ?? 'no PostgreSQL server');
  return answer.url;
}

/** A new, empty database named after `label`; returns its URL. */
export async function testDatabase(label: string): Promise<string> {
  const name = `t_${label.toLowerCase().replace(/[^a-z0-9]+/g, '_')}_${randomBytes(4).toString('hex')}`;
  return createDatabase(await serverUrl(), name);
}
