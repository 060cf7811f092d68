/**
 * Connections to PostgreSQL as the engine and the event store of an index both use
 * them: one pool per schema, with the same type parsers and the same treatment of NUL.
 */
import pg from 'pg';
import { DEFAULT_DATABASE_TIMEOUTS, pgTimeouts, type DatabaseTimeouts } from './databaseTimeouts.ts';

/** The schema of what the indices of a database share: pg_trgm, the client address key. */
export const SHARED_SCHEMA = 'site_search';

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** BIGINT columns (rowids, epoch milliseconds, counts) as numbers: all stay far below 2^53. */
const TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * PostgreSQL's text cannot hold the NUL character, which JSON strings (ids included)
 * can: every string value sent is given U+FFFD in its place, so such a document is
 * stored, not refused with an error. (Two ids differing only there would be one.)
 */
class NulFreeClient extends pg.Client {}
const sendQuery = pg.Client.prototype.query;
NulFreeClient.prototype.query = function (this: pg.Client, config: unknown, values?: unknown, callback?: unknown) {
  // The values come beside the text, or inside a query object (a named, prepared statement).
  const query = isQueryObject(config) && Array.isArray(config.values) ? { ...config, values: config.values.map(nulFree) } : config;
  return (sendQuery as (...args: unknown[]) => unknown).call(this, query, Array.isArray(values) ? values.map(nulFree) : values, callback);
} as typeof sendQuery;

function isQueryObject(config: unknown): config is { values?: unknown } {
  return typeof config === 'object' && config !== null && !('submit' in config);
}

function nulFree(value: unknown): unknown {
  if (typeof value === 'string') return asStored(value);
  return Array.isArray(value) ? value.map(nulFree) : value;
}

/**
 * Runs `work` in one transaction on a connection of `pool`; `ending` gives the statement
 * that ends it once `work` resolved (`COMMIT` by default: a write may bump a version in
 * the same round trip, `BUMP; COMMIT`, or give up, `ROLLBACK`). A throw rolls back.
 */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>, ending: (result: T) => string = () => 'COMMIT'): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    try {
      const result = await work(client);
      await client.query(ending(result));
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    }
  } finally {
    client.release();
  }
}

/** A string as PostgreSQL stores it (see NulFreeClient). */
export function asStored(text: string): string {
  return text.includes('\u0000') ? text.replaceAll('\u0000', '\uFFFD') : text;
}

/**
 * Connections to `url` whose tables are those of `schema` (then the shared schema and `public`, for pg_trgm),
 * with BIGINT as numbers and NUL-free strings: what the engine and the event store use.
 * `settings` are run-time parameters every connection starts with (`enable_seqscan: 'off'`).
 */
export function connectPool(
  url: string,
  schema: string,
  size: number,
  settings: Readonly<Record<string, string | number>> = {},
  timeouts: DatabaseTimeouts = DEFAULT_DATABASE_TIMEOUTS,
): pg.Pool {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`'${schema}' cannot name a PostgreSQL schema (lower-case letters, digits and _)`);
  const pool = new pg.Pool({
    connectionString: url,
    Client: NulFreeClient,
    max: size,
    types: TYPES,
    options: [`-c search_path=${schema},${SHARED_SCHEMA},public`, ...Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`)].join(' '),
    ...pgTimeouts(timeouts),
  });
  // An idle connection the server dropped is replaced on the next query; it must not crash the process.
  pool.on('error', () => {});
  // Nor one lost while a client is checked out: its query fails, and its error event must find a listener.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}
