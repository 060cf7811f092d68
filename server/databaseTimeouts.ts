/**
 * How long the service waits for PostgreSQL: to connect, and for each statement. Without
 * them a database that hangs would hold every request for good; past them the request
 * fails and is answered 503 with `Retry-After` (see storageErrors.ts).
 */

export interface DatabaseTimeouts {
  /** Opening a connection, in milliseconds. @default 5000 */
  connectMs: number;
  /**
   * One statement, in milliseconds: the server cancels it (`statement_timeout`), and the
   * service stops waiting a little later should the server not answer at all. @default 30000
   */
  statementMs: number;
}

export const DEFAULT_DATABASE_TIMEOUTS: Readonly<DatabaseTimeouts> = { connectMs: 5000, statementMs: 30_000 };

/** How much longer than the server's own limit the service waits for a statement's answer. */
const ANSWER_GRACE_MS = 5000;

/** The node-postgres client settings of `timeouts`. */
export function pgTimeouts(timeouts: DatabaseTimeouts): { connectionTimeoutMillis: number; statement_timeout: number; query_timeout: number } {
  return { connectionTimeoutMillis: timeouts.connectMs, statement_timeout: timeouts.statementMs, query_timeout: timeouts.statementMs + ANSWER_GRACE_MS };
}

/** The config key `databaseTimeouts`, checked; throws an Error naming the key at fault. */
export function parseDatabaseTimeouts(value: unknown): Partial<DatabaseTimeouts> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('databaseTimeouts must be an object');
  const parsed: Partial<DatabaseTimeouts> = {};
  for (const [key, ms] of Object.entries(value)) {
    if (key !== 'connectMs' && key !== 'statementMs') throw new Error(`unknown key 'databaseTimeouts.${key}'`);
    if (typeof ms !== 'number' || !Number.isInteger(ms) || ms < 1 || ms > 3_600_000) {
      throw new Error(`databaseTimeouts.${key} must be an integer from 1 to 3600000 (milliseconds)`);
    }
    parsed[key] = ms;
  }
  return parsed;
}
