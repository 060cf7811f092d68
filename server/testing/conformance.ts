/**
 * Runs the conformance suite (CONFORMANCE_SUITE in testEngine.ts) on the tests' engine:
 * `npm run test:conformance`, with SITE_SEARCH_TEST_DATABASE_URL set to run it on an
 * engine other than SQLite; with file names after it, those files alone; with `-u`, the
 * snapshots of the files run are written anew.
 */
import { startVitest } from 'vitest/node';
import { CONFORMANCE_SUITE, testDatabaseUrl } from './testEngine.ts';

const url = testDatabaseUrl();
console.log(`conformance suite on ${url === null ? 'SQLite' : url.replace(/\/\/[^@/]*@/, '//…@')}`);
// startVitest sets the exit code when a test fails.
// Files named after the command narrow it to them (`npm run test:conformance:postgres -- <file>`);
// `-u` rewrites the snapshots of the files run, as vitest's own `-u` does.
const args = process.argv.slice(2);
const files = args.filter((arg) => arg !== '-u' && arg !== '--update');
const update = files.length < args.length;
const vitest = await startVitest('test', files.length > 0 ? files : CONFORMANCE_SUITE, { run: true, project: 'node', update });
await vitest.close();
