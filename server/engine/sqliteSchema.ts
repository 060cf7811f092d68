import Sqlite, { type Database } from 'better-sqlite3';
import { checkPages, checkPagesOnOpen } from '../storage/sqlitePages.ts';
import { migrateSqlite } from '../storage/sqliteMigrations.ts';
import { SQLITE_INDEX_MIGRATIONS } from './migrations/sqliteMigrations.ts';

/** The table of an index file that records its migrations. */
export const INDEX_MIGRATION_TABLE = 'migrations';

/**
 * The settings of every connection to an index file: the service's reads and its writer
 * thread's writes (see sqliteWriter.ts). WAL lets the reader go on reading the last
 * commit while the writer writes.
 */
export function applyConnectionSettings(db: Database): void {
  db.pragma('journal_mode = WAL');
  // Acknowledged writes survive a power cut, as DESIGN.md promises.
  db.pragma('synchronous = FULL');
  db.pragma('temp_store = MEMORY');
  db.pragma('cache_size = -65536');
  db.pragma('mmap_size = 268435456');
}

/**
 * Opens an index file (made if missing) for the service's reads and writes: checks its
 * pages (see checkPagesOnOpen), then brings its tables up to date (migrations/sqliteMigrations.ts).
 * Only this connection migrates: the writer thread's and reader threads' connections
 * open the file once it is done.
 */
export async function openIndexDatabase(file: string): Promise<Database> {
  const db = new Sqlite(file);
  try {
    // Before any write: a damaged file is refused as it is, not written to.
    if (!db.memory) {
      const problems = checkPagesOnOpen(db.name);
      if (problems.length > 0) throw new Error(`it is damaged: ${problems.slice(0, 3).join('; ')}${problems.length > 3 ? '; ...' : ''}`);
    }
    applyConnectionSettings(db);
    await migrateSqlite(db, db.memory ? 'the index database in memory' : db.name, INDEX_MIGRATION_TABLE, SQLITE_INDEX_MIGRATIONS);
    return db;
  } catch (error) {
    // The engine never gets this connection: closed here, so a refused start leaves no file open.
    db.close();
    throw error;
  }
}

/** Whether `terms` holds every indexed word (files from before that held only some). */
export function termsComplete(db: Database): boolean {
  return db.prepare(`SELECT 1 FROM meta WHERE key = 'terms_complete'`).get() !== undefined;
}

/**
 * The full check of a database file, for `npm run serve -- --check`: its pages (see
 * checkPages), then SQLite's own `PRAGMA integrity_check`, which reads every record and
 * index entry (seconds per hundred thousand documents). Returns the problems found.
 */
export function checkDatabaseFile(file: string): string[] {
  const problems = checkPages(file, 20);
  if (problems.length > 0) return problems;
  let db: Database | null = null;
  try {
    db = new Sqlite(file, { fileMustExist: true });
    const found = db.pragma('integrity_check(20)', { simple: false }) as Array<{ integrity_check: string }>;
    return found.map((row) => row.integrity_check).filter((line) => line !== 'ok');
  } catch (error) {
    return [(error as Error).message];
  } finally {
    db?.close();
  }
}
