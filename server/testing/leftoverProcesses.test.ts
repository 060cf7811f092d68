import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { canSeeProcesses, leftoverProcesses, markedProcesses, RUN_MARK_VARIABLE } from './leftoverProcesses.ts';

const started: number[] = [];

afterEach(() => {
  for (const pid of started.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
});

/** A Node process that idles, with `args` on its command line and `mark` in its environment. */
function idle(mark: string, args: string[] = []): ChildProcess {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', ...args], {
    env: { ...process.env, [RUN_MARK_VARIABLE]: mark },
    stdio: 'ignore',
  });
  started.push(child.pid!);
  return child;
}

describe.runIf(canSeeProcesses())('leftoverProcesses', () => {
  it('finds a process whose parent is gone, by the mark in its environment', () => {
    const mark = randomUUID();
    // The shell starts sleep in the background and exits: init adopts the sleep.
    const shell = spawnSync('sh', ['-c', 'sleep 30 >/dev/null 2>&1 & echo $!'], { env: { ...process.env, [RUN_MARK_VARIABLE]: mark }, encoding: 'utf8' });
    const orphan = Number(shell.stdout.trim());
    started.push(orphan);
    const left = leftoverProcesses(mark, process.pid, /vitest-worker/);
    expect(left).toEqual([{ pid: orphan, ppid: expect.any(Number) as number, command: 'sleep 30' }]);
    expect(left[0]!.ppid).not.toBe(process.pid);
    expect(markedProcesses(randomUUID())).toEqual([]);
  });

  it("leaves out the runner's workers and their esbuild service, not what else they started", async () => {
    const mark = randomUUID();
    const worker = idle(mark, ['vitest-worker']);
    const service = idle(mark, ['esbuild', '--service=0.0.0', '--ping']);
    const other = idle(mark, ['a-service']);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Here this process plays the runner: the three are its children.
    const left = leftoverProcesses(mark, process.pid, /vitest-worker/).map((p) => p.pid);
    expect(left).toEqual([other.pid]);
    expect(left).not.toContain(worker.pid);
    expect(left).not.toContain(service.pid);
    // An esbuild service whose parent is not the runner's is one a test started.
    expect(
      leftoverProcesses(mark, -1, /vitest-worker/)
        .map((p) => p.pid)
        .sort(),
    ).toEqual([worker.pid, service.pid, other.pid].sort());
  });
});
