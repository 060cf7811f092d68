// SQLite only: PostgreSQL keeps nothing in the data folder, and several services share it.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sqliteEngines } from './backends/sqliteFactory.ts';
import { startService } from './testing/service.ts';

const folder = mkdtempSync(join(tmpdir(), 'site-search-lock-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The service's own process (not a wrapper's), so its pid is the one the lock names. */
function serve(dataDir: string): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--port', '0', '--quiet', '--data', dataDir], {
    cwd: process.cwd(),
    env: { ...process.env, NODE_NO_WARNINGS: '1' },
  });
}

/** Resolves with `listening` once the service answers, or with its exit code and stderr. */
function started(child: ChildProcessWithoutNullStreams): Promise<{ listening: boolean; code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (/listening on /.test(stdout)) resolve({ listening: true, code: null, stderr });
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ listening: false, code, stderr }));
  });
}

describe('the data folder lock', () => {
  it('stops a second service on the folder at start, naming the first; the folder is free again once the first ends, even killed', async () => {
    const dataDir = join(folder, 'shared');
    const first = serve(dataDir);
    expect((await started(first)).listening).toBe(true);
    const second = await started(serve(dataDir));
    expect(second.listening).toBe(false);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`the data folder ${dataDir} is in use by another service (process ${first.pid} on `);

    const killed = new Promise((resolve) => first.once('exit', resolve));
    first.kill('SIGKILL');
    await killed;
    const third = serve(dataDir);
    const after = await started(third);
    expect(after.listening).toBe(true);
    const exited = new Promise((resolve) => third.once('exit', resolve));
    third.kill('SIGTERM');
    await exited;
  });

  it('holds within one process too, until the service closes', async () => {
    const one = await startService({ engine: sqliteEngines, dataDir: join(folder, 'in-process') });
    await expect(startService({ engine: sqliteEngines, dataDir: one.dataDir })).rejects.toThrow(`(process ${process.pid} on `);
    await one.close();
    const again = await startService({ engine: sqliteEngines, dataDir: one.dataDir });
    await again.close();
  });
});
