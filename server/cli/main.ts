#!/usr/bin/env node
/**
 * `site-search`: feed and check an index from the command line (see `site-search --help`).
 * Exit codes: 0 done, 1 failed, 2 usage error; one line on stderr says why.
 */
import { run } from './run.ts';

process.exitCode = await run(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env, stdin: process.stdin });
