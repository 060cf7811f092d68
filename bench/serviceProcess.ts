/**
 * The reference service as its own process (`site-search-server`, compiled, as a site
 * owner runs it), so the benchmark's client, browser and load generator never share its
 * event loop, and its memory and restart time are its own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadEnvironment } from '../server/testing/serviceLoad.ts';
import { serverMain } from './serverBuild.ts';

export interface ServiceProcess {
  baseUrl: string;
  pid: number;
  /** Milliseconds from spawn to the "listening" line. */
  listeningMs: number;
  /** Resident memory now and at its peak, in bytes (Linux /proc). */
  memory(): { rss: number; peak: number };
  stop(): Promise<void>;
}

/**
 * Starts `site-search-server` on `dataDir` (building it first if needed); `args` adds flags
 * (`--database-url …`); `environment` is by default one without rate limits (loadEnvironment).
 */
export async function startService(
  dataDir: string,
  repo: string,
  args: readonly string[] = [],
  environment: NodeJS.ProcessEnv = loadEnvironment(),
): Promise<ServiceProcess> {
  const main = serverMain(repo);
  const started = performance.now();
  const child = spawn(process.execPath, [main, '--port', '0', '--data', dataDir, '--quiet', ...args], {
    cwd: repo,
    env: environment,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening on (http:\/\/[^\s]+)/.exec(out);
      if (m !== null) resolve(m[1]!);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the service exited with ${code}: ${out.slice(-500)}`)));
  });
  const listeningMs = performance.now() - started;
  return {
    baseUrl,
    pid: child.pid!,
    listeningMs,
    memory: () => processMemory(child.pid!),
    stop: () => stopChild(child),
  };
}

function processMemory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Polls a search until it answers 200; the milliseconds that took from `since`. */
export async function firstAnswer(baseUrl: string, since: number, timeoutMs = 30_000): Promise<number> {
  for (;;) {
    try {
      const response = await fetch(`${baseUrl}/v1/search/demo?term=grid`);
      await response.arrayBuffer();
      if (response.status === 200) return performance.now() - since;
    } catch {
      // Not listening yet.
    }
    if (performance.now() - since > timeoutMs) throw new Error('the service did not answer a search in time');
    await new Promise((r) => setTimeout(r, 5));
  }
}
