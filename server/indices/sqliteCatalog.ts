import Database from 'better-sqlite3';
import { migrateSqlite } from '../storage/sqliteMigrations.ts';
import { identityOf, identityText, type CatalogIndex, type CatalogSession, type ServiceCatalog } from './catalog.ts';
import { sqliteCatalogTables } from './migrations/sqlite/0001-catalog.ts';

interface IndexRow {
  public_key: string;
  secret_hash: string;
  created_at: number;
}

interface SessionRow {
  id: string;
  identity: string;
  csrf_token: string;
  expires_at: number;
}

/** The catalog in one SQLite file of the data folder (`service.sqlite`): one process owns the folder. */
export class SqliteCatalog implements ServiceCatalog {
  private constructor(private readonly db: Database.Database) {}

  static async open(file: string): Promise<SqliteCatalog> {
    const db = new Database(file);
    try {
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = FULL');
      await migrateSqlite(db, file, 'migrations', [sqliteCatalogTables]);
      return new SqliteCatalog(db);
    } catch (error) {
      db.close();
      throw error;
    }
  }

  async indices(): Promise<CatalogIndex[]> {
    return (this.db.prepare('SELECT * FROM api_index ORDER BY public_key').all() as IndexRow[]).map(indexOf);
  }

  async index(publicKey: string): Promise<CatalogIndex | null> {
    const row = this.db.prepare('SELECT * FROM api_index WHERE public_key = ?').get(publicKey) as IndexRow | undefined;
    return row === undefined ? null : indexOf(row);
  }

  async addIndex(index: CatalogIndex): Promise<boolean> {
    const { changes } = this.db
      .prepare('INSERT OR IGNORE INTO api_index (public_key, secret_hash, created_at) VALUES (?, ?, ?)')
      .run(index.publicKey, index.secretHash, index.createdAt);
    return changes === 1;
  }

  async setSecret(publicKey: string, secretHash: string): Promise<boolean> {
    return this.db.prepare('UPDATE api_index SET secret_hash = ? WHERE public_key = ?').run(secretHash, publicKey).changes === 1;
  }

  async removeIndex(publicKey: string): Promise<boolean> {
    return this.db.transaction(() => {
      this.db.prepare('DELETE FROM session WHERE identity = ?').run(identityText({ kind: 'index', publicKey }));
      return this.db.prepare('DELETE FROM api_index WHERE public_key = ?').run(publicKey).changes === 1;
    })();
  }

  async signingKey(): Promise<string> {
    return this.db.prepare('SELECT key FROM signing_key WHERE id = 1').pluck().get() as string;
  }

  async addSession(session: CatalogSession): Promise<void> {
    // Expired sessions go as new ones come, so the table stays small.
    this.db.prepare('DELETE FROM session WHERE expires_at <= ?').run(session.expiresAt - SESSION_ROW_MAX_MS);
    this.db
      .prepare('INSERT INTO session (id, identity, csrf_token, expires_at) VALUES (?, ?, ?, ?)')
      .run(session.id, identityText(session.identity), session.csrfToken, session.expiresAt);
  }

  async session(id: string, now: number): Promise<CatalogSession | null> {
    const row = this.db.prepare('SELECT * FROM session WHERE id = ? AND expires_at > ?').get(id, now) as SessionRow | undefined;
    return row === undefined ? null : sessionOf(row);
  }

  async removeSession(id: string): Promise<void> {
    this.db.prepare('DELETE FROM session WHERE id = ?').run(id);
  }

  async close(): Promise<void> {
    this.db.close();
  }
}

/** A new session's expiry less this is past any session's: rows older go. */
export const SESSION_ROW_MAX_MS = 30 * 24 * 3600_000;

export function indexOf(row: IndexRow): CatalogIndex {
  return { publicKey: row.public_key, secretHash: row.secret_hash, createdAt: Number(row.created_at) };
}

export function sessionOf(row: SessionRow): CatalogSession {
  return { id: row.id, identity: identityOf(row.identity), csrfToken: row.csrf_token, expiresAt: Number(row.expires_at) };
}

export type { IndexRow, SessionRow };
