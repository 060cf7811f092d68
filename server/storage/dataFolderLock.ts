/**
 * One service per data folder. Two services writing the same SQLite files would each
 * keep their own counts and caches, and half their writes would fail; so the first takes
 * an exclusive lock on `service.lock` in the folder, and the second stops at start with
 * an error naming the first.
 *
 * The lock is SQLite's own: a connection in exclusive locking mode holds an exclusive
 * (fcntl) lock on the file for as long as it is open, which the system releases when
 * the process ends, however it ends; a restart after a crash is never locked out. Beside
 * it, `service.pid` names the holder (process id, host, start time) for the message:
 * that file is only read while the lock is held, so it is never taken for the lock.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';

const LOCK_FILE = 'service.lock';
const HOLDER_FILE = 'service.pid';

interface Holder {
  pid: number;
  host: string;
  started: string;
}

export class DataFolderLock {
  private constructor(
    private readonly db: Database.Database,
    private readonly holderFile: string,
  ) {}

  /** Locks `folder` (which must exist) for this process; throws an Error naming the holder when another has it. */
  static acquire(folder: string): DataFolderLock {
    const db = new Database(join(folder, LOCK_FILE), { timeout: 0 });
    try {
      // The file holds nothing: no journal beside it.
      db.pragma('journal_mode = MEMORY');
      db.pragma('locking_mode = EXCLUSIVE');
      // The first write takes the exclusive lock; in this mode it is kept until the connection closes.
      db.exec('BEGIN EXCLUSIVE; COMMIT');
    } catch (error) {
      db.close();
      if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) {
        throw new Error(
          `the data folder ${folder} is in use by another service (${describeHolder(join(folder, HOLDER_FILE))}). ` +
            'Stop that one first, or give this one a folder of its own with --data; services share indices through PostgreSQL (--database-url), never through one folder',
          { cause: error },
        );
      }
      throw error;
    }
    const holderFile = join(folder, HOLDER_FILE);
    // eslint-disable-next-line no-restricted-syntax -- when the holder started is for the person who finds the folder locked.
    const holder: Holder = { pid: process.pid, host: hostname(), started: new Date().toISOString() };
    writeFileSync(holderFile, `${JSON.stringify(holder)}\n`);
    return new DataFolderLock(db, holderFile);
  }

  /** Lets another service take the folder. */
  release(): void {
    if (!this.db.open) return;
    rmSync(this.holderFile, { force: true });
    this.db.close();
  }
}

function describeHolder(file: string): string {
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as Partial<Holder>;
    if (typeof holder.pid === 'number') return `process ${holder.pid} on ${String(holder.host)}, started ${String(holder.started)}`;
  } catch {
    // Not written yet, or from a version that kept none: the lock still says enough.
  }
  return 'a process that has not named itself yet';
}
