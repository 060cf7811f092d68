import { availableParallelism } from 'node:os';
import type { EngineChoice } from './backends/engineFactory.ts';
import { checkClickRanking, DEFAULT_CLICK_RANKING, type ClickRanking } from './events/clickRanking.ts';
import { checkRankingConfig, type RankingConfig } from './ranking/rankingSettings.ts';
import { resolveOverload, type OverloadSettings } from './overloadSettings.ts';

/** The credentials of one index. */
export interface IndexCredentials {
  /** The public site key: the username of Basic auth and the `{key}` of every path. */
  publicKey: string;
  /** The secret API key: the password of Basic auth. */
  secret: string;
  /** How the index ranks: rule order, custom ranking, stop words, synonyms (docs/reference-service.md). */
  ranking?: RankingConfig;
}

/** Options of `buildApp`. */
export interface AppOptions {
  /** Storage folder; created if missing. */
  dataDir: string;
  /** The indices served. @default [{ publicKey: 'demo', secret: 'demo-secret' }] */
  indices?: IndexCredentials[];
  /** Browser origins allowed to call the authenticated endpoints. @default [] */
  allowedOrigins?: string[];
  /** Log requests with pino to stdout. @default false */
  logger?: boolean;
  /** Recommendation configurations by `configurationKey` (API 4.10). @default {} */
  recommendations?: Record<string, RecommendationConfig>;
  /**
   * Per-client limit of search, suggest, autocomplete and recommendations, each counted
   * apart (API 8); `false` turns it off.
   * @default { max: 5, windowMs: 1000 }
   */
  rateLimit?: RateLimit | false;
  /**
   * Per-IP limit of stats events (`POST /v1/stats`), apart from `rateLimit`; `false` turns it off.
   * @default { max: 300, windowMs: 300000 }
   */
  statsRateLimit?: RateLimit | false;
  /** Serve HTTPS with this certificate and key (PEM text). @default none: plain HTTP */
  tls?: TlsFiles;
  /**
   * Hosts (`docs.example.com`) or hosts and ports (`docs.example.com:8443`) `POST /crawler`
   * may fetch from; their addresses must still be public.
   * @default any host whose addresses are public
   */
  crawlAllowHosts?: string[];
  /**
   * Hosts or hosts and ports the crawler may fetch from although their addresses are not
   * public (loopback, private, link-local...): an intranet, a local test server.
   * @default [] (only public addresses are fetched)
   */
  crawlAllowPrivate?: string[];
  /** How long one crawl fetch may take, body included, in milliseconds. @default 10000 */
  crawlTimeoutMs?: number;
  /**
   * Clicks for a keyword raise the clicked documents in relevance-sorted searches for it
   * (see server/events/clickBoosts.ts); `false` turns it off.
   * @default { halfLifeDays: 14, maxBoost: 1, smoothing: 5, minAddresses: 3 }
   */
  clickRanking?: Partial<ClickRanking> | false;
  /** Timeouts, the connection cap and the bound on requests in flight (server/overloadSettings.ts). @default DEFAULT_OVERLOAD */
  overload?: Partial<OverloadSettings>;
  /**
   * Reader threads that run searches, suggestions and autocompletion of SQLite indices;
   * 0 runs them on the event loop. @default the number of cores
   */
  searchThreads?: number;
  /** The time in epoch milliseconds, for ranking and report defaults; tests move it. @default Date.now */
  clock?: () => number;
  /**
   * Makes the factory that opens each index's engine and event store.
   * @default SQLite files in `dataDir` (server/backends/sqliteFactory.ts)
   */
  engine?: EngineChoice;
}

/** A recommendation configuration: which dataset's events, and how items name documents. */
export interface RecommendationConfig {
  /** The `{dataset_name}` whose events are used. */
  dataset: string;
  /** The custom field whose value is the item id; absent or null: items are document ids. */
  itemField?: string | null;
  /** Most hits answered. @default 10 */
  maxHits?: number;
}

/** At most `max` requests per IP address and endpoint in each window of `windowMs`. */
export interface RateLimit {
  max: number;
  windowMs: number;
}

/** PEM text of a certificate (chain) and its private key. */
export interface TlsFiles {
  cert: string;
  key: string;
}

/** Where and how `npm run serve` listens; settable in the config file too. */
export interface ListenSettings {
  port?: number;
  host?: string;
  /** The storage folder. */
  data?: string;
  /** With TLS: the plain-HTTP port that answers every call with 405. */
  httpPort?: number;
  /** File paths of the PEM certificate and key. */
  tls?: { cert: string; key: string };
  /**
   * A PostgreSQL URL (`postgres://user:password@host:5432/db`): the indices live in that
   * database instead of SQLite files in the data folder, so several service processes can share them.
   */
  databaseUrl?: string;
  /** With `databaseUrl`: a read replica that searches, suggestions and autocomplete read from. */
  databaseReplicaUrl?: string;
}

/** What a config file (`--config FILE`) may set. */
export type ConfigFile = Pick<
  AppOptions,
  | 'indices'
  | 'allowedOrigins'
  | 'recommendations'
  | 'rateLimit'
  | 'statsRateLimit'
  | 'crawlAllowHosts'
  | 'crawlAllowPrivate'
  | 'clickRanking'
  | 'overload'
  | 'searchThreads'
> &
  ListenSettings;

export interface ServiceConfig {
  dataDir: string;
  indices: IndexCredentials[];
  allowedOrigins: string[];
  logger: boolean;
  recommendations: Map<string, Required<RecommendationConfig>>;
  rateLimit: RateLimit | false;
  statsRateLimit: RateLimit | false;
  tls: TlsFiles | null;
  /** The decay settings are used even when off: the store keeps its weights either way. */
  clickRanking: ClickRanking & { enabled: boolean };
  overload: OverloadSettings;
  searchThreads: number;
  clock: () => number;
}

export const DEFAULT_RATE_LIMIT: Readonly<RateLimit> = { max: 5, windowMs: 1000 };

/**
 * A widget reports a few events a minute per visitor; this leaves room for many
 * visitors behind one address (an office, a school) while a script that sends
 * thousands a second is held to one a second on average.
 */
export const DEFAULT_STATS_RATE_LIMIT: Readonly<RateLimit> = { max: 300, windowMs: 300_000 };

export const RECOMMENDATION_HITS_DEFAULT = 10;
export const RECOMMENDATION_HITS_MAX = 100;

/** Dataset names and configuration keys appear in paths and queries: kept plain. */
export const DATASET_NAME = /^[A-Za-z0-9_.-]{1,100}$/;
const FIELD_NAME = /^[^\s]{1,200}$/;

/** The index served when none is configured: for local use only. */
export const DEMO_INDEX: Readonly<IndexCredentials> = { publicKey: 'demo', secret: 'demo-secret' };

// Keys name the index's database file, so they stay file-name safe.
const PUBLIC_KEY = /^[A-Za-z0-9_-]{1,64}$/;

/** Options with defaults applied and checked; throws an Error that says what is wrong. */
export function resolveConfig(options: AppOptions): ServiceConfig {
  if (typeof options.dataDir !== 'string' || options.dataDir === '') throw new Error('dataDir must be a folder path');
  const indices = options.indices ?? [{ ...DEMO_INDEX }];
  checkIndices(indices);
  const allowedOrigins = options.allowedOrigins ?? [];
  checkOrigins(allowedOrigins);
  const rateLimit = options.rateLimit ?? { ...DEFAULT_RATE_LIMIT };
  if (rateLimit !== false) checkRateLimit(rateLimit);
  const statsRateLimit = options.statsRateLimit ?? { ...DEFAULT_STATS_RATE_LIMIT };
  if (statsRateLimit !== false) checkRateLimit(statsRateLimit, 'statsRateLimit');
  return {
    dataDir: options.dataDir,
    indices,
    allowedOrigins,
    logger: options.logger ?? false,
    recommendations: resolveRecommendations(options.recommendations ?? {}),
    rateLimit,
    statsRateLimit,
    tls: options.tls ?? null,
    clickRanking: resolveClickRanking(options.clickRanking),
    overload: resolveOverload(options.overload),
    searchThreads: resolveSearchThreads(options.searchThreads),
    clock: options.clock ?? Date.now,
  };
}

function resolveClickRanking(option: AppOptions['clickRanking']): ServiceConfig['clickRanking'] {
  if (option === false) return { ...DEFAULT_CLICK_RANKING, enabled: false };
  const ranking = { ...DEFAULT_CLICK_RANKING, ...option };
  checkClickRanking(ranking);
  return { ...ranking, enabled: true };
}

export function checkIndices(indices: readonly IndexCredentials[]): void {
  if (indices.length === 0) throw new Error('at least one index is needed');
  const seen = new Set<string>();
  for (const { publicKey, secret, ranking } of indices) {
    if (!PUBLIC_KEY.test(publicKey)) {
      throw new Error(`index key '${publicKey}' must be 1 to 64 letters, digits, _ or -`);
    }
    if (seen.has(publicKey)) throw new Error(`index key '${publicKey}' is listed twice`);
    seen.add(publicKey);
    if (secret.length === 0) throw new Error(`index '${publicKey}' needs a non-empty secret`);
    checkRankingConfig(ranking, `index '${publicKey}' ranking`);
  }
}

export function checkOrigins(origins: readonly string[]): void {
  for (const origin of origins) {
    let parsed: URL | null = null;
    try {
      parsed = new URL(origin);
    } catch {
      // reported below
    }
    if (parsed === null || parsed.origin !== origin) {
      throw new Error(`allowed origin '${origin}' must be scheme://host[:port] with no path or trailing slash`);
    }
  }
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

/** The reader threads: the number of cores unless set; 0 searches on the event loop. */
function resolveSearchThreads(threads: number | undefined): number {
  if (threads === undefined) return availableParallelism();
  if (!Number.isInteger(threads) || threads < 0 || threads > SEARCH_THREADS_MAX)
    throw new Error(`searchThreads must be an integer from 0 to ${SEARCH_THREADS_MAX}`);
  return threads;
}

export const SEARCH_THREADS_MAX = 256;
