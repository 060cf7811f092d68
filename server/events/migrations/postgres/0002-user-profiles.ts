import type { PostgresMigration } from '../../../storage/postgresMigrations.ts';

/** Personal results: the twin of the SQLite event file's 0002-user-profiles, whose comments say what each holds. */
export const userProfiles: PostgresMigration = {
  name: '0002-user-profiles',
  async up({ client }) {
    await client.query(`
      CREATE TABLE IF NOT EXISTS user_profiles (user_hash TEXT COLLATE "C" PRIMARY KEY, last_click BIGINT NOT NULL);
      CREATE INDEX IF NOT EXISTS user_profiles_last_click ON user_profiles (last_click);
      CREATE TABLE IF NOT EXISTS user_affinities (
        user_hash TEXT COLLATE "C" NOT NULL, feature TEXT COLLATE "C" NOT NULL,
        weight DOUBLE PRECISION NOT NULL, updated BIGINT NOT NULL,
        PRIMARY KEY (user_hash, feature)
      );
    `);
  },
};
