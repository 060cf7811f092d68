/**
 * Every setting of `site-search-server`, declared once: its flag, its environment
 * variable, the config-file key it sets, its default, its unit and its help line. The
 * usage text (serverFlags.ts) and the variable map (environment.ts) are made from this
 * table, so a setting added here shows in `--help` and reads its variable at once.
 */
import type { ConfigFile } from './serviceConfig.ts';

export interface ServiceSetting {
  /** The config file's key it sets; null for what only the command reads (`--config`, `--quiet`). */
  key: keyof ConfigFile | null;
  /** The flag, with the name of its value when it takes one (`--port PORT`); none: not a flag. */
  flag?: string;
  /** The environment variable; none: not read from the environment. */
  variable?: string;
  /** How the variable's text becomes the key's value; the text itself when not given. */
  fromVariable?: (text: string) => unknown;
  /** The default, as `--help` says it; none: unset unless given. */
  default?: string;
  /** What a number counts, as `--help` says it. */
  unit?: string;
  /** What it does: one line (`--help` wraps it). */
  help: string;
}

export const DEFAULT_PORT = 8787;
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_DATA = '.data/service';

/** The variable naming the config file; `--config` wins over it. */
export const CONFIG_VARIABLE = 'SITE_SEARCH_CONFIG';

/** In the order `--help` lists them: the flags first, then what only the environment and the file set. */
export const SERVICE_SETTINGS: readonly ServiceSetting[] = [
  { key: 'port', flag: '--port PORT', variable: 'SITE_SEARCH_PORT', fromVariable: integer, default: String(DEFAULT_PORT), help: 'port to listen on' },
  { key: 'host', flag: '--host HOST', variable: 'SITE_SEARCH_HOST', default: DEFAULT_HOST, help: 'address to listen on' },
  { key: 'data', flag: '--data FOLDER', variable: 'SITE_SEARCH_DATA', default: DEFAULT_DATA, help: 'where the indices and events are kept' },
  {
    key: 'databaseUrl',
    flag: '--database-url URL',
    variable: 'SITE_SEARCH_DATABASE_URL',
    help: 'keep the indices in PostgreSQL (postgres://user:pass@host/db) instead of SQLite files; several services may share one database',
  },
  {
    key: 'databaseReplicaUrl',
    flag: '--database-replica-url URL',
    variable: 'SITE_SEARCH_DATABASE_REPLICA_URL',
    help: 'with --database-url: a read replica that searches read from',
  },
  { key: null, flag: '--config FILE', variable: CONFIG_VARIABLE, help: 'a JSON config file: indices, allowed origins, TLS, limits' },
  {
    key: 'httpPort',
    flag: '--http-port PORT',
    variable: 'SITE_SEARCH_HTTP_PORT',
    fromVariable: integer,
    default: 'PORT + 1',
    help: 'with TLS: a plain-HTTP port that answers 405',
  },
  {
    key: 'searchThreads',
    flag: '--search-threads N',
    variable: 'SITE_SEARCH_SEARCH_THREADS',
    fromVariable: integer,
    default: 'the number of cores',
    help: 'reader threads that run searches; 0 runs them on the event loop',
  },
  {
    key: 'requireData',
    flag: '--require-data',
    variable: 'SITE_SEARCH_REQUIRE_DATA',
    // `true` or `1`; `false` or `0`.
    fromVariable: (v) => (/^(?:true|1)$/i.test(v) ? true : /^(?:false|0)$/i.test(v) ? false : v),
    help: "refuse to start when an index's data is not in the data folder (or database) rather than start it empty: for production",
  },
  { key: null, flag: '--quiet', help: 'no request logs (errors are still logged)' },
  {
    key: 'clickRanking',
    flag: '--no-click-ranking',
    variable: 'SITE_SEARCH_CLICK_RANKING',
    // `off`, `on`, or the JSON of the config key.
    fromVariable: (v) => (v === 'off' ? false : v === 'on' ? true : json(v)),
    help: 'clicks do not change the order of results',
  },
  { key: 'console', flag: '--no-console', help: "do not serve the owner's console at /console/" },
  { key: null, flag: '--check', help: 'check every database of the data folder, print a report and exit' },
  // The JSON of the config key, e.g. `{"statementMs": 10000}`.
  { key: 'databaseTimeouts', variable: 'SITE_SEARCH_DATABASE_TIMEOUTS', fromVariable: json, help: "PostgreSQL's time limits, as JSON" },
  {
    key: 'indices',
    variable: 'SITE_SEARCH_INDICES',
    fromVariable: (v) =>
      list(v).map((pair) => {
        const colon = pair.indexOf(':');
        return colon < 0 ? {} : { publicKey: pair.slice(0, colon), secret: pair.slice(colon + 1) };
      }),
    help: 'the indices, as key:secret,key2:secret2',
  },
  { key: 'adminKey', variable: 'SITE_SEARCH_ADMIN_KEY', help: 'the admin key: makes, lists, rotates and deletes indices (never printed)' },
  {
    key: 'statsRetentionDays',
    variable: 'SITE_SEARCH_STATS_RETENTION_DAYS',
    fromVariable: integer,
    default: '90',
    unit: 'days',
    help: 'stored events older than this are deleted (at least 31)',
  },
  {
    key: 'statsMaxEvents',
    variable: 'SITE_SEARCH_STATS_MAX_EVENTS',
    fromVariable: integer,
    default: '5000000',
    unit: 'events',
    help: 'stored events kept at most per index, the oldest dropped first',
  },
  { key: 'allowedOrigins', variable: 'SITE_SEARCH_ALLOWED_ORIGINS', fromVariable: list, help: 'origins whose pages may search, comma-separated' },
  {
    key: 'statsAllowedOrigins',
    variable: 'SITE_SEARCH_STATS_ALLOWED_ORIGINS',
    fromVariable: list,
    help: 'origins whose pages may send stats, comma-separated',
  },
  { key: 'crawlAllowHosts', variable: 'SITE_SEARCH_CRAWL_ALLOW_HOSTS', fromVariable: list, help: 'hosts the crawler may fetch, comma-separated' },
  {
    key: 'crawlAllowPrivate',
    variable: 'SITE_SEARCH_CRAWL_ALLOW_PRIVATE',
    fromVariable: list,
    help: 'private hosts the crawler may fetch nonetheless, comma-separated',
  },
  { key: 'crawlContactUrl', variable: 'SITE_SEARCH_CRAWL_CONTACT_URL', help: "the address the crawler's User-Agent names" },
  {
    key: 'crawlHostConcurrency',
    variable: 'SITE_SEARCH_CRAWL_HOST_CONCURRENCY',
    fromVariable: integer,
    default: '2',
    unit: 'fetches at a time',
    help: 'fetches at a time per host',
  },
  {
    key: 'crawlHostRate',
    variable: 'SITE_SEARCH_CRAWL_HOST_RATE',
    fromVariable: Number,
    default: '4',
    unit: 'fetches a second',
    help: 'fetches started per second per host; 0 lifts the rate',
  },
  {
    key: 'rateLimit',
    variable: 'SITE_SEARCH_RATE_LIMIT',
    // `10` (per second), `10/60000` (per minute) or `off`.
    fromVariable: (v) => {
      if (v === 'off') return false;
      const [max, windowMs] = v.split('/');
      return { max: integer(max ?? ''), windowMs: windowMs === undefined ? 1000 : integer(windowMs) };
    },
    unit: 'requests per window (ms)',
    help: 'the rate limit of each client, as 10, 10/60000 or off',
  },
  // The JSON of the config key, e.g. `{"maxInFlight": 64}`.
  { key: 'overload', variable: 'SITE_SEARCH_OVERLOAD', fromVariable: json, help: 'the overload guard, as JSON' },
  { key: 'recommendations', variable: 'SITE_SEARCH_RECOMMENDATIONS', fromVariable: json, help: 'the recommendations, as JSON' },
];

/** The lines of `--help` under "Options:", made from the table. */
export function optionLines(settings: readonly ServiceSetting[] = SERVICE_SETTINGS): string {
  const rows = settings.filter((setting) => setting.flag !== undefined).map((setting) => [setting.flag!, describe(setting)] as const);
  return [...rows, ['-h, --help', 'print this help'] as const].map(([flag, text]) => optionLine(flag, text)).join('');
}

/** Variable → the config keys its text sets, for every setting the environment gives. */
export function variableMap(settings: readonly ServiceSetting[] = SERVICE_SETTINGS): Record<string, (value: string) => Record<string, unknown>> {
  const map: Record<string, (value: string) => Record<string, unknown>> = {};
  for (const { key, variable, fromVariable } of settings) {
    if (key === null || variable === undefined) continue;
    map[variable] = (value) => ({ [key]: fromVariable === undefined ? value : fromVariable(value) });
  }
  return map;
}

const FLAG_WIDTH = 21;
const LINE_WIDTH = 84;

function describe({ help, default: fallback, unit }: ServiceSetting): string {
  const units = unit === undefined ? '' : `, in ${unit}`;
  return fallback === undefined ? `${help}${units}` : `${help} (default ${fallback}${units})`;
}

/** `  --flag VALUE   text`, the text wrapped under its column; on the next line when the flag is long. */
function optionLine(flag: string, text: string): string {
  const indent = ' '.repeat(FLAG_WIDTH + 2);
  const lines: string[] = [];
  let line = '';
  // A default stays on one line: its spaces do not break.
  for (const word of text.replace(/\(default [^)]*\)/, (part) => part.replaceAll(' ', '\u00a0')).split(' ')) {
    if (line !== '' && indent.length + line.length + 1 + word.length > LINE_WIDTH) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  lines.push(line);
  for (const [n, text] of lines.entries()) lines[n] = text.replaceAll('\u00a0', ' ');
  const head = flag.length < FLAG_WIDTH ? `  ${flag.padEnd(FLAG_WIDTH)}${lines.shift()}\n` : `  ${flag}\n`;
  return head + lines.map((rest) => `${indent}${rest}\n`).join('');
}

function list(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** NaN when not an integer, so the config check reports it. */
function integer(value: string): number {
  return /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
}

function json(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    throw new Error('must be JSON');
  }
}
