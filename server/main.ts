/**
 * The reference service's CLI:
 *   npm run serve -- [--port 8787] [--data .data/service] [--config FILE] [--host 127.0.0.1]
 * Prints `listening on http://HOST:PORT` once it answers. Bad flags: one line, exit 2.
 */
import { buildApp } from './app.ts';
import { parseCli, type Cli } from './cliArgs.ts';
import { DEMO_INDEX } from './config.ts';

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
  const app = await buildApp({ dataDir: cli.dataDir, ...cli.config });
  let closing = false;
  const close = (signal: string): void => {
    if (closing) return;
    closing = true;
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
  console.log(`listening on http://${cli.host}:${port}`);
}

main().catch((error: unknown) => {
  console.error(`serve: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
