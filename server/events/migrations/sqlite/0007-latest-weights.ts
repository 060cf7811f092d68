import type { SqliteMigration } from '../../../storage/sqliteMigrations.ts';

/**
 * Beside each decayed weight of a keyword (and of a document for it), the weight of its
 * latest event alone (`last_lw`, log2 form like `lw`): retention and the cap on stored
 * events take a weight out once the event it was last counted from is deleted (see
 * SqliteStatsRollups.reclaim). Kept weights start from their own `lw`, which is never
 * below their latest event's: they go later, never too early.
 */
export const latestWeights: SqliteMigration = {
  name: '0007-latest-weights',
  up(db) {
    for (const table of ['keyword_searches', 'keyword_clicks']) {
      const columns = db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all(table) as string[];
      if (!columns.includes('last_lw')) db.exec(`ALTER TABLE ${table} ADD COLUMN last_lw REAL`);
      db.exec(`UPDATE ${table} SET last_lw = lw WHERE last_lw IS NULL`);
    }
  },
};
