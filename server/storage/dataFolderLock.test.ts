// SQLite only: PostgreSQL keeps nothing in the data folder, and several services share it.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sqliteEngines } from '../indices/sqliteFactory.ts';
import { startService } from '../testing/service.ts';

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
    // The first service in a process of its own, so that it can be killed; the others in
    // this one: what is about processes is the lock file's holder and a killed holder.
    const first = serve(dataDir);
    expect((await started(first)).listening).toBe(true);
    await expect(startService({ engine: sqliteEngines, dataDir })).rejects.toThrow(
      `the data folder ${dataDir} is in use by another service (process ${first.pid} on `,
    );

    const killed = new Promise((resolve) => first.once('exit', resolve));
    first.kill('SIGKILL');
    await killed;
    const after = await startService({ engine: sqliteEngines, dataDir });
    await after.close();
  });

  it('refuses at start, with one line on stderr and exit status 1, when the folder is held', async () => {
    const one = await startService({ engine: sqliteEngines, dataDir: join(folder, 'held') });
    try {
      const second = await started(serve(one.dataDir));
      expect(second.listening).toBe(false);
      expect(second.code).toBe(1);
      expect(second.stderr).toContain(`is in use by another service (process ${process.pid} on `);
    } finally {
      await one.close();
    }
  });

  it('holds within one process too, until the service closes', async () => {
    const one = await startService({ engine: sqliteEngines, dataDir: join(folder, 'in-process') });
    await expect(startService({ engine: sqliteEngines, dataDir: one.dataDir })).rejects.toThrow(`(process ${process.pid} on `);
    await one.close();
    const again = await startService({ engine: sqliteEngines, dataDir: one.dataDir });
    await again.close();
  });
});
