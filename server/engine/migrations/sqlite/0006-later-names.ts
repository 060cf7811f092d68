import type { SqliteMigration } from '../../../storage/sqliteMigrations.ts';

/**
 * The runs of a long page's content past the start the ranking reads that a typed name
 * can stand in (documentRow.ts laterNamesColumn), so a name there is found without
 * reading the page whole. Rows written before hold NULL, and are read whole for a name
 * as they were, until they are written again.
 */
export const laterNames: SqliteMigration = {
  name: '0006-later-names',
  up(db) {
    const columns = db.prepare("SELECT name FROM pragma_table_info('docs')").pluck().all() as string[];
    if (!columns.includes('later_names')) db.exec('ALTER TABLE docs ADD COLUMN later_names TEXT');
  },
};
