/**
 * Which failures of a database are the storage's state rather than a fault of the
 * request or of the service: a full disk (answered 507: a retry succeeds once space is
 * freed) and a database that does not answer or is busy (answered 503 with
 * `Retry-After`: a retry succeeds once it is back). Both engines' errors are told
 * apart here, by their codes: SQLite's result codes (better-sqlite3's `SqliteError`),
 * PostgreSQL's SQLSTATE, and the system's socket errors.
 */

export type StorageProblem = 'storage_full' | 'unavailable';

/** SQLite result codes and PostgreSQL SQLSTATEs of a full disk (`53100` disk_full). */
const FULL_CODES = new Set(['SQLITE_FULL', '53100', 'ENOSPC', 'EDQUOT']);

/**
 * A database another process holds (SQLite), or one that is down, restarting, refusing
 * connections, or that cancelled a statement over its time limit (PostgreSQL: class 08
 * connection exceptions, 57P01-57P03 shutdown and start-up, 57014 statement timeout,
 * 53300 too many connections).
 */
const UNAVAILABLE_CODES = new Set([
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  '57P01',
  '57P02',
  '57P03',
  '57014',
  '53300',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/** The messages of node-postgres's own connection failures, which carry no code. */
const UNAVAILABLE_MESSAGES = [/^timeout exceeded when trying to connect/i, /^Connection terminated/i, /^Query read timeout/i, /is not queryable/i];

/** Whether `error` says the storage is full or unavailable; null for any other failure. */
export function storageProblem(error: unknown): StorageProblem | null {
  if (!(error instanceof Error)) return null;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    // SQLite's extended codes name the base code first (SQLITE_BUSY_SNAPSHOT, SQLITE_IOERR_NOSPC...).
    if (FULL_CODES.has(code) || code === 'SQLITE_IOERR_NOSPC') return 'storage_full';
    if (UNAVAILABLE_CODES.has(code) || code.startsWith('SQLITE_BUSY') || /^08[0-9A-Z]{3}$/.test(code)) return 'unavailable';
  }
  if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(error.message))) return 'unavailable';
  // Connecting to a name with several addresses fails with one error per address.
  if (error instanceof AggregateError) {
    const problems = error.errors.map(storageProblem);
    if (problems.length > 0 && problems.every((problem) => problem === 'unavailable')) return 'unavailable';
  }
  return storageProblem(error.cause);
}
