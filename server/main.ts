#!/usr/bin/env node
/**
 * The reference service's command, `site-search-server` (`npm run serve --` from the sources):
 *   site-search-server [--port 8787] [--data .data/service] [--config FILE] [--host 127.0.0.1]
 *                      [--http-port PORT] [--quiet] [--no-click-ranking] [--check]
 *                      [--database-url postgres://… [--database-replica-url postgres://…]]
 * Settings also come from SITE_SEARCH_* environment variables (environment.ts).
 * Prints `listening on http(s)://HOST:PORT` once it answers; logs requests as JSON lines
 * (pino) unless --quiet. `--help` prints the flags; bad flags: one line, exit 2.
 * SIGTERM/SIGINT: stops taking requests, lets those under way finish, commits queued
 * writes, closes the databases.
 * `--check` checks every database of the data folder in full instead, prints a report
 * and exits: 0 when all are whole, 1 when one is missing or damaged.
 */
import { existsSync, readdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { parseCli, SERVE_USAGE } from './config/serverFlags.ts';
import { commandLine } from './config/commandLine.ts';
import { DEMO_INDEX } from './config/serviceConfig.ts';
import { checkDatabaseFile } from './engine/sqliteSchema.ts';
import { DataManifest } from './storage/dataManifest.ts';
import { listenPlainHttp } from './http/plainHttp.ts';

async function main(): Promise<void> {
  const cli = commandLine({ name: 'site-search-server', invocation: 'site-search-server', usage: SERVE_USAGE }, (args) => parseCli(args));
  if (cli.check && cli.databaseUrl !== null) {
    console.error(
      'site-search-server: --check reads the SQLite files of a data folder; with --database-url the indices are in PostgreSQL, whose pg_amcheck checks them',
    );
    process.exit(2);
  }
  if (cli.check) {
    const { ok, lines } = checkDataFolder(
      cli.dataDir,
      (cli.config?.indices ?? [DEMO_INDEX]).map((index) => index.publicKey),
    );
    for (const line of lines) console.log(line);
    process.exit(ok ? 0 : 1);
  }
  const indices = cli.config?.indices ?? [DEMO_INDEX];
  const open = indices.filter((index) => (index.statsAllowedOrigins ?? cli.config?.statsAllowedOrigins) === undefined).map((index) => index.publicKey);
  if (open.length > 0) {
    console.log(
      `stats events are taken from pages of any origin (index ${open.join(', ')}): set statsAllowedOrigins (SITE_SEARCH_STATS_ALLOWED_ORIGINS) to your site's origins so other sites cannot make their visitors' clicks count`,
    );
  }
  const unsigned = indices.filter((index) => index.allowUnsignedUserTokens === true).map((index) => index.publicKey);
  if (unsigned.length > 0) {
    console.log(
      `unsigned user tokens are taken (index ${unsigned.join(', ')}): anyone may read and write any user's personal results; for local use only, sign tokens on your server (signUserToken) and remove allowUnsignedUserTokens`,
    );
  }
  if (cli.config === null || cli.config.indices === undefined) {
    console.log(`index key: ${DEMO_INDEX.publicKey}  secret: ${DEMO_INDEX.secret}`);
    console.log('these demo credentials are for local use only; pass --config FILE to set your own');
  }
  const {
    port: _port,
    host: _host,
    data: _data,
    httpPort: _httpPort,
    tls: _tls,
    databaseUrl: _url,
    databaseReplicaUrl: _replica,
    databaseTimeouts,
    ...options
  } = cli.config ?? {};
  // The service's modules are loaded only for a service that starts: `--help`, a bad flag
  // and `--check` answer without them. The PostgreSQL driver only for a service that uses
  // it: it would lengthen every other start.
  const { buildApp } = await import('./app.ts');
  const postgres = cli.databaseUrl === null ? null : await import('./indices/postgresFactory.ts');
  const app = await buildApp({
    dataDir: cli.dataDir,
    ...options,
    ...(postgres !== null &&
      cli.databaseUrl !== null && {
        engine: postgres.postgresEngines(cli.databaseUrl, {
          replicaUrl: cli.databaseReplicaUrl,
          ...(databaseTimeouts !== undefined && { timeouts: databaseTimeouts }),
        }),
      }),
    ...(cli.tls !== null && { tls: cli.tls }),
    // Errors are logged even when quiet.
    logger: cli.quiet ? 'errors' : true,
    requireData: cli.requireData,
    ...(cli.noClickRanking && { clickRanking: false }),
    ...(cli.noConsole && { console: false }),
  });
  let plain: Server | null = null;
  let closing = false;
  const close = (signal: string): void => {
    if (closing) return;
    closing = true;
    plain?.close();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`site-search-server: error while closing on ${signal}: ${String(error)}`);
        process.exit(1);
      },
    );
  };
  // A promise of a background task that fails with no one waiting is logged; it does not end the service.
  process.on('unhandledRejection', (reason) => app.log.error({ err: reason }, 'a background task failed'));
  process.once('SIGINT', () => close('SIGINT'));
  process.once('SIGTERM', () => close('SIGTERM'));

  await app.listen({ port: cli.port, host: cli.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : cli.port;
  if (cli.httpPort !== null) {
    plain = await listenPlainHttp(cli.httpPort, cli.host);
    const plainAddress = plain.address();
    const plainPort = typeof plainAddress === 'object' && plainAddress !== null ? plainAddress.port : cli.httpPort;
    console.log(`plain HTTP on http://${cli.host}:${plainPort} answers 405 (HTTPS only)`);
  }
  console.log(`listening on ${cli.tls === null ? 'http' : 'https'}://${cli.host}:${port}`);
}

/**
 * Checks the index and event databases of the configured indices, and of every other
 * index the folder holds; a database the folder's manifest lists but that is gone is
 * missing. One line per file, then a verdict.
 */
function checkDataFolder(dataDir: string, configured: readonly string[]): { ok: boolean; lines: string[] } {
  const lines = [`checking the databases in ${dataDir}`];
  const indexFolder = join(dataDir, 'indices');
  const held = existsSync(indexFolder) ? readdirSync(indexFolder) : [];
  const manifest = existsSync(dataDir) ? new DataManifest(dataDir, { save: false }) : null;
  const keys = new Set([...configured, ...held.filter((name) => name.endsWith('.sqlite')).map((name) => name.slice(0, -'.sqlite'.length))]);
  let damaged = 0;
  let checked = 0;
  for (const key of [...keys].sort()) {
    for (const [what, part, file] of [
      [`index '${key}'`, 'indices', join(indexFolder, `${key}.sqlite`)],
      [`events of '${key}'`, 'events', join(dataDir, 'events', `${key}.sqlite`)],
    ] as const) {
      if (!existsSync(file)) {
        if (manifest?.has(part, key)) {
          damaged++;
          lines.push(`MISSING  ${what}: ${file} (the folder held it; restore it from a backup)`);
        } else lines.push(`none     ${what}: ${file} (not created yet)`);
        continue;
      }
      checked++;
      const started = performance.now();
      const problems = checkDatabaseFile(file);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      if (problems.length === 0) {
        lines.push(`ok       ${what}: ${file} (${seconds} s)`);
        continue;
      }
      damaged++;
      lines.push(`DAMAGED  ${what}: ${file}`);
      for (const problem of problems) lines.push(`           ${problem}`);
    }
  }
  lines.push(
    damaged === 0
      ? `all databases are whole (${checked} checked)`
      : `${damaged} database${damaged === 1 ? ' is' : 's are'} missing or damaged: restore ${damaged === 1 ? 'it' : 'them'} from a backup before starting the service`,
  );
  return { ok: damaged === 0, lines };
}

main().catch((error: unknown) => {
  console.error(`site-search-server: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
