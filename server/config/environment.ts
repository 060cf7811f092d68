/**
 * Settings from environment variables, for containers and process managers: each
 * variable sets one key of the config file and wins over the file. Lists are
 * comma-separated; `SITE_SEARCH_INDICES` is `key:secret,key2:secret2`.
 */
import type { ConfigFile } from './serviceConfig.ts';
import { parseConfigFile } from './configFile.ts';

/** Variable → how it becomes a config file key. */
const VARIABLES: Record<string, (value: string) => Record<string, unknown>> = {
  SITE_SEARCH_PORT: (v) => ({ port: integer(v) }),
  SITE_SEARCH_HOST: (v) => ({ host: v }),
  SITE_SEARCH_DATA: (v) => ({ data: v }),
  SITE_SEARCH_HTTP_PORT: (v) => ({ httpPort: integer(v) }),
  SITE_SEARCH_DATABASE_URL: (v) => ({ databaseUrl: v }),
  SITE_SEARCH_DATABASE_REPLICA_URL: (v) => ({ databaseReplicaUrl: v }),
  // `true` or `1`; `false` or `0`.
  SITE_SEARCH_REQUIRE_DATA: (v) => ({ requireData: /^(?:true|1)$/i.test(v) ? true : /^(?:false|0)$/i.test(v) ? false : v }),
  // The JSON of the config key, e.g. `{"statementMs": 10000}`.
  SITE_SEARCH_DATABASE_TIMEOUTS: (v) => ({ databaseTimeouts: json(v) }),
  SITE_SEARCH_INDICES: (v) => ({
    indices: list(v).map((pair) => {
      const colon = pair.indexOf(':');
      return colon < 0 ? {} : { publicKey: pair.slice(0, colon), secret: pair.slice(colon + 1) };
    }),
  }),
  SITE_SEARCH_ALLOWED_ORIGINS: (v) => ({ allowedOrigins: list(v) }),
  SITE_SEARCH_STATS_ALLOWED_ORIGINS: (v) => ({ statsAllowedOrigins: list(v) }),
  SITE_SEARCH_CRAWL_ALLOW_HOSTS: (v) => ({ crawlAllowHosts: list(v) }),
  SITE_SEARCH_CRAWL_ALLOW_PRIVATE: (v) => ({ crawlAllowPrivate: list(v) }),
  SITE_SEARCH_CRAWL_CONTACT_URL: (v) => ({ crawlContactUrl: v }),
  SITE_SEARCH_CRAWL_HOST_CONCURRENCY: (v) => ({ crawlHostConcurrency: integer(v) }),
  SITE_SEARCH_CRAWL_HOST_RATE: (v) => ({ crawlHostRate: Number(v) }),
  // `10` (per second), `10/60000` (per minute) or `off`.
  SITE_SEARCH_RATE_LIMIT: (v) => {
    if (v === 'off') return { rateLimit: false };
    const [max, windowMs] = v.split('/');
    return { rateLimit: { max: integer(max ?? ''), windowMs: windowMs === undefined ? 1000 : integer(windowMs) } };
  },
  // The JSON of the config key, e.g. `{"maxInFlight": 64}`.
  SITE_SEARCH_OVERLOAD: (v) => ({ overload: json(v) }),
  SITE_SEARCH_RECOMMENDATIONS: (v) => ({ recommendations: json(v) }),
  // `off`, `on`, or the JSON of the config key.
  SITE_SEARCH_CLICK_RANKING: (v) => ({ clickRanking: v === 'off' ? false : v === 'on' ? true : json(v) }),
  SITE_SEARCH_SEARCH_THREADS: (v) => ({ searchThreads: integer(v) }),
};
const TLS_CERT = 'SITE_SEARCH_TLS_CERT';
const TLS_KEY = 'SITE_SEARCH_TLS_KEY';

/** The variable naming the config file; `--config` wins over it. */
export const CONFIG_VARIABLE = 'SITE_SEARCH_CONFIG';

/** The settings the environment gives; throws an Error naming the variable at fault. */
export function configFromEnvironment(env: NodeJS.ProcessEnv): ConfigFile {
  const config: ConfigFile = {};
  for (const [name, toConfig] of Object.entries(VARIABLES)) {
    const value = env[name];
    if (value === undefined || value === '') continue;
    try {
      Object.assign(config, parseConfigFile(toConfig(value)));
    } catch (error) {
      throw new Error(`${name}: ${(error as Error).message}`, { cause: error });
    }
  }
  const cert = env[TLS_CERT] ?? '';
  const key = env[TLS_KEY] ?? '';
  if ((cert === '') !== (key === '')) throw new Error(`${TLS_CERT} and ${TLS_KEY} go together`);
  if (cert !== '') config.tls = { cert, key };
  return config;
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
