import type { SqliteMigration } from '../../../storage/sqliteMigrations.ts';

/**
 * The first and last UTC day each searched keyword was searched within the window: a
 * learned keyword needs searches on two days (see suggestedSql). Kept keywords take them
 * from the last days of their sessions; whether each is suggested is the store's rule,
 * applied again when it opens.
 */
export const searchedDays: SqliteMigration = {
  name: '0006-searched-days',
  up(db) {
    const columns = db.prepare("SELECT name FROM pragma_table_info('searched_keywords')").pluck().all() as string[];
    if (!columns.includes('first_day')) db.exec('ALTER TABLE searched_keywords ADD COLUMN first_day INTEGER');
    if (!columns.includes('last_day')) db.exec('ALTER TABLE searched_keywords ADD COLUMN last_day INTEGER');
    db.exec(`
      UPDATE searched_keywords SET first_day = d.first, last_day = d.last
      FROM (SELECT words, min(day) AS first, max(day) AS last FROM keyword_sessions GROUP BY words) AS d
      WHERE searched_keywords.words = d.words AND searched_keywords.first_day IS NULL;
      DELETE FROM stats_meta WHERE key IN ('suggested_min_sessions', 'suggested_min_addresses');`);
  },
};
