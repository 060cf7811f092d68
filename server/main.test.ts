import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCli } from './cliArgs.ts';

const TSX = join(process.cwd(), 'node_modules', '.bin', 'tsx');
const folder = mkdtempSync(join(tmpdir(), 'site-search-cli-'));

afterAll(() => rmSync(folder, { recursive: true, force: true }));

function run(args: string[]): ChildProcessWithoutNullStreams {
  return spawn(TSX, ['server/main.ts', ...args], { cwd: process.cwd(), env: { ...process.env, NODE_NO_WARNINGS: '1' } });
}

/** Output until `pattern` shows up on stdout. */
function waitFor(child: ChildProcessWithoutNullStreams, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (pattern.test(out)) resolve(out);
    });
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`exited with ${code}: ${out}${err}`)));
  });
}

function exitOf(child: ChildProcessWithoutNullStreams): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}

describe('npm run serve (server/main.ts)', () => {
  it('prints the demo credentials, listens, answers and stops on SIGTERM', async () => {
    const child = run(['--port', '0', '--data', join(folder, 'data')]);
    const out = await waitFor(child, /listening on http:\/\/127\.0\.0\.1:\d+\n/);
    expect(out).toContain('demo-secret');
    expect(out).toMatch(/local use only/);
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)![1]!;
    const response = await fetch(`${url}/v1/search/demo?term=*`);
    expect(response.status).toBe(200);
    const exited = exitOf(child);
    child.kill('SIGTERM');
    expect((await exited).code).toBe(0);
  });

  it('serves the indices of a config file, without printing demo credentials', async () => {
    const config = join(folder, 'config.json');
    writeFileSync(config, JSON.stringify({ indices: [{ publicKey: 'site', secret: 's3cret' }], allowedOrigins: ['https://a.example'] }));
    const child = run(['--port', '0', '--data', join(folder, 'data2'), '--config', config]);
    const out = await waitFor(child, /listening on http:\/\/127\.0\.0\.1:\d+\n/);
    expect(out).not.toContain('demo-secret');
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)![1]!;
    expect((await fetch(`${url}/v1/search/site?term=*`)).status).toBe(200);
    expect((await fetch(`${url}/v1/search/demo?term=*`)).status).toBe(404);
    const exited = exitOf(child);
    child.kill('SIGINT');
    expect((await exited).code).toBe(0);
  });

  it('exits with 2 and one line on bad flags', async () => {
    for (const args of [['--bogus'], ['--port', 'abc'], ['--port', '70000'], ['--config', join(folder, 'missing.json')], ['extra']]) {
      const { code, stderr } = await exitOf(run(args));
      expect(code, args.join(' ')).toBe(2);
      expect(stderr.trim().split('\n')).toHaveLength(1);
      expect(stderr).toMatch(/^serve: /);
    }
  });
});

describe('parseCli', () => {
  it('applies defaults', () => {
    expect(parseCli([])).toEqual({ port: 8787, host: '127.0.0.1', dataDir: '.data/service', config: null });
  });

  it('checks the config file', () => {
    const bad = join(folder, 'bad.json');
    writeFileSync(bad, '{"indices": [{"publicKey": "x"}]}');
    expect(() => parseCli(['--config', bad])).toThrow(/indices\[0\]/);
    writeFileSync(bad, '{not json');
    expect(() => parseCli(['--config', bad])).toThrow(/not valid JSON/);
    writeFileSync(bad, '{"port": 1}');
    expect(() => parseCli(['--config', bad])).toThrow(/unknown config key 'port'/);
  });
});
