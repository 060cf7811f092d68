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

export interface ServiceNode {
  url: string;
  child: ChildProcessWithoutNullStreams;
}

/**
 * Service processes from the sources on one PostgreSQL database (several nodes), each
 * with a data folder of its own under `folder`; `killAll` ends those still running.
 */
export class ServiceNodes {
  private readonly running = new Set<ServiceNode>();

  constructor(
    private readonly folder: string,
    private readonly env: NodeJS.ProcessEnv = {},
  ) {}

  /** Starts node `name` and answers once it listens. */
  async start(name: string, databaseUrl: string): Promise<ServiceNode> {
    const args = ['--port', '0', '--quiet', '--data', join(this.folder, name), '--database-url', databaseUrl];
    const child = spawnServiceFromSource(args, this.env);
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      let err = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const listening = /listening on (http:\/\/[\d.]+:\d+)/.exec(out);
        if (listening) resolve(listening[1]!);
      });
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
      child.on('exit', (code) => reject(new Error(`node ${name} exited with ${code}: ${out}${err}`)));
    });
    const node = { url, child };
    this.running.add(node);
    return node;
  }

  /** Ends a node at once (SIGKILL), as a crash would. */
  kill(node: ServiceNode): Promise<void> {
    this.running.delete(node);
    return new Promise((resolve) => {
      node.child.once('exit', () => resolve());
      node.child.kill('SIGKILL');
    });
  }

  killAll(): Promise<void[]> {
    return Promise.all([...this.running].map((node) => this.kill(node)));
  }
}
