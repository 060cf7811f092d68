import { randomBytes } from 'node:crypto';
import type { SqliteMigration } from '../../../storage/sqliteMigrations.ts';

/** The catalog's tables: indices made through the API, the cookie signing key, sessions. */
export const sqliteCatalogTables: SqliteMigration = {
  name: '0001-catalog',
  async up(db) {
    db.exec(`
      CREATE TABLE api_index (public_key TEXT PRIMARY KEY, secret_hash TEXT NOT NULL, created_at INTEGER NOT NULL) WITHOUT ROWID;
      CREATE TABLE signing_key (id INTEGER PRIMARY KEY CHECK (id = 1), key TEXT NOT NULL);
      CREATE TABLE session (id TEXT PRIMARY KEY, identity TEXT NOT NULL, csrf_token TEXT NOT NULL, expires_at INTEGER NOT NULL) WITHOUT ROWID;
      CREATE INDEX session_identity ON session (identity);
    `);
    db.prepare('INSERT INTO signing_key (id, key) VALUES (1, ?)').run(randomBytes(32).toString('base64url'));
  },
};
