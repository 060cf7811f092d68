import type { PostgresMigration } from '../../../storage/postgresMigrations.ts';

/** Sessions that searched with a user's token: the twin of the SQLite event file's 0004-user-sessions, whose comment says why. */
export const userSessions: PostgresMigration = {
  name: '0004-user-sessions',
  async up({ client }) {
    await client.query(`
      CREATE TABLE IF NOT EXISTS user_sessions (
        user_hash TEXT COLLATE "C" NOT NULL, session TEXT COLLATE "C" NOT NULL, searched BIGINT NOT NULL, PRIMARY KEY (user_hash, session)
      );
      CREATE INDEX IF NOT EXISTS user_sessions_searched ON user_sessions (searched);
    `);
  },
};
