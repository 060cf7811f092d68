/**
 * The settings of the config file beyond indices and origins: listening, TLS,
 * recommendations, rate limits, overload limits and the crawl allow-list. Checked here so a bad file
 * stops the service at start with a message that names the key.
 */
import type { ConfigFile, RateLimit, RecommendationConfig } from './config.ts';
import { parseDatabaseTimeouts } from './databaseTimeouts.ts';
import { parseOverload } from './overloadSettings.ts';
import { checkClickRanking, DEFAULT_CLICK_RANKING, type ClickRanking } from './events/clickRanking.ts';

export const CONFIG_KEYS: ReadonlySet<string> = new Set([
  'indices',
  'allowedOrigins',
  'statsAllowedOrigins',
  'requireData',
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
  'databaseTimeouts',
]);

export const RECOMMENDATION_HITS_DEFAULT = 10;
export const RECOMMENDATION_HITS_MAX = 100;

/** Dataset names and configuration keys appear in paths and queries: kept plain. */
export const DATASET_NAME = /^[A-Za-z0-9_.-]{1,100}$/;
const FIELD_NAME = /^[^\s]{1,200}$/;

/** The new keys of a parsed config file; throws an Error naming the key at fault. */
export function parseServiceSettings(record: Record<string, unknown>): ConfigFile {
  const config: ConfigFile = {};
  if (record.port !== undefined) config.port = port(record.port, 'port');
  if (record.httpPort !== undefined) config.httpPort = port(record.httpPort, 'httpPort');
  if (record.host !== undefined) config.host = text(record.host, 'host');
  if (record.data !== undefined) config.data = text(record.data, 'data');
  for (const key of ['databaseUrl', 'databaseReplicaUrl'] as const) {
    if (record[key] !== undefined) config[key] = databaseUrl(record[key], key);
  }
  if (config.databaseReplicaUrl !== undefined && config.databaseUrl === undefined) throw new Error('databaseReplicaUrl needs databaseUrl');
  if (record.requireData !== undefined) {
    if (typeof record.requireData !== 'boolean') throw new Error('requireData must be true or false');
    config.requireData = record.requireData;
  }
  if (record.databaseTimeouts !== undefined) config.databaseTimeouts = parseDatabaseTimeouts(record.databaseTimeouts);
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

export function checkRateLimit(limit: RateLimit, name = 'rateLimit'): void {
  if (!Number.isInteger(limit.max) || limit.max < 1) throw new Error(`${name}.max must be an integer of at least 1`);
  if (!Number.isInteger(limit.windowMs) || limit.windowMs < 1 || limit.windowMs > 3_600_000) {
    throw new Error(`${name}.windowMs must be an integer from 1 to 3600000`);
  }
}

/** Configurations with defaults applied; throws an Error naming the configuration at fault. */
export function resolveRecommendations(configs: Readonly<Record<string, RecommendationConfig>>): Map<string, Required<RecommendationConfig>> {
  const resolved = new Map<string, Required<RecommendationConfig>>();
  for (const [key, config] of Object.entries(configs)) {
    if (!DATASET_NAME.test(key)) throw new Error(`recommendation configuration key '${key}' must be 1 to 100 letters, digits, _ . or -`);
    if (typeof config.dataset !== 'string' || !DATASET_NAME.test(config.dataset)) {
      throw new Error(`recommendations.${key}.dataset must be 1 to 100 letters, digits, _ . or -`);
    }
    const itemField = config.itemField ?? null;
    if (itemField !== null && (typeof itemField !== 'string' || !FIELD_NAME.test(itemField))) {
      throw new Error(`recommendations.${key}.itemField must be a custom field name (without custom_fields.) or null`);
    }
    const maxHits = config.maxHits ?? RECOMMENDATION_HITS_DEFAULT;
    if (!Number.isInteger(maxHits) || maxHits < 1 || maxHits > RECOMMENDATION_HITS_MAX) {
      throw new Error(`recommendations.${key}.maxHits must be an integer from 1 to ${RECOMMENDATION_HITS_MAX}`);
    }
    resolved.set(key, { dataset: config.dataset, itemField, maxHits });
  }
  return resolved;
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
