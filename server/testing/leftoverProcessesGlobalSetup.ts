/**
 * Vitest's global setup that fails the run when a test leaves a process running (a
 * service it spawned, a PostgreSQL server, their children). Listed before the other
 * global setups, so that its teardown runs after theirs: what they stop is stopped by then.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { canSeeProcesses, leftoverProcesses, RUN_MARK_VARIABLE } from './leftoverProcesses.ts';
import { removeRunFolder } from './runFolder.ts';

/** How long a process told to stop at the end of a test may take to exit. */
const GRACE_MS = 3000;
/** The script of Vitest's own worker processes, which it stops after the teardown. */
const VITEST_WORKER = /[\\/]vitest[\\/]dist[\\/]workers[\\/]/;

export default function setup(): () => Promise<void> {
  if (!canSeeProcesses()) {
    console.warn('Processes left running by the tests are not checked on this system (no /proc).');
    return async () => {};
  }
  const mark = randomUUID();
  // Set before Vitest starts its workers, which copy the environment, as do the processes they start.
  process.env[RUN_MARK_VARIABLE] = mark;
  return async () => {
    const deadline = performance.now() + GRACE_MS;
    let left = leftoverProcesses(mark, process.pid, VITEST_WORKER);
    while (left.length > 0 && performance.now() < deadline) {
      await sleep(100);
      left = leftoverProcesses(mark, process.pid, VITEST_WORKER);
    }
    // Killed, so that they do not pile up run after run, and reported, so that the test that left them is mended.
    for (const { pid } of left) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Gone meanwhile.
      }
    }
    // The run's temporary folders go once nothing of the run can still be using them.
    removeRunFolder(mark);
    if (left.length === 0) return;
    process.exitCode = 1;
    const list = left.map((p) => `  ${p.pid} (parent ${p.ppid}): ${p.command.slice(0, 300)}`).join('\n');
    throw new Error(`The tests left ${left.length} process${left.length === 1 ? '' : 'es'} running (killed now):\n${list}`);
  };
}
