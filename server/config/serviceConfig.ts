import { availableParallelism } from 'node:os';
import type { DatabaseTimeouts } from '../storage/databaseTimeouts.ts';
import { DEFAULT_CLICK_RANKING, type ClickRanking } from '../events/clickRanking.ts';
import type { ProposalRule } from '../events/learningSettings.ts';
import type { IndexTuning } from './rankingSettings.ts';
import { resolveOverload, type OverloadSettings } from './overloadSettings.ts';
import { parseConfigFile, type ConfigFile } from './configFile.ts';
import { resolveRecommendations, type RecommendationConfig } from './recommendations.ts';

export { parseConfigFile, type ConfigFile };

/** Whether requests and errors are logged (http/requestLog.ts); `errors`: errors only. */
export type LogMode = boolean | 'errors';

/** The credentials of one index, and where its ranking and learning start (`IndexTuning`). */
export interface IndexCredentials extends IndexTuning {
  /** The public site key: the username of Basic auth and the `{key}` of every path. */
  publicKey: string;
  /** The secret API key: the password of Basic auth. */
  secret: string;
  /** Origins whose pages may send this index stats events; wins over the service's `statsAllowedOrigins`. */
  statsAllowedOrigins?: string[];
  /** Which failed searches followed by a clicked one are proposed as fixes (learningSettings.ts). */
  proposals?: Partial<ProposalRule>;
  /**
   * Take a `userToken` that is not signed (events/userTokens.ts) as the user's id: for
   * local use only, since anyone may then write anyone's profile. Warned of at start.
   * @default false
   */
  allowUnsignedUserTokens?: boolean;
}

/** Options of `buildApp` but the engine (app.ts `AppOptions`), each checked and defaulted by `resolveConfig`. */
export interface ServiceOptions {
  /** Storage folder; created if missing. */
  dataDir: string;
  /** The indices served. @default [{ publicKey: 'demo', secret: 'demo-secret' }] */
  indices?: IndexCredentials[];
  /** Browser origins allowed to call the authenticated endpoints. @default [] */
  allowedOrigins?: string[];
  /** Serve the owner's console at `/console/` (`--no-console` turns it off). @default true */
  console?: boolean;
  /** The admin key: makes, lists, rotates and deletes indices; never printed. @default none: the index API is off */
  adminKey?: string;
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
  /**
   * Per-client limit of search, suggest, autocomplete and recommendations, each counted
   * apart (API 8); `false` turns it off.
   * @default { max: 5, windowMs: 1000 }
   */
  rateLimit?: RateLimitOption | false;
  /**
   * Per-IP limit of stats events (`POST /v1/stats`), apart from `rateLimit`; `false` turns it off.
   * @default { max: 300, windowMs: 300000 }
   */
  statsRateLimit?: RateLimitOption | false;
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
  /** A URL telling site owners who crawls them, sent in crawl jobs' User-Agent. @default none */
  crawlContactUrl?: string;
  /** A crawl job's fetches under way at a time on one host. @default 2 */
  crawlHostConcurrency?: number;
  /** A crawl job's fetches started per second on one host at most; 0 lifts the limit (robots.txt's Crawl-delay still holds). @default 4 */
  crawlHostRate?: number;
  /**
   * Clicks for a keyword raise the clicked documents in relevance-sorted searches for it
   * (see server/events/clickBoosts.ts); `false` turns it off.
   * @default { halfLifeDays: 14, maxBoost: 1, smoothing: 5, minAddresses: 10 }
   */
  clickRanking?: Partial<ClickRanking> | boolean;
  /** Timeouts, the connection cap and the bound on requests in flight (server/config/overloadSettings.ts). @default DEFAULT_OVERLOAD */
  overload?: Partial<OverloadSettings>;
  /**
   * Reader threads that run searches, suggestions and autocompletion of SQLite indices;
   * 0 runs them on the event loop. @default the number of cores
   */
  searchThreads?: number;
  /**
   * Stored stats events older than this many days are deleted, a bounded batch at a time
   * (server/indices/eventRetention.ts); the report's daily counts and the click weights
   * are kept. At least 31: suggestions and proposals read the last 30 days of events.
   * @default 90
   */
  statsRetentionDays?: number;
  /**
   * Stored stats events an index keeps at most: past it the oldest are deleted at the
   * next sweep (hourly), whatever their age, and /health says so. About 1.5 KB each with
   * their counts. @default 5000000
   */
  statsMaxEvents?: number;
  /** The time in epoch milliseconds, for ranking and report defaults; tests move it. @default Date.now */
  clock?: () => number;
}

/** At most `max` requests per IP address and endpoint in each window of `windowMs`. */
export interface RateLimit {
  max: number;
  windowMs: number;
}

/** A rate limit as an option: the window has a default (1 s for searches, 1 min for stats events). */
export type RateLimitOption = Pick<RateLimit, 'max'> & Partial<Pick<RateLimit, 'windowMs'>>;

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

export interface ServiceConfig {
  dataDir: string;
  indices: IndexCredentials[];
  allowedOrigins: string[];
  adminKey: string | null;
  console: boolean;
  requireData: boolean;
  logger: LogMode;
  recommendations: Map<string, Required<RecommendationConfig>>;
  rateLimit: RateLimit | false;
  statsRateLimit: RateLimit | false;
  tls: TlsFiles | null;
  /** The decay settings are used even when off: the store keeps its weights either way. */
  clickRanking: ClickRanking & { enabled: boolean };
  overload: OverloadSettings;
  searchThreads: number;
  statsRetentionDays: number;
  statsMaxEvents: number;
  clock: () => number;
}

export const DEFAULT_STATS_RETENTION_DAYS = 90;
export const DEFAULT_STATS_MAX_EVENTS = 5_000_000;

export const DEFAULT_RATE_LIMIT: Readonly<RateLimit> = { max: 5, windowMs: 1000 };
/** Stats events per client: a page sends a few per search, and a beacon at unload. */
export const DEFAULT_STATS_RATE_LIMIT: Readonly<RateLimit> = { max: 300, windowMs: 300_000 };

/** The index served when none is configured: for local use only. */
export const DEMO_INDEX: Readonly<IndexCredentials> = { publicKey: 'demo', secret: 'demo-secret' };

/** The options of buildApp that a config file may set too: checked by the config file's schema. */
const CONFIG_FILE_OPTIONS = [
  'indices',
  'adminKey',
  'console',
  'allowedOrigins',
  'statsAllowedOrigins',
  'requireData',
  'recommendations',
  'rateLimit',
  'statsRateLimit',
  'crawlAllowHosts',
  'crawlAllowPrivate',
  'crawlContactUrl',
  'crawlHostConcurrency',
  'crawlHostRate',
  'clickRanking',
  'overload',
  'searchThreads',
  'statsRetentionDays',
  'statsMaxEvents',
] as const satisfies ReadonlyArray<keyof ServiceOptions & keyof ConfigFile>;

/**
 * Options with defaults applied and checked; throws an Error that says what is wrong. The
 * options a config file may set are checked against its schema (config/configFile.ts).
 */
export function resolveConfig(options: ServiceOptions): ServiceConfig {
  if (typeof options.dataDir !== 'string' || options.dataDir === '') throw new Error('dataDir must be a folder path');
  const checked = parseConfigFile(withoutUndefined(Object.fromEntries(CONFIG_FILE_OPTIONS.map((key) => [key, options[key]]))));
  return {
    dataDir: options.dataDir,
    // Each index carries the stats origins it takes: its own list, else the service's.
    indices: (checked.indices ?? [{ ...DEMO_INDEX }]).map((index) => {
      const origins = index.statsAllowedOrigins ?? checked.statsAllowedOrigins;
      return origins === undefined ? index : { ...index, statsAllowedOrigins: origins };
    }),
    allowedOrigins: checked.allowedOrigins ?? [],
    adminKey: checked.adminKey ?? null,
    console: checked.console ?? true,
    requireData: checked.requireData ?? false,
    logger: options.logger ?? false,
    recommendations: resolveRecommendations(checked.recommendations ?? {}),
    rateLimit: rateLimitOf(checked.rateLimit, DEFAULT_RATE_LIMIT),
    statsRateLimit: rateLimitOf(checked.statsRateLimit, DEFAULT_STATS_RATE_LIMIT),
    tls: options.tls ?? null,
    clickRanking:
      checked.clickRanking === false
        ? { ...DEFAULT_CLICK_RANKING, enabled: false }
        : { ...DEFAULT_CLICK_RANKING, ...(checked.clickRanking === true ? {} : checked.clickRanking), enabled: true },
    overload: resolveOverload(checked.overload),
    // One reader thread per core unless set; 0 searches on the event loop.
    searchThreads: checked.searchThreads ?? availableParallelism(),
    statsRetentionDays: checked.statsRetentionDays ?? DEFAULT_STATS_RETENTION_DAYS,
    statsMaxEvents: checked.statsMaxEvents ?? DEFAULT_STATS_MAX_EVENTS,
    clock: options.clock ?? Date.now,
  };
}

function rateLimitOf(limit: ConfigFile['rateLimit'], byDefault: Readonly<RateLimit>): RateLimit | false {
  if (limit === undefined) return { ...byDefault };
  return limit === false ? false : { max: limit.max, windowMs: limit.windowMs ?? byDefault.windowMs };
}

function withoutUndefined(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}
