/**
 * The temporary folders of a test run, inside one folder per run named by the run's mark
 * (leftoverProcesses.ts), which the run's global teardown removes: what a test does not
 * remove itself (a service's data folder it only closed) does not pile up run after run.
 * Outside a marked run, in the system's temporary folder.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RUN_MARK_VARIABLE } from './leftoverProcesses.ts';

function runFolder(mark: string): string {
  return join(tmpdir(), `site-search-run-${mark}`);
}

/** A new empty folder named `prefix` and a random tail, in this run's folder. */
export function testFolder(prefix: string): string {
  const mark = process.env[RUN_MARK_VARIABLE];
  const parent = mark === undefined || mark === '' ? tmpdir() : runFolder(mark);
  mkdirSync(parent, { recursive: true });
  return mkdtempSync(join(parent, prefix));
}

/** Removes the folder of the run marked `mark`, and everything in it. */
export function removeRunFolder(mark: string): void {
  rmSync(runFolder(mark), { recursive: true, force: true });
}
