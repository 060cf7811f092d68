// Outside the conformance suite (server/testing/testEngine.ts): the command line, over a
// data folder of SQLite files.
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { closeSync, fstatSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { get as httpsGet } from 'node:https';
import { parseCli } from './config/serverFlags.ts';
import { configFromEnvironment } from './config/environment.ts';
import { SqliteEventStore } from './events/sqliteEventStore.ts';
import { putJson, startService as startAnyService } from './testing/service.ts';
import { selfSignedCert } from './testing/selfSignedCert.ts';
import { spawnServiceFromSource } from './testing/serviceFromSource.ts';
import { storedStats } from './testing/storedStats.ts';
import { sqliteEngines } from './indices/sqliteFactory.ts';
import type { SessionResponse } from '../src/client/types.ts';

/** On SQLite whatever engine the other service tests run on. */
const startService = (options: Parameters<typeof startAnyService>[0] = {}) => startAnyService({ engine: sqliteEngines, ...options });

const folder = mkdtempSync(join(tmpdir(), 'site-search-cli-'));
const children: ChildProcessWithoutNullStreams[] = [];

afterAll(() => {
  // A test that failed before stopping its service leaves it to this.
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(folder, { recursive: true, force: true });
});

function run(args: string[], env: Record<string, string> = {}): ChildProcessWithoutNullStreams {
  const child = spawnServiceFromSource(args, env);
  children.push(child);
  return child;
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

describe('site-search-server (server/main.ts)', () => {
  it('prints the demo credentials, which sign in to the console it serves, listens, answers and stops on SIGTERM', async () => {
    const child = run(['--port', '0', '--data', join(folder, 'data')]);
    const out = await waitFor(child, /listening on http:\/\/127\.0\.0\.1:\d+\n/);
    expect(out).toContain('demo-secret');
    expect(out).toMatch(/local use only/);
    expect(out).toMatch(/stats events are taken from pages of any origin \(index demo\): set statsAllowedOrigins/);
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)![1]!;
    const response = await fetch(`${url}/v1/search/demo?term=*`);
    expect(response.status).toBe(200);
    // `npm run serve`, then /console/: its sign-in page, and the credentials printed sign in.
    const consolePage = await fetch(`${url}/console/`);
    expect(consolePage.status).toBe(200);
    expect(await consolePage.text()).toContain('<div id="console">');
    const [, key, secret] = /index key: (\S+) {2}secret: (\S+)/.exec(out)!;
    const signIn = await fetch(`${url}/v2/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key, secret }) });
    expect(signIn.status).toBe(200);
    expect(((await signIn.json()) as SessionResponse).indices).toEqual([{ publicKey: 'demo' }]);
    const exited = exitOf(child);
    child.kill('SIGTERM');
    expect((await exited).code).toBe(0);
    // The search event was still queued when the signal came: shutdown committed it.
    const events = await SqliteEventStore.open(join(folder, 'data', 'events', 'demo.sqlite'));
    expect(await storedStats(events)).toEqual([{ source: 'search', action: 'search', session: 'anonymous', keyword: '*', numberOfResults: 0 }]);
    await events.close();
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

  it('takes its settings from SITE_SEARCH_* variables, serves HTTPS, refuses plain HTTP and logs JSON lines', async () => {
    const tls = selfSignedCert();
    const child = run(['--port', '0'], {
      SITE_SEARCH_DATA: join(folder, 'data-env'),
      SITE_SEARCH_INDICES: 'site:s3cret',
      SITE_SEARCH_TLS_CERT: tls.certPath,
      SITE_SEARCH_TLS_KEY: tls.keyPath,
      SITE_SEARCH_HTTP_PORT: '0',
      SITE_SEARCH_RATE_LIMIT: 'off',
    });
    try {
      const out = await waitFor(child, /listening on https:\/\/127\.0\.0\.1:\d+\n/);
      // The request's log line, however long a loaded machine takes to write it.
      const logged = waitFor(child, /"statusCode":200.*\n/);
      // Should a check below fail first, the stop in `finally` rejects it: not an error of its own.
      logged.catch(() => {});
      expect(out).not.toContain('demo-secret');
      const httpsUrl = /listening on (https:\/\/127\.0\.0\.1:\d+)/.exec(out)![1]!;
      const httpUrl = /plain HTTP on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)![1]!;
      const status = await new Promise<number>((resolve, reject) =>
        httpsGet(`${httpsUrl}/v1/search/site?term=*`, { ca: tls.cert }, (r) => resolve(r.statusCode ?? 0)).on('error', reject),
      );
      expect(status).toBe(200);
      expect((await fetch(`${httpUrl}/v1/search/site?term=*`)).status).toBe(405);
      const line = (await logged).split('\n').find((l) => l.includes('"statusCode":200'))!;
      expect(JSON.parse(line)).toMatchObject({ level: 30, res: { statusCode: 200 } });
    } finally {
      const exited = exitOf(child);
      child.kill('SIGTERM');
      expect((await exited).code).toBe(0);
      tls.remove();
    }
  });

  it('prints its flags for --help and exits 0', async () => {
    const child = run(['--help']);
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    expect((await exitOf(child)).code).toBe(0);
    expect(stdout).toMatch(/^Usage: site-search-server \[options\]/);
    for (const flag of ['--port', '--host', '--data', '--config', '--http-port', '--quiet', '--no-click-ranking', '--check']) expect(stdout).toContain(flag);
  });

  it("starts without loading the crawler's HTTP client or the PostgreSQL driver, which only some services use", async () => {
    // Node names every CommonJS file it loads on stderr; both packages are CommonJS.
    const child = run(['--port', '0', '--data', join(folder, 'data-lean'), '--quiet'], { NODE_DEBUG: 'module' });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await waitFor(child, /listening on http:\/\/127\.0\.0\.1:\d+\n/);
    const exited = exitOf(child);
    child.kill('SIGTERM');
    expect((await exited).code).toBe(0);
    expect(stderr).toContain('/node_modules/fastify/');
    expect(stderr).not.toContain('/node_modules/undici/');
    expect(stderr).not.toContain('/node_modules/pg/');
  });

  it('exits with 2 and one line on bad flags', async () => {
    const badEnv = await exitOf(run(['--port', '0'], { SITE_SEARCH_RATE_LIMIT: 'lots' }));
    expect(badEnv.code).toBe(2);
    expect(badEnv.stderr).toMatch(/^site-search-server: SITE_SEARCH_RATE_LIMIT: rateLimit\.max/);
    const { code, stderr } = await exitOf(run(['--bogus']));
    expect(code).toBe(2);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/^site-search-server: Unknown option '--bogus'/);
    // The other refusals go the same way (server/config/commandLine.ts): each is an error of parseCli.
    for (const args of [['--port', 'abc'], ['--port', '70000'], ['--config', join(folder, 'missing.json')], ['extra']]) {
      expect(() => parseCli(args, {}), args.join(' ')).toThrow();
    }
  });
});

describe('npm run serve -- --check', () => {
  /** The exit code and output of a check of `dataDir`. */
  const check = (dataDir: string) =>
    new Promise<{ code: number | null; stdout: string }>((resolve) => {
      const child = run(['--check', '--data', dataDir]);
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.on('exit', (code) => resolve({ code, stdout }));
    });

  it('checks every database in full, and exits 0 when all are whole, 1 naming the file when one is damaged or missing', async () => {
    const service = await startService({ dataDir: join(folder, 'checked') });
    const documents = Array.from({ length: 300 }, (_, i) => ({ id: `d${i}`, title: `Document ${i}`, main_content: `words of document ${i} `.repeat(60) }));
    expect((await putJson(service, '/v2/indices/demo/documents:batch', { documents })).status).toBe(202);
    await service.close();
    const indexFile = join(service.dataDir, 'indices', 'demo.sqlite');

    const whole = await check(service.dataDir);
    expect(whole.code).toBe(0);
    expect(whole.stdout).toMatch(new RegExp(`^ok +index 'demo': ${escape(indexFile)} `, 'm'));
    expect(whole.stdout).toMatch(/^ok +events of 'demo': /m);
    expect(whole.stdout).toMatch(/all databases are whole \(2 checked\)\n$/);

    const fd = openSync(indexFile, 'r+');
    const size = fstatSync(fd).size;
    writeSync(fd, Buffer.alloc(8192, 0xa5), 0, 8192, Math.floor(size / 2));
    closeSync(fd);
    const damaged = await check(service.dataDir);
    expect(damaged.code).toBe(1);
    expect(damaged.stdout).toMatch(new RegExp(`^DAMAGED +index 'demo': ${escape(indexFile)}\n +page \\d+`, 'm'));
    expect(damaged.stdout).toMatch(/1 database is missing or damaged: restore it from a backup/);

    rmSync(indexFile);
    rmSync(join(service.dataDir, 'events', 'demo.sqlite'));
    const missing = await check(service.dataDir);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toMatch(new RegExp(`^MISSING +index 'demo': ${escape(indexFile)} `, 'm'));
    expect(missing.stdout).toMatch(/^MISSING +events of 'demo': /m);
    // Three runs of the command, each loading the sources through tsx: hence the long timeout.
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('parseCli', () => {
  it('applies defaults', () => {
    expect(parseCli([], {})).toEqual({
      port: 8787,
      host: '127.0.0.1',
      dataDir: '.data/service',
      config: null,
      tls: null,
      httpPort: null,
      quiet: false,
      requireData: false,
      noClickRanking: false,
      noConsole: false,
      check: false,
      databaseUrl: null,
      databaseReplicaUrl: null,
    });
    expect(parseCli(['--no-click-ranking'], {}).noClickRanking).toBe(true);
    expect(parseCli(['--check'], {}).check).toBe(true);
  });

  it('checks the flags as the config keys they set, naming the flag', () => {
    expect(parseCli(['--port', '9000', '--host', '0.0.0.0', '--data', 'here'], {})).toMatchObject({ port: 9000, host: '0.0.0.0', dataDir: 'here' });
    expect(() => parseCli(['--port', 'x'], {})).toThrow("--port must be an integer from 0 to 65535 (got 'x')");
    expect(() => parseCli(['--port', '70000'], {})).toThrow("--port must be an integer from 0 to 65535 (got '70000')");
    expect(() => parseCli(['--host', ''], {})).toThrow("--host must be a non-empty string (got '')");
    expect(() => parseCli(['--database-url', 'mysql://user:secret@db/site'], {})).toThrow(/^--database-url must be a PostgreSQL URL such as [^(]*$/);
  });

  it('takes requireData from --require-data, SITE_SEARCH_REQUIRE_DATA or the config file', () => {
    expect(parseCli(['--require-data'], {}).requireData).toBe(true);
    expect(parseCli([], { SITE_SEARCH_REQUIRE_DATA: 'true' }).requireData).toBe(true);
    expect(parseCli([], { SITE_SEARCH_REQUIRE_DATA: '0' }).requireData).toBe(false);
    expect(() => parseCli([], { SITE_SEARCH_REQUIRE_DATA: 'yes' })).toThrow('SITE_SEARCH_REQUIRE_DATA: requireData must be true or false');
  });

  it('takes the PostgreSQL database from a flag, a variable or the config file, in that order', () => {
    const file = join(folder, 'database.json');
    writeFileSync(file, JSON.stringify({ databaseUrl: 'postgres://file@db/site', databaseReplicaUrl: 'postgres://file@replica/site' }));
    const env = { SITE_SEARCH_DATABASE_URL: 'postgresql://env@db/site' };
    expect(parseCli(['--config', file], {})).toMatchObject({ databaseUrl: 'postgres://file@db/site', databaseReplicaUrl: 'postgres://file@replica/site' });
    expect(parseCli(['--config', file], env).databaseUrl).toBe('postgresql://env@db/site');
    expect(parseCli(['--config', file, '--database-url', 'postgres://flag@db/site'], env).databaseUrl).toBe('postgres://flag@db/site');
    expect(parseCli(['--database-url', 'postgres://db/site', '--database-replica-url', 'postgres://replica/site'], {}).databaseReplicaUrl).toBe(
      'postgres://replica/site',
    );
    expect(() => parseCli(['--database-url', 'mysql://db/site'], {})).toThrow(/^--database-url must be a PostgreSQL URL/);
    expect(() => parseCli(['--database-url', 'not a url'], {})).toThrow(/^--database-url must be a PostgreSQL URL/);
    expect(() => parseCli(['--database-replica-url', 'postgres://replica/site'], {})).toThrow('--database-replica-url needs --database-url');
    expect(() => parseCli([], { SITE_SEARCH_DATABASE_URL: 'sqlite://x' })).toThrow(/^SITE_SEARCH_DATABASE_URL: databaseUrl must be a PostgreSQL URL/);
    writeFileSync(file, JSON.stringify({ databaseReplicaUrl: 'postgres://file@replica/site' }));
    expect(() => parseCli(['--config', file], {})).toThrow(/databaseReplicaUrl needs databaseUrl/);
  });

  it('takes the reader threads from a flag, a variable or the config file, in that order', () => {
    const file = join(folder, 'threads.json');
    writeFileSync(file, JSON.stringify({ searchThreads: 3 }));
    expect(parseCli(['--config', file], {}).config?.searchThreads).toBe(3);
    expect(parseCli(['--config', file], { SITE_SEARCH_SEARCH_THREADS: '0' }).config?.searchThreads).toBe(0);
    expect(parseCli(['--config', file, '--search-threads', '1'], { SITE_SEARCH_SEARCH_THREADS: '0' }).config?.searchThreads).toBe(1);
    expect(() => parseCli(['--search-threads=300'], {})).toThrow(/^--search-threads must be an integer from 0 to 256/);
    expect(() => parseCli(['--search-threads', 'many'], {})).toThrow(/^--search-threads must be an integer/);
    expect(() => parseCli([], { SITE_SEARCH_SEARCH_THREADS: '1.5' })).toThrow(/^SITE_SEARCH_SEARCH_THREADS/);
    writeFileSync(file, JSON.stringify({ searchThreads: 'all' }));
    expect(() => parseCli(['--config', file], {})).toThrow(/searchThreads must be an integer from 0 to 256/);
  });

  it('checks the config file', () => {
    const bad = join(folder, 'bad.json');
    writeFileSync(bad, '{"indices": [{"publicKey": "x"}]}');
    expect(() => parseCli(['--config', bad])).toThrow(/indices\[0\]/);
    writeFileSync(bad, '{not json');
    expect(() => parseCli(['--config', bad])).toThrow(/not valid JSON/);
    writeFileSync(bad, '{"prot": 1}');
    expect(() => parseCli(['--config', bad])).toThrow(/unknown config key 'prot'/);
  });
});

describe('configFromEnvironment', () => {
  it('reads each variable into the config key it names', () => {
    expect(
      configFromEnvironment({
        SITE_SEARCH_PORT: '9000',
        SITE_SEARCH_HOST: '0.0.0.0',
        SITE_SEARCH_DATA: '/var/lib/site-search',
        SITE_SEARCH_INDICES: 'a:one, b:two:with:colons',
        SITE_SEARCH_ALLOWED_ORIGINS: 'https://a.example,https://b.example',
        SITE_SEARCH_CRAWL_ALLOW_HOSTS: 'docs.example.com',
        SITE_SEARCH_RATE_LIMIT: '10/60000',
        SITE_SEARCH_RECOMMENDATIONS: '{"related": {"dataset": "carts", "itemField": "sku"}}',
        SITE_SEARCH_TLS_CERT: '/etc/cert.pem',
        SITE_SEARCH_TLS_KEY: '/etc/key.pem',
      }),
    ).toEqual({
      port: 9000,
      host: '0.0.0.0',
      data: '/var/lib/site-search',
      indices: [
        { publicKey: 'a', secret: 'one' },
        { publicKey: 'b', secret: 'two:with:colons' },
      ],
      allowedOrigins: ['https://a.example', 'https://b.example'],
      crawlAllowHosts: ['docs.example.com'],
      rateLimit: { max: 10, windowMs: 60000 },
      recommendations: { related: { dataset: 'carts', itemField: 'sku' } },
      tls: { cert: '/etc/cert.pem', key: '/etc/key.pem' },
    });
    expect(configFromEnvironment({ SITE_SEARCH_RATE_LIMIT: 'off' })).toEqual({ rateLimit: false });
    expect(configFromEnvironment({ SITE_SEARCH_CRAWL_ALLOW_PRIVATE: '127.0.0.1:8080, intranet.local' })).toEqual({
      crawlAllowPrivate: ['127.0.0.1:8080', 'intranet.local'],
    });
    expect(configFromEnvironment({ SITE_SEARCH_CLICK_RANKING: 'off' })).toEqual({ clickRanking: false });
    expect(configFromEnvironment({ SITE_SEARCH_CLICK_RANKING: 'on' })).toEqual({ clickRanking: {} });
    expect(configFromEnvironment({ SITE_SEARCH_CLICK_RANKING: '{"halfLifeDays": 7}' })).toEqual({ clickRanking: { halfLifeDays: 7 } });
  });

  it('names the variable at fault', () => {
    expect(() => configFromEnvironment({ SITE_SEARCH_PORT: 'x' })).toThrow(/^SITE_SEARCH_PORT: port/);
    expect(() => configFromEnvironment({ SITE_SEARCH_INDICES: 'nosecret' })).toThrow(/^SITE_SEARCH_INDICES: indices\[0\]/);
    expect(() => configFromEnvironment({ SITE_SEARCH_RECOMMENDATIONS: '{' })).toThrow(/^SITE_SEARCH_RECOMMENDATIONS: must be JSON/);
    expect(() => configFromEnvironment({ SITE_SEARCH_TLS_CERT: '/c.pem' })).toThrow(/go together/);
    expect(() => configFromEnvironment({ SITE_SEARCH_CLICK_RANKING: '{"halfLifeDays": 0}' })).toThrow(/^SITE_SEARCH_CLICK_RANKING: clickRanking\.halfLifeDays/);
    expect(() => configFromEnvironment({ SITE_SEARCH_CLICK_RANKING: '{"decay": 1}' })).toThrow(/unknown key 'clickRanking\.decay'/);
  });

  it('wins over the config file, and flags win over both', () => {
    const file = join(folder, 'layered.json');
    writeFileSync(file, JSON.stringify({ port: 7000, data: 'from-file', allowedOrigins: ['https://file.example'] }));
    const cli = parseCli(['--data', 'from-flag'], { SITE_SEARCH_CONFIG: file, SITE_SEARCH_PORT: '7001' });
    expect(cli).toMatchObject({ port: 7001, dataDir: 'from-flag', config: { allowedOrigins: ['https://file.example'] } });
  });
});
