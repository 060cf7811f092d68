import type { SqliteMigration } from '../../../storage/sqliteMigrations.ts';

/**
 * Personal results (see personalization.ts): per user token, kept only as a keyed hash,
 * the time of its last click (profiles idle too long are forgotten, oldest first by the
 * index) and the decayed weight of each feature of the documents it clicked, as of
 * `updated`; the feature '' is the profile's total.
 */
export const userProfiles: SqliteMigration = {
  name: '0002-user-profiles',
  up(db) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS user_profiles (user_hash TEXT PRIMARY KEY, last_click INTEGER NOT NULL) WITHOUT ROWID;
      CREATE INDEX IF NOT EXISTS user_profiles_last_click ON user_profiles (last_click);
      CREATE TABLE IF NOT EXISTS user_affinities (
        user_hash TEXT NOT NULL, feature TEXT NOT NULL, weight REAL NOT NULL, updated INTEGER NOT NULL,
        PRIMARY KEY (user_hash, feature)
      ) WITHOUT ROWID;
    `);
  },
};
