/**
 * The config file (`--config FILE`): its keys are read and checked here, so a bad file
 * stops the service at start with a message that names the key. What a setting may be is
 * config.ts's, shared with the options `buildApp` takes.
 */
import {
  checkIndices,
  checkOrigins,
  checkRateLimit,
  SEARCH_THREADS_MAX,
  resolveRecommendations,
  type ConfigFile,
  type IndexCredentials,
  type RecommendationConfig,
} from './config.ts';
import { checkRankingConfig } from './ranking/rankingSettings.ts';
import { parseOverload } from './overloadSettings.ts';
import { checkClickRanking, DEFAULT_CLICK_RANKING, type ClickRanking } from './events/clickRanking.ts';

export const CONFIG_KEYS: ReadonlySet<string> = new Set([
  'indices',
  'allowedOrigins',
  'recommendations',
  'rateLimit',
  'statsRateLimit',
  'crawlAllowHosts',
  'crawlAllowPrivate',
  'clickRanking',
  'overload',
  'port',
  'host',
  'data',
  'httpPort',
  'tls',
  'databaseUrl',
  'databaseReplicaUrl',
  'searchThreads',
]);

/** Checks the parsed JSON of a config file; throws an Error that says what is wrong. */
export function parseConfigFile(value: unknown): ConfigFile {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error('the config file must hold a JSON object');
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!CONFIG_KEYS.has(key)) throw new Error(`unknown config key '${key}'`);
  }
  const config: ConfigFile = parseServiceSettings(record);
  if (record.indices !== undefined) {
    if (!Array.isArray(record.indices)) throw new Error('indices must be an array of {publicKey, secret}');
    config.indices = record.indices.map((entry: unknown, i) => {
      const item = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
      if (typeof item.publicKey !== 'string' || typeof item.secret !== 'string') {
        throw new Error(`indices[${i}] must be {"publicKey": string, "secret": string, "ranking"?: object}`);
      }
      const credentials: IndexCredentials = { publicKey: item.publicKey, secret: item.secret };
      if (item.ranking !== undefined) credentials.ranking = checkRankingConfig(item.ranking, `indices[${i}].ranking`);
      return credentials;
    });
    checkIndices(config.indices);
  }
  if (record.allowedOrigins !== undefined) {
    const origins = record.allowedOrigins;
    if (!Array.isArray(origins) || !origins.every((o): o is string => typeof o === 'string')) {
      throw new Error('allowedOrigins must be an array of strings');
    }
    checkOrigins(origins);
    config.allowedOrigins = origins;
  }
  return config;
}

/** The new keys of a parsed config file; throws an Error naming the key at fault. */
function parseServiceSettings(record: Record<string, unknown>): ConfigFile {
  const config: ConfigFile = {};
  if (record.port !== undefined) config.port = port(record.port, 'port');
  if (record.httpPort !== undefined) config.httpPort = port(record.httpPort, 'httpPort');
  if (record.host !== undefined) config.host = text(record.host, 'host');
  if (record.data !== undefined) config.data = text(record.data, 'data');
  for (const key of ['databaseUrl', 'databaseReplicaUrl'] as const) {
    if (record[key] !== undefined) config[key] = databaseUrl(record[key], key);
  }
  if (config.databaseReplicaUrl !== undefined && config.databaseUrl === undefined) throw new Error('databaseReplicaUrl needs databaseUrl');
  if (record.tls !== undefined) {
    const tls = object(record.tls, 'tls');
    config.tls = { cert: text(tls.cert, 'tls.cert'), key: text(tls.key, 'tls.key') };
  }
  for (const key of ['crawlAllowHosts', 'crawlAllowPrivate'] as const) {
    const hosts = record[key];
    if (hosts === undefined) continue;
    if (!Array.isArray(hosts) || !hosts.every((h): h is string => typeof h === 'string' && h !== '')) {
      throw new Error(`${key} must be an array of hosts or host:port`);
    }
    config[key] = hosts;
  }
  if (record.clickRanking !== undefined) {
    if (record.clickRanking === false || record.clickRanking === true) config.clickRanking = record.clickRanking ? {} : false;
    else {
      const ranking = object(record.clickRanking, 'clickRanking');
      for (const key of Object.keys(ranking)) {
        if (!Object.hasOwn(DEFAULT_CLICK_RANKING, key)) throw new Error(`unknown key 'clickRanking.${key}'`);
      }
      config.clickRanking = ranking as Partial<ClickRanking>;
      checkClickRanking({ ...DEFAULT_CLICK_RANKING, ...config.clickRanking });
    }
  }
  if (record.overload !== undefined) config.overload = parseOverload(record.overload);
  if (record.searchThreads !== undefined) {
    const threads = record.searchThreads;
    if (typeof threads !== 'number' || !Number.isInteger(threads) || threads < 0 || threads > SEARCH_THREADS_MAX) {
      throw new Error(`searchThreads must be an integer from 0 to ${SEARCH_THREADS_MAX}`);
    }
    config.searchThreads = threads;
  }
  if (record.rateLimit !== undefined) {
    if (record.rateLimit === false) config.rateLimit = false;
    else {
      const limit = object(record.rateLimit, 'rateLimit');
      config.rateLimit = { max: limit.max as number, windowMs: (limit.windowMs ?? 1000) as number };
      checkRateLimit(config.rateLimit);
    }
  }
  if (record.statsRateLimit !== undefined) {
    if (record.statsRateLimit === false) config.statsRateLimit = false;
    else {
      const limit = object(record.statsRateLimit, 'statsRateLimit');
      config.statsRateLimit = { max: limit.max as number, windowMs: (limit.windowMs ?? 60_000) as number };
      checkRateLimit(config.statsRateLimit, 'statsRateLimit');
    }
  }
  if (record.recommendations !== undefined) {
    const all = object(record.recommendations, 'recommendations');
    const parsed: Record<string, RecommendationConfig> = {};
    for (const [key, value] of Object.entries(all)) {
      const entry = object(value, `recommendations.${key}`);
      parsed[key] = {
        dataset: entry.dataset as string,
        itemField: (entry.itemField ?? null) as string | null,
        ...(entry.maxHits !== undefined && { maxHits: entry.maxHits as number }),
      };
    }
    resolveRecommendations(parsed);
    config.recommendations = parsed;
  }
  return config;
}

function port(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 65535) {
    throw new Error(`${name} must be an integer from 0 to 65535`);
  }
  return value;
}

function text(value: unknown, name: string): string {
  if (typeof value !== 'string' || value === '') throw new Error(`${name} must be a non-empty string`);
  return value;
}

function object(value: unknown, name: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${name} must be an object`);
  return value as Record<string, unknown>;
}

/** A PostgreSQL connection URL; throws naming `key` otherwise. */
export function databaseUrl(value: unknown, key: string): string {
  const url = typeof value === 'string' && URL.canParse(value) ? new URL(value) : null;
  if (url === null || (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:')) {
    throw new Error(`${key} must be a PostgreSQL URL such as postgres://user:password@host:5432/database`);
  }
  return value as string;
}
