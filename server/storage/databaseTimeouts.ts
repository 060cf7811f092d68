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
