import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { run } from './run.ts';

const dir = mkdtempSync(join(tmpdir(), 'site-search-run-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function runIn(argv: string[], env: NodeJS.ProcessEnv = {}) {
  let stdout = '';
  let stderr = '';
  const code = await run(argv, { stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) }, env });
  return { code, stdout, stderr };
}

// Port 9 (discard) is never listened on here: these commands must fail before any request.
const flags = ['--url', 'http://127.0.0.1:9', '--key', 'k', '--secret', 's'];

describe('run', () => {
  it('prints help with exit 0, and wants a command', async () => {
    expect(await runIn(['--help'])).toMatchObject({ code: 0, stdout: expect.stringContaining('Usage: site-search') });
    // A secret on the command line shows in ps: the help points to the environment variable.
    expect((await runIn(['--help'])).stdout).toMatch(/Prefer SITE_SEARCH_SECRET: a flag shows in ps/);
    expect(await runIn([])).toEqual({ code: 2, stdout: '', stderr: 'site-search: a command is needed (see site-search --help)\n' });
  });

  it('names the missing credential and its environment variable', async () => {
    expect((await runIn(['get', 'x'])).stderr).toBe('site-search: the API host is missing: pass --url or set SITE_SEARCH_URL\n');
    expect((await runIn(['get', 'x'], { SITE_SEARCH_URL: 'http://127.0.0.1:9', SITE_SEARCH_KEY: 'k' })).stderr).toBe(
      'site-search: the secret key is missing: set SITE_SEARCH_SECRET (or pass --secret, which shows in ps)\n',
    );
  });

  it('checks a whole events file before sending and stops at the bad line', async () => {
    const file = join(dir, 'events.ndjson');
    writeFileSync(file, '{"transaction":"t","item":"i","time":"2024-01-01"}\n{"transaction":"t","time":"2024-01-01"}\n');
    expect(await runIn(['events', file, '--dataset', 'cart', ...flags])).toMatchObject({
      code: 1,
      stderr: 'site-search: stopped at line 2: the event needs a string item; no events were sent\n',
    });
    expect((await runIn(['events', file, ...flags])).code).toBe(2);
  });

  it('refuses a resume state written for another file', async () => {
    const state = join(dir, 'state.json');
    writeFileSync(state, JSON.stringify({ file: '/elsewhere.ndjson', size: 1, mtimeMs: 1, line: 3, indexed: 3, skipped: [] }));
    const file = join(dir, 'docs.ndjson');
    writeFileSync(file, '{"id":"1"}\n');
    expect(await runIn(['index', file, '--resume', '--state', state, ...flags])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('records a run of /elsewhere.ndjson'),
    });
  });
});
