/**
 * `npm run test:conformance:postgres`: the conformance suite on PostgreSQL, on a
 * throw-away cluster (postgresCluster.ts) started for the run, or on the server
 * SITE_SEARCH_TEST_DATABASE_URL names. Fails with one line when PostgreSQL is missing.
 */
import { spawnSync } from 'node:child_process';
import { createDatabase, MISSING_POSTGRES, postgresBin, startCluster } from './postgresCluster.ts';
import { TEST_DATABASE_URL_VARIABLE, testDatabaseUrl } from './testEngine.ts';

let url = testDatabaseUrl();
let stop = () => {};
if (url === null) {
  if (postgresBin() === null) {
    console.error(MISSING_POSTGRES);
    process.exit(1);
  }
  const cluster = await startCluster();
  stop = () => cluster.stop();
  url = await createDatabase(cluster.url, 'conformance');
}
try {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/testing/conformance.ts'], {
    stdio: 'inherit',
    env: { ...process.env, [TEST_DATABASE_URL_VARIABLE]: url },
  });
  process.exitCode = run.status ?? 1;
} finally {
  stop();
}
