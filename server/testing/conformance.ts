/**
 * Runs the conformance suite (CONFORMANCE_SUITE in testEngine.ts) on the tests' engine:
 * `npm run test:conformance`, with SITE_SEARCH_TEST_DATABASE_URL set to run it on an
 * engine other than SQLite.
 */
import { startVitest } from 'vitest/node';
import { CONFORMANCE_SUITE, testDatabaseUrl } from './testEngine.ts';

const url = testDatabaseUrl();
console.log(`conformance suite on ${url === null ? 'SQLite' : url.replace(/\/\/[^@/]*@/, '//…@')}`);
// startVitest sets the exit code when a test fails.
const vitest = await startVitest('test', CONFORMANCE_SUITE, { run: true, project: 'node' });
await vitest.close();
