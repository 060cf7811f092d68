import type { PostgresMigration } from '../../../storage/postgresMigrations.ts';

/** The first and last day each searched keyword was searched: the twin of the SQLite event file's 0006-searched-days, whose comment says why. */
export const searchedDays: PostgresMigration = {
  name: '0006-searched-days',
  async up({ client }) {
    await client.query(`
      ALTER TABLE searched_keywords ADD COLUMN IF NOT EXISTS first_day INTEGER, ADD COLUMN IF NOT EXISTS last_day INTEGER;
      UPDATE searched_keywords AS k SET first_day = d.first, last_day = d.last
      FROM (SELECT words, min(day) AS first, max(day) AS last FROM keyword_sessions GROUP BY words) AS d
      WHERE k.words = d.words AND k.first_day IS NULL;
      DELETE FROM stats_meta WHERE key IN ('suggested_min_sessions', 'suggested_min_addresses');`);
  },
};
