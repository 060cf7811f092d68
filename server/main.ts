/**
 * The reference service's CLI:
 *   npm run serve -- [--port 8787] [--data .data/service] [--config FILE] [--host 127.0.0.1]
 *                    [--http-port PORT] [--quiet] [--no-click-ranking]
 * Settings also come from SITE_SEARCH_* environment variables (environment.ts).
 * Prints `listening on http(s)://HOST:PORT` once it answers; logs requests as JSON lines
 * (pino) unless --quiet. Bad flags: one line, exit 2. SIGTERM/SIGINT: stops taking
 * requests, lets those under way finish, commits queued writes, closes the databases.
 */
import type { Server } from 'node:http';
import { buildApp } from './app.ts';
import { parseCli, type Cli } from './cliArgs.ts';
import { DEMO_INDEX } from './config.ts';
import { listenPlainHttp } from './plainHttp.ts';

async function main(): Promise<void> {
  let cli: Cli;
  try {
    cli = parseCli(process.argv.slice(2));
  } catch (error) {
    console.error(`serve: ${(error as Error).message.split('\n')[0]}`);
    process.exit(2);
  }
  if (cli.config === null || cli.config.indices === undefined) {
    console.log(`index key: ${DEMO_INDEX.publicKey}  secret: ${DEMO_INDEX.secret}`);
    console.log('these demo credentials are for local use only; pass --config FILE to set your own');
  }
  const { port: _port, host: _host, data: _data, httpPort: _httpPort, tls: _tls, ...options } = cli.config ?? {};
  const app = await buildApp({
    dataDir: cli.dataDir,
    ...options,
    ...(cli.tls !== null && { tls: cli.tls }),
    logger: !cli.quiet,
    ...(cli.noClickRanking && { clickRanking: false }),
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
        console.error(`serve: error while closing on ${signal}: ${String(error)}`);
        process.exit(1);
      },
    );
  };
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

main().catch((error: unknown) => {
  console.error(`serve: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
