import type { SqliteMigration } from '../../../storage/sqliteMigrations.ts';

/**
 * Signed user tokens (see userTokens.ts): each session that searched with a user's token
 * (the user by keyed hash), and when it last did. A click shapes that user's profile
 * only from such a session, so a token alone, replayed from elsewhere, writes nothing.
 */
export const userSessions: SqliteMigration = {
  name: '0004-user-sessions',
  up(db) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS user_sessions (
        user_hash TEXT NOT NULL, session TEXT NOT NULL, searched INTEGER NOT NULL, PRIMARY KEY (user_hash, session)
      ) WITHOUT ROWID;
      CREATE INDEX IF NOT EXISTS user_sessions_searched ON user_sessions (searched);
    `);
  },
};
