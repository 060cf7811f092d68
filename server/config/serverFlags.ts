/**
 * The flags of `site-search-server` (`npm run serve` from the sources; server/main.ts). Each setting comes from, in order of
 * precedence: a flag, an environment variable (environment.ts), the config file, the default.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parseConfigFile, type ConfigFile, type TlsFiles } from './serviceConfig.ts';
import { checkConfigKeys } from './configFile.ts';
import { CONFIG_VARIABLE, configFromEnvironment } from './environment.ts';
import { DEFAULT_DATA, DEFAULT_HOST, DEFAULT_PORT, optionLines } from './settingsTable.ts';

export const SERVE_USAGE = `Usage: site-search-server [options]
       (from a checkout of the sources: npm run serve -- [options])

Runs the Site Search service.

Options:
${optionLines()}
Each setting can also come from the environment (SITE_SEARCH_PORT, SITE_SEARCH_HOST,
SITE_SEARCH_DATA, SITE_SEARCH_CONFIG, SITE_SEARCH_INDICES=key:secret,… and others).
A flag wins over a variable, a variable over the config file. Every setting and
variable: docs/reference-service.md.
`;

export interface Cli {
  port: number;
  host: string;
  dataDir: string;
  /** The config file's settings overlaid with the environment's; null when neither sets any. */
  config: ConfigFile | null;
  /** PEM text of the certificate and key read from the files named. */
  tls: TlsFiles | null;
  /** With TLS: the plain-HTTP port answering 405; `port + 1` unless set (0 when port is 0). */
  httpPort: number | null;
  /** No request logs. */
  quiet: boolean;
  /** `--require-data` (or the config's `requireData`): refuse to start without the data it expects. */
  requireData: boolean;
  /** `--no-click-ranking`: clicks do not change the order of results (wins over the config). */
  noClickRanking: boolean;
  /** `--no-console`: no console at /console/ (wins over the config). */
  noConsole: boolean;
  /** `--check`: check every database of the data folder in full, report, and exit (0: all whole). */
  check: boolean;
  /** PostgreSQL holds the indices (`--database-url`, SITE_SEARCH_DATABASE_URL, `databaseUrl`); null: SQLite files. */
  databaseUrl: string | null;
  /** With `databaseUrl`: where searches read (`--database-replica-url`); null: the primary. */
  databaseReplicaUrl: string | null;
}

/** The flags that set a key of the config file, by key. */
const FLAGS = {
  port: '--port',
  httpPort: '--http-port',
  host: '--host',
  data: '--data',
  databaseUrl: '--database-url',
  databaseReplicaUrl: '--database-replica-url',
  searchThreads: '--search-threads',
} as const satisfies Partial<Record<keyof ConfigFile, string>>;
type FlagKey = keyof typeof FLAGS;

/** The CLI flags, checked; throws an Error whose message is the one line to print. */
export function parseCli(args: readonly string[], env: NodeJS.ProcessEnv = process.env): Cli {
  const { values } = parseArgs({
    args: [...args],
    options: {
      port: { type: 'string' },
      data: { type: 'string' },
      config: { type: 'string' },
      host: { type: 'string' },
      'http-port': { type: 'string' },
      quiet: { type: 'boolean' },
      'no-click-ranking': { type: 'boolean' },
      'no-console': { type: 'boolean' },
      check: { type: 'boolean' },
      'database-url': { type: 'string' },
      'database-replica-url': { type: 'string' },
      'search-threads': { type: 'string' },
      'require-data': { type: 'boolean' },
    },
    strict: true,
    allowPositionals: false,
  });
  const flags = configFromFlags({
    port: values.port,
    httpPort: values['http-port'],
    host: values.host,
    data: values.data,
    databaseUrl: values['database-url'],
    databaseReplicaUrl: values['database-replica-url'],
    searchThreads: values['search-threads'],
  });
  const configPath = values.config ?? (env[CONFIG_VARIABLE] || undefined);
  const file = configPath === undefined ? null : readConfig(configPath);
  const fromEnv = configFromEnvironment(env);
  // The threads are a setting of the service itself (buildApp's), which takes the config.
  const overlay = { ...fromEnv, ...(flags.searchThreads !== undefined && { searchThreads: flags.searchThreads }) };
  const config = file === null && Object.keys(overlay).length === 0 ? null : { ...file, ...overlay };
  // A flag wins over the environment and the file.
  const settings: ConfigFile = { ...config, ...flags };
  if (settings.databaseReplicaUrl !== undefined && settings.databaseUrl === undefined) throw new Error('--database-replica-url needs --database-url');
  const port = settings.port ?? DEFAULT_PORT;
  const tls = settings.tls === undefined ? null : readTls(settings.tls);
  return {
    port,
    host: settings.host ?? DEFAULT_HOST,
    dataDir: settings.data ?? DEFAULT_DATA,
    config,
    tls,
    httpPort: tls === null ? null : (settings.httpPort ?? (port === 0 ? 0 : port + 1)),
    quiet: values.quiet ?? false,
    requireData: values['require-data'] ?? config?.requireData ?? false,
    noClickRanking: values['no-click-ranking'] ?? false,
    noConsole: values['no-console'] ?? false,
    check: values.check ?? false,
    databaseUrl: settings.databaseUrl ?? null,
    databaseReplicaUrl: settings.databaseReplicaUrl ?? null,
  };
}

/** The flags' settings, checked as config keys are, in messages that name the flag. */
function configFromFlags(given: Record<FlagKey, string | undefined>): ConfigFile {
  const config: Record<string, string | number> = {};
  for (const [key, text] of Object.entries(given)) {
    // A port is written in decimal digits; anything else is left for the check to refuse.
    if (text !== undefined) config[key] = (key === 'port' || key === 'httpPort' || key === 'searchThreads') && /^\d+$/.test(text) ? Number(text) : text;
  }
  try {
    return checkConfigKeys(config);
  } catch (error) {
    const message = (error as Error).message;
    const key = (Object.keys(FLAGS) as FlagKey[]).find((k) => message.startsWith(`${k} `));
    if (key === undefined) throw error;
    // A database URL may hold a password: it is not repeated.
    const got = key === 'databaseUrl' || key === 'databaseReplicaUrl' ? '' : ` (got '${given[key]}')`;
    throw new Error(`${FLAGS[key]}${message.slice(key.length)}${got}`, { cause: error });
  }
}

function readTls(paths: { cert: string; key: string }): TlsFiles {
  const read = (what: string, file: string): string => {
    try {
      return readFileSync(file, 'utf8');
    } catch (error) {
      throw new Error(`cannot read the TLS ${what} ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`, { cause: error });
    }
  };
  return { cert: read('certificate', paths.cert), key: read('key', paths.key) };
}

function readConfig(file: string): ConfigFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`cannot read --config ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`, { cause: error });
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
    throw new Error(`--config ${file}: ${(error as Error).message}`, { cause: error });
  }
}
