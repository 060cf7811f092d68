/** The credentials of one index. */
export interface IndexCredentials {
  /** The public site key: the username of Basic auth and the `{key}` of every path. */
  publicKey: string;
  /** The secret API key: the password of Basic auth. */
  secret: string;
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
}

/** What a config file (`--config FILE`) may set. */
export type ConfigFile = Pick<AppOptions, 'indices' | 'allowedOrigins'>;

export interface ServiceConfig {
  dataDir: string;
  indices: IndexCredentials[];
  allowedOrigins: string[];
  logger: boolean;
}

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
  return { dataDir: options.dataDir, indices, allowedOrigins, logger: options.logger ?? false };
}

/** Checks the parsed JSON of a config file; throws an Error that says what is wrong. */
export function parseConfigFile(value: unknown): ConfigFile {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error('the config file must hold a JSON object');
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (key !== 'indices' && key !== 'allowedOrigins') throw new Error(`unknown config key '${key}'`);
  }
  const config: ConfigFile = {};
  if (record.indices !== undefined) {
    if (!Array.isArray(record.indices)) throw new Error('indices must be an array of {publicKey, secret}');
    config.indices = record.indices.map((entry: unknown, i) => {
      const item = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
      if (typeof item.publicKey !== 'string' || typeof item.secret !== 'string') {
        throw new Error(`indices[${i}] must be {"publicKey": string, "secret": string}`);
      }
      return { publicKey: item.publicKey, secret: item.secret };
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

function checkIndices(indices: readonly IndexCredentials[]): void {
  if (indices.length === 0) throw new Error('at least one index is needed');
  const seen = new Set<string>();
  for (const { publicKey, secret } of indices) {
    if (!PUBLIC_KEY.test(publicKey)) {
      throw new Error(`index key '${publicKey}' must be 1 to 64 letters, digits, _ or -`);
    }
    if (seen.has(publicKey)) throw new Error(`index key '${publicKey}' is listed twice`);
    seen.add(publicKey);
    if (secret.length === 0) throw new Error(`index '${publicKey}' needs a non-empty secret`);
  }
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
