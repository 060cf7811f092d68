/**
 * A throw-away PostgreSQL cluster for tests: `initdb` into a temporary folder, started on
 * a free loopback port, stopped and deleted at the end. PostgreSQL refuses to run as
 * root, so as root the server's commands run as the `postgres` user (`runuser`).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** The one line a run without PostgreSQL fails with, as the browser tests do without Chromium. */
export const MISSING_POSTGRES =
  'No PostgreSQL for the engine tests. Install it: `apt-get install postgresql` (Debian), or set POSTGRES_BIN to the folder of its initdb and pg_ctl, or SITE_SEARCH_TEST_DATABASE_URL to a server the tests may create databases on.';

/** The folder of `initdb` and `pg_ctl`, or null when PostgreSQL is not installed. */
export function postgresBin(): string | null {
  const fromEnv = process.env.POSTGRES_BIN;
  if (fromEnv !== undefined && fromEnv !== '') return existsSync(join(fromEnv, 'initdb')) ? fromEnv : null;
  // Debian keeps the server's binaries out of PATH, one folder per major version.
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of versions) {
    const bin = join(root, version, 'bin');
    if (existsSync(join(bin, 'initdb'))) return bin;
  }
  const found = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  const initdb = found.status === 0 ? found.stdout.trim() : '';
  return initdb === '' ? null : join(initdb, '..');
}

export interface PostgresCluster {
  /** A URL of the `postgres` database, as the superuser, over TCP on the loopback address. */
  url: string;
  /**
   * The same database through the cluster's Unix socket, as a service on the database's
   * own host connects (docs/reference-service.md says why: a search's reply waited now
   * and then over loopback TCP).
   */
  socketUrl: string;
  stop(): void;
}

/** Starts a cluster; throws MISSING_POSTGRES when PostgreSQL is not installed. */
export async function startCluster(settings: { durable?: boolean; sharedBuffers?: string } = {}): Promise<PostgresCluster> {
  const bin = postgresBin();
  if (bin === null) throw new Error(MISSING_POSTGRES);
  const asRoot = process.getuid?.() === 0;
  const folder = mkdtempSync(join(tmpdir(), 'site-search-pg-'));
  const data = join(folder, 'data');
  const sockets = join(folder, 'sockets');
  const run = (command: string, args: string[]) => {
    const [file, all] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, command), ...args]] : [join(bin, command), args];
    execFileSync(file, all, { stdio: ['ignore', 'pipe', 'pipe'], cwd: folder });
  };
  try {
    if (asRoot) chownSync(folder, postgresId('-u'), postgresId('-g'));
    execFileSync(asRoot ? 'runuser' : 'mkdir', asRoot ? ['-u', 'postgres', '--', 'mkdir', sockets] : [sockets]);
    // Trust on loopback: the cluster lives as long as the test run, in a folder of its own.
    run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
    const port = await freePort();
    // fsync off unless asked (a benchmark): a test cluster need not survive a power cut, and the tests write a lot.
    const durability = settings.durable ? '' : ' -c fsync=off -c full_page_writes=off';
    const buffers = settings.sharedBuffers === undefined ? '' : ` -c shared_buffers=${settings.sharedBuffers}`;
    const options = `-p ${port} -k ${sockets} -c listen_addresses=127.0.0.1${durability}${buffers} -c max_connections=200`;
    run('pg_ctl', ['start', '-w', '-D', data, '-l', join(folder, 'server.log'), '-o', options]);
    const stop = () => {
      process.off('exit', stop);
      try {
        run('pg_ctl', ['stop', '-D', data, '-m', 'immediate']);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    };
    // The server runs apart from this process: it is stopped when this process exits
    // unasked (Vitest exits so on Ctrl-C, skipping the teardowns), not left running.
    process.on('exit', stop);
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      socketUrl: `postgres://postgres@localhost:${port}/postgres?host=${encodeURIComponent(sockets)}`,
      stop,
    };
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
    throw new Error(`could not start a PostgreSQL test cluster: ${stderr || (error as Error).message}`, { cause: error });
  }
}

/** A new empty database on the server of `url` (a superuser's); returns its URL. */
export async function createDatabase(url: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
  const database = new URL(url);
  database.pathname = `/${name}`;
  return database.toString();
}

function postgresId(flag: '-u' | '-g'): number {
  return Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
