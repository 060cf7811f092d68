import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { run } from '../cli/run.ts';

// From the sources, through tsx; the installed package's compiled bin is run by e2e/packages.mjs.
const MAIN = join(import.meta.dirname, '..', 'cli', 'main.ts');

/** How a run of the site-search command ended. */
export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** The environment that points the CLI at `baseUrl` with the credentials of one index. */
export function cliEnv(baseUrl: string, siteKey: string, secret: string): NodeJS.ProcessEnv {
  return { ...process.env, SITE_SEARCH_URL: baseUrl, SITE_SEARCH_KEY: siteKey, SITE_SEARCH_SECRET: secret };
}

export interface CliRunOptions {
  /** What the command reads on its standard input (`-` for a file). */
  stdin?: string;
  /** Runs it as a child process instead, which this may kill. */
  whileRunning?: (child: ReturnType<typeof spawn>) => void;
}

/**
 * Runs the site-search command: in this process (what `main.ts` runs, without a process
 * start per call), or, when `whileRunning` is given to kill it, as a child process.
 */
export async function runCli(args: string[], env: NodeJS.ProcessEnv, { stdin, whileRunning }: CliRunOptions = {}): Promise<CliResult> {
  if (whileRunning) return spawnCli(args, env, whileRunning);
  let stdout = '';
  let stderr = '';
  const code = await run(args, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env,
    ...(stdin !== undefined && { stdin: Readable.from([stdin]) }),
  });
  return { code, signal: null, stdout, stderr };
}

/** Runs the site-search command as a child process, as a shell would; `whileRunning` may kill it. */
export function spawnCli(args: string[], env: NodeJS.ProcessEnv, whileRunning?: (child: ReturnType<typeof spawn>) => void): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], { env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
    whileRunning?.(child);
  });
}
