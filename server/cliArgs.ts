/** The flags of `npm run serve` (server/main.ts). */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parseConfigFile, type ConfigFile } from './config.ts';

const DEFAULT_PORT = 8787;
const DEFAULT_DATA = '.data/service';
const DEFAULT_HOST = '127.0.0.1';

export interface Cli {
  port: number;
  host: string;
  dataDir: string;
  config: ConfigFile | null;
}

/** The CLI flags, checked; throws an Error whose message is the one line to print. */
export function parseCli(args: readonly string[]): Cli {
  const { values } = parseArgs({
    args: [...args],
    options: {
      port: { type: 'string' },
      data: { type: 'string' },
      config: { type: 'string' },
      host: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  const portText = values.port ?? String(DEFAULT_PORT);
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535) throw new Error(`--port must be an integer from 0 to 65535 (got '${portText}')`);
  if (values.data === '') throw new Error('--data must be a folder path');
  if (values.host === '') throw new Error('--host must be a host name or address');
  return {
    port,
    host: values.host ?? DEFAULT_HOST,
    dataDir: values.data ?? DEFAULT_DATA,
    config: values.config === undefined ? null : readConfig(values.config),
  };
}

function readConfig(file: string): ConfigFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`cannot read --config ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`--config ${file} is not valid JSON`);
  }
  try {
    return parseConfigFile(json);
  } catch (error) {
    throw new Error(`--config ${file}: ${(error as Error).message}`);
  }
}
