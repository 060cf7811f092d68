import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';

const REPO = join(import.meta.dirname, '..', '..');

/**
 * Starts `server/main.ts` from the sources as a process of its own. Node itself runs it,
 * with tsx as its loader: the tsx command would put a process in between, which passes
 * SIGTERM on but cannot pass SIGKILL, so killing it would leave the service running.
 */
export function spawnServiceFromSource(args: readonly string[], env: NodeJS.ProcessEnv = {}): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, ['--import', 'tsx', join('server', 'main.ts'), ...args], {
    cwd: REPO,
    env: { ...process.env, NODE_NO_WARNINGS: '1', ...env },
  });
}
