/**
 * `npm run test:conformance:postgres`: the conformance suite on PostgreSQL, on a
 * throw-away cluster (postgresCluster.ts) started for the run, or on the server
 * SITE_SEARCH_TEST_DATABASE_URL names. Fails with one line when PostgreSQL is missing.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createDatabase, MISSING_POSTGRES, postgresBin, startCluster } from './postgresCluster.ts';
import { TEST_DATABASE_URL_VARIABLE, testDatabaseUrl } from './testEngine.ts';

let url = testDatabaseUrl();
/** Stops the cluster this run started; nothing when the tests use a server of their own. */
let stopOwnCluster = () => {};
if (url === null) {
  if (postgresBin() === null) {
    console.error(MISSING_POSTGRES);
    process.exit(1);
  }
  const cluster = await startCluster();
  stopOwnCluster = () => cluster.stop();
  url = await createDatabase(cluster.url, 'conformance');
}
try {
  const run = spawn(process.execPath, ['--import', 'tsx', 'server/testing/conformance.ts', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, [TEST_DATABASE_URL_VARIABLE]: url },
  });
  // Interrupted (Ctrl-C, a cancelled job), the run ends first and the cluster after it,
  // instead of this process dying with the cluster running.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => run.kill(signal));
  const [code] = (await once(run, 'exit')) as [number | null];
  process.exitCode = code ?? 1;
} finally {
  stopOwnCluster();
}
