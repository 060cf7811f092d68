/**
 * The config file (`--config FILE`, and the environment variables that set its keys) as
 * one TypeBox schema: what each key may hold, its type, and the words of every refusal.
 * `buildApp`'s options of the same names are checked against it too, so a bad setting
 * stops the service at start with a message that names the key, however it was given.
 */
import Type, { type Static } from 'typebox';
import { Value } from 'typebox/value';
import { DEFAULT_OVERLOAD } from './overloadSettings.ts';
import { DEFAULT_TYPO_SETTINGS } from '../ranking/fuzzyDistance.ts';
import { CrawlScheduleSetting } from '../schemas/crawlSchedule.ts';
import { LearnedCount, PERSONALIZATION_IMPACT, RankingSettingsPatch, SuggestionSettingsPatch, typoLengthsProblem } from '../schemas/indexSettings.ts';
import { schemaCheck } from '../schemas/schemaProblems.ts';

/** Dataset names and configuration keys appear in paths and queries: kept plain. */
export const DATASET_NAME_PATTERN = '^[A-Za-z0-9_.-]{1,100}$';
export const RECOMMENDATION_HITS_MAX = 100;
/** Reader threads at most (`searchThreads`). */
export const SEARCH_THREADS_MAX = 256;
/** The longest window of a rate limit, and the largest overload setting: an hour. */
const HOUR_MS = 3_600_000;

const PLAIN_NAME = { pattern: DATASET_NAME_PATTERN, errorMessage: 'must be 1 to 100 letters, digits, _ . or -' };
const ITEM_FIELD_PROBLEM = 'must be a custom field name (without custom_fields.) or null';
const DATABASE_URL_PROBLEM = 'must be a PostgreSQL URL such as postgres://user:password@host:5432/database';

export function isDatabaseUrl(text: string): boolean {
  const url = URL.canParse(text) ? new URL(text) : null;
  return url !== null && (url.protocol === 'postgres:' || url.protocol === 'postgresql:');
}

const NonEmpty = Type.String({ minLength: 1, errorMessage: 'must be a non-empty string' });
const Port = Type.Integer({ minimum: 0, maximum: 65535, errorMessage: 'must be an integer from 0 to 65535' });
const DatabaseUrl = Type.Refine(Type.String(), isDatabaseUrl, () => DATABASE_URL_PROBLEM);
const Hosts = Type.Array(NonEmpty, { errorMessage: 'must be an array of hosts or host:port' });

const Origin = Type.Refine(
  Type.String(),
  (origin) => URL.canParse(origin) && new URL(origin).origin === origin,
  () => 'must be an origin, scheme://host[:port], with no path or trailing slash',
);

const Count = Type.Optional(LearnedCount);
const Days = Type.Number({ exclusiveMinimum: 0, maximum: 3650, errorMessage: 'must be a number of days above 0, at most 3650' });
const Personalization = Type.Object(
  {
    // `impact` is an index setting too (PATCH /v2/indices/{key}/settings); what profiles keep is set here only.
    ...PERSONALIZATION_IMPACT,
    fields: Type.Optional(Type.Array(NonEmpty, { maxItems: 20, errorMessage: 'must be an array of at most 20 custom field names' })),
    halfLifeDays: Type.Optional(Days),
    profileDays: Type.Optional(Days),
  },
  { additionalProperties: false },
);

/** Keys name the index's database file, so they stay file-name safe. */
const IndexCredentials = Type.Object(
  {
    publicKey: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$', errorMessage: 'must be 1 to 64 letters, digits, _ or -' }),
    secret: NonEmpty,
    // The same schema as the body of PATCH /v2/indices/{key}/settings: where an index starts.
    ranking: Type.Optional(RankingSettingsPatch),
    /** Origins whose pages may send this index stats events; wins over the service's list. */
    statsAllowedOrigins: Type.Optional(Type.Array(Origin)),
    /** When searched keywords are suggested, and words never suggested: the same schema as the settings' `suggestions`. */
    suggestions: Type.Optional(SuggestionSettingsPatch),
    /** When failed searches followed by clicked ones are proposed as fixes (events/learningSettings.ts). */
    proposals: Type.Optional(Type.Object({ minSessions: Count, minAddresses: Count }, { additionalProperties: false })),
    /** Personal results by userToken (events/personalization.ts). */
    personalization: Type.Optional(Personalization),
    /** The site recrawled on schedule: the same schema as the settings' `crawlSchedule` (crawl/crawlSchedules.ts). */
    crawlSchedule: Type.Optional(CrawlScheduleSetting),
    /** Unsigned user tokens taken as ids (events/userTokens.ts): local use only. */
    allowUnsignedUserTokens: Type.Optional(Type.Boolean({ errorMessage: 'must be true or false' })),
  },
  { additionalProperties: false },
);

/** `false`, or at most `max` requests per client address in each window of `windowMs` (by default `windowMs`). */
function RateLimit(windowMs: number) {
  return Type.Union(
    [
      Type.Literal(false),
      Type.Object(
        {
          max: Type.Integer({ minimum: 1, errorMessage: 'must be an integer of at least 1' }),
          windowMs: Type.Optional(Type.Integer({ minimum: 1, maximum: HOUR_MS, default: windowMs, errorMessage: `must be an integer from 1 to ${HOUR_MS}` })),
        },
        { additionalProperties: false },
      ),
    ],
    { errorMessage: 'must be false or {"max": N, "windowMs": N}' },
  );
}

const Recommendation = Type.Object(
  {
    dataset: Type.String(PLAIN_NAME),
    itemField: Type.Optional(
      Type.Union([Type.String({ pattern: '^[^\\s]{1,200}$', errorMessage: ITEM_FIELD_PROBLEM }), Type.Null()], { errorMessage: ITEM_FIELD_PROBLEM }),
    ),
    maxHits: Type.Optional(
      Type.Integer({ minimum: 1, maximum: RECOMMENDATION_HITS_MAX, errorMessage: `must be an integer from 1 to ${RECOMMENDATION_HITS_MAX}` }),
    ),
  },
  { additionalProperties: false },
);

const ClickRanking = Type.Union(
  [
    Type.Boolean(),
    Type.Object(
      {
        halfLifeDays: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 3650, errorMessage: 'must be a number of days above 0, at most 3650' })),
        maxBoost: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 10, errorMessage: 'must be a number above 0, at most 10' })),
        smoothing: Type.Optional(Type.Number({ minimum: 0, maximum: 1_000_000, errorMessage: 'must be a number from 0 to 1000000' })),
        minAddresses: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, errorMessage: 'must be an integer of at least 1' })),
      },
      { additionalProperties: false },
    ),
  ],
  { errorMessage: 'must be true, false or an object of settings (halfLifeDays, maxBoost, smoothing, minAddresses)' },
);

const OverloadValue = Type.Optional(Type.Integer({ minimum: 1, maximum: HOUR_MS, errorMessage: `must be an integer from 1 to ${HOUR_MS}` }));
const TimeoutMs = Type.Optional(Type.Integer({ minimum: 1, maximum: HOUR_MS, errorMessage: `must be an integer from 1 to ${HOUR_MS} (milliseconds)` }));
const Overload = Type.Object(
  {
    requestTimeoutMs: OverloadValue,
    headersTimeoutMs: OverloadValue,
    keepAliveTimeoutMs: OverloadValue,
    idleTimeoutMs: OverloadValue,
    maxConnections: OverloadValue,
    maxConnectionsPerAddress: OverloadValue,
    maxInFlight: OverloadValue,
  },
  { additionalProperties: false },
);

export const ConfigFile = Type.Object(
  {
    indices: Type.Optional(Type.Array(IndexCredentials, { minItems: 1 })),
    /** The service's admin key: makes, lists, rotates and deletes indices (`Authorization: Bearer`). */
    adminKey: Type.Optional(
      Type.String({ minLength: 16, maxLength: 512, pattern: '^[\\x21-\\x7e]+$', errorMessage: 'must be 16 to 512 printable characters without spaces' }),
    ),
    /** Serve the owner's console at /console/. */
    console: Type.Optional(Type.Boolean({ errorMessage: 'must be true or false' })),
    /** Browser origins allowed to call the authenticated endpoints. */
    allowedOrigins: Type.Optional(Type.Array(Origin)),
    /** Origins whose pages may send stats events; unset, any origin. */
    statsAllowedOrigins: Type.Optional(Type.Array(Origin)),
    requireData: Type.Optional(Type.Boolean({ errorMessage: 'must be true or false' })),
    recommendations: Type.Optional(Type.Record(Type.String(), Recommendation, { propertyNames: PLAIN_NAME })),
    rateLimit: Type.Optional(RateLimit(1000)),
    statsRateLimit: Type.Optional(RateLimit(60_000)),
    crawlAllowHosts: Type.Optional(Hosts),
    crawlAllowPrivate: Type.Optional(Hosts),
    crawlContactUrl: Type.Optional(Type.String({ pattern: '^https?://', maxLength: 2000, errorMessage: 'must be an http or https URL' })),
    crawlHostConcurrency: Type.Optional(Type.Integer({ minimum: 1, maximum: 64, errorMessage: 'must be an integer from 1 to 64' })),
    crawlHostRate: Type.Optional(Type.Number({ minimum: 0, maximum: 10_000, errorMessage: 'must be a number from 0 to 10000' })),
    clickRanking: Type.Optional(ClickRanking),
    overload: Type.Optional(Overload),
    statsMaxEvents: Type.Optional(Type.Integer({ minimum: 100, maximum: 1e12, errorMessage: 'must be a whole number of events from 100' })),
    statsRetentionDays: Type.Optional(Type.Integer({ minimum: 31, maximum: 36500, errorMessage: 'must be a whole number of days from 31 to 36500' })),
    searchThreads: Type.Optional(Type.Integer({ minimum: 0, maximum: SEARCH_THREADS_MAX, errorMessage: `must be an integer from 0 to ${SEARCH_THREADS_MAX}` })),
    port: Type.Optional(Port),
    httpPort: Type.Optional(Port),
    host: Type.Optional(NonEmpty),
    data: Type.Optional(NonEmpty),
    tls: Type.Optional(Type.Object({ cert: NonEmpty, key: NonEmpty }, { additionalProperties: false })),
    databaseUrl: Type.Optional(DatabaseUrl),
    databaseReplicaUrl: Type.Optional(DatabaseUrl),
    databaseTimeouts: Type.Optional(Type.Object({ connectMs: TimeoutMs, statementMs: TimeoutMs }, { additionalProperties: false })),
  },
  { additionalProperties: false, errorMessage: 'must hold a JSON object' },
);
export type ConfigFile = Static<typeof ConfigFile>;

const configCheck = schemaCheck(ConfigFile, 'the config file', {
  unknown: (key) => (key.includes('.') ? `unknown key '${key}'` : `unknown config key '${key}'`),
});

/**
 * Checks a config file's parsed JSON (or options of the same names): returns it with the
 * defaults its schema gives (a rate limit's window); throws an Error naming the key at fault.
 */
export function parseConfigFile(value: unknown): ConfigFile {
  const config = Value.Default(ConfigFile, structuredClone(checkConfigKeys(value))) as ConfigFile;
  // `true` is the default ranking, as `{}` is.
  if (config.clickRanking === true) config.clickRanking = {};
  crossChecks(config);
  return config;
}

/** Checks each key by the schema alone (no defaults, no checks across keys); throws an Error naming the key at fault. */
export function checkConfigKeys(value: unknown): ConfigFile {
  const [problem] = configCheck.problems(value);
  if (problem !== undefined) throw new Error(problem.message);
  return value as ConfigFile;
}

/** What one key cannot say alone. */
function crossChecks(config: ConfigFile): void {
  if (config.databaseReplicaUrl !== undefined && config.databaseUrl === undefined) throw new Error('databaseReplicaUrl needs databaseUrl');
  const overload = config.overload ?? {};
  const { headersTimeoutMs, requestTimeoutMs } = { ...DEFAULT_OVERLOAD, ...overload };
  if (headersTimeoutMs > requestTimeoutMs) {
    throw new Error('overload.headersTimeoutMs must be at most overload.requestTimeoutMs');
  }
  const seen = new Set<string>();
  config.indices?.forEach(({ publicKey, ranking }, i) => {
    if (seen.has(publicKey)) throw new Error(`index key '${publicKey}' is listed twice`);
    seen.add(publicKey);
    const typos = ranking?.typos;
    const problem = typos === undefined ? null : typoLengthsProblem({ ...DEFAULT_TYPO_SETTINGS, ...typos }, typos);
    if (problem !== null) throw new Error(`indices[${i}].ranking.${problem.message}`);
  });
}

/** A PostgreSQL connection URL given by `key` (a flag, say); throws naming `key` otherwise. */
export function databaseUrl(value: string, key: string): string {
  if (!isDatabaseUrl(value)) throw new Error(`${key} ${DATABASE_URL_PROBLEM}`);
  return value;
}
