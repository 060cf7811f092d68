import type { DatabaseTimeouts } from './databaseTimeouts.ts';
import type { EngineChoice } from './engine/engineFactory.ts';
import type { LogMode } from './requestLog.ts';
import { checkClickRanking, DEFAULT_CLICK_RANKING, type ClickRanking } from './events/clickRanking.ts';
import { DEFAULT_STATS_RATE_LIMIT } from './routes/statsRateLimit.ts';
import { checkRankingConfig, type RankingConfig } from './ranking/rankingSettings.ts';
import { resolveOverload, type OverloadSettings } from './overloadSettings.ts';
import { CONFIG_KEYS, checkRateLimit, parseServiceSettings, resolveRecommendations } from './serviceSettings.ts';

/** The credentials of one index. */
export interface IndexCredentials {
  /** The public site key: the username of Basic auth and the `{key}` of every path. */
  publicKey: string;
  /** The secret API key: the password of Basic auth. */
  secret: string;
  /** How the index ranks: rule order, custom ranking, stop words, synonyms (docs/reference-service.md). */
  ranking?: RankingConfig;
  /** Origins whose pages may send this index stats events; wins over the service's `statsAllowedOrigins`. */
  statsAllowedOrigins?: string[];
}

/** Options of `buildApp`. */
export interface AppOptions {
  /** Storage folder; created if missing. */
  dataDir: string;
  /** The indices served. @default [{ publicKey: 'demo', secret: 'demo-secret' }] */
  indices?: IndexCredentials[];
  /** Browser origins allowed to call the authenticated endpoints. @default [] */
  allowedOrigins?: string[];
  /**
   * Origins whose pages may send stats events (an index's own list wins). An event whose
   * `Origin` is not listed is refused with 403; one without `Origin` (a server) is taken.
   * @default any origin (clicks from any site's pages then count for ranking)
   */
  statsAllowedOrigins?: string[];
  /**
   * Refuse to start when an index's data is not where it is expected (a data folder or
   * database that is gone or empty), rather than start it empty. @default false
   */
  requireData?: boolean;
  /** Log requests and errors with pino to stdout (see requestLog.ts); `errors`: errors only. @default false */
  logger?: LogMode;
  /** Recommendation configurations by `configurationKey` (API 4.10). @default {} */
  recommendations?: Record<string, RecommendationConfig>;
  /** Per-IP limit of search, suggest and autocomplete (API 8); `false` turns it off. @default { max: 5, windowMs: 1000 } */
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
  /** The time in epoch milliseconds, for ranking and report defaults; tests move it. @default Date.now */
  clock?: () => number;
  /**
   * Makes the factory that opens each index's engine and event store.
   * @default SQLite files in `dataDir` (server/engine/sqliteFactory.ts)
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
  /** With `databaseUrl`: how long to wait for a connection and for each statement. @default { connectMs: 5000, statementMs: 30000 } */
  databaseTimeouts?: Partial<DatabaseTimeouts>;
}

/** What a config file (`--config FILE`) may set. */
export type ConfigFile = Pick<
  AppOptions,
  | 'indices'
  | 'allowedOrigins'
  | 'statsAllowedOrigins'
  | 'requireData'
  | 'recommendations'
  | 'rateLimit'
  | 'statsRateLimit'
  | 'crawlAllowHosts'
  | 'crawlAllowPrivate'
  | 'clickRanking'
  | 'overload'
> &
  ListenSettings;

export interface ServiceConfig {
  dataDir: string;
  indices: IndexCredentials[];
  allowedOrigins: string[];
  requireData: boolean;
  logger: LogMode;
  recommendations: Map<string, Required<RecommendationConfig>>;
  rateLimit: RateLimit | false;
  statsRateLimit: RateLimit | false;
  tls: TlsFiles | null;
  /** The decay settings are used even when off: the store keeps its weights either way. */
  clickRanking: ClickRanking & { enabled: boolean };
  overload: OverloadSettings;
  clock: () => number;
}

export const DEFAULT_RATE_LIMIT: Readonly<RateLimit> = { max: 5, windowMs: 1000 };

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
  if (options.statsAllowedOrigins !== undefined) checkOrigins(options.statsAllowedOrigins);
  const rateLimit = options.rateLimit ?? { ...DEFAULT_RATE_LIMIT };
  if (rateLimit !== false) checkRateLimit(rateLimit);
  const statsRateLimit = options.statsRateLimit ?? { ...DEFAULT_STATS_RATE_LIMIT };
  if (statsRateLimit !== false) checkRateLimit(statsRateLimit, 'statsRateLimit');
  return {
    dataDir: options.dataDir,
    // Each index carries the stats origins it takes: its own list, else the service's.
    indices: indices.map((index) => {
      const statsAllowedOrigins = index.statsAllowedOrigins ?? options.statsAllowedOrigins;
      return statsAllowedOrigins === undefined ? index : { ...index, statsAllowedOrigins };
    }),
    allowedOrigins,
    requireData: options.requireData ?? false,
    logger: options.logger ?? false,
    recommendations: resolveRecommendations(options.recommendations ?? {}),
    rateLimit,
    statsRateLimit,
    tls: options.tls ?? null,
    clickRanking: resolveClickRanking(options.clickRanking),
    overload: resolveOverload(options.overload),
    clock: options.clock ?? Date.now,
  };
}

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
      if (item.statsAllowedOrigins !== undefined) credentials.statsAllowedOrigins = originList(item.statsAllowedOrigins, `indices[${i}].statsAllowedOrigins`);
      return credentials;
    });
    checkIndices(config.indices);
  }
  if (record.allowedOrigins !== undefined) config.allowedOrigins = originList(record.allowedOrigins, 'allowedOrigins');
  if (record.statsAllowedOrigins !== undefined) config.statsAllowedOrigins = originList(record.statsAllowedOrigins, 'statsAllowedOrigins');
  return config;
}

function resolveClickRanking(option: AppOptions['clickRanking']): ServiceConfig['clickRanking'] {
  if (option === false) return { ...DEFAULT_CLICK_RANKING, enabled: false };
  const ranking = { ...DEFAULT_CLICK_RANKING, ...option };
  checkClickRanking(ranking);
  return { ...ranking, enabled: true };
}

function checkIndices(indices: readonly IndexCredentials[]): void {
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

function originList(origins: unknown, key: string): string[] {
  if (!Array.isArray(origins) || !origins.every((o): o is string => typeof o === 'string')) throw new Error(`${key} must be an array of strings`);
  checkOrigins(origins);
  return origins;
}

function checkOrigins(origins: readonly string[]): void {
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
