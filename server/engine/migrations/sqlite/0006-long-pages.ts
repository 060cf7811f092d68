import type { SqliteMigration } from '../../../storage/sqliteMigrations.ts';

/**
 * What the ranking reads of a long page, stored beside it when it is written
 * (documentRow.ts): the start of its content (`content_start`, NULL when the content is
 * no longer), so a search does not load the whole body to cut it, and the runs past that
 * start a typed name can stand in (`later_names`), so a name there is found without
 * reading the page whole. Rows written before hold NULL in both, and are read as they
 * were until they are written again.
 */
export const longPages: SqliteMigration = {
  name: '0006-long-pages',
  up(db) {
    const columns = db.prepare("SELECT name FROM pragma_table_info('docs')").pluck().all() as string[];
    if (!columns.includes('content_start')) db.exec('ALTER TABLE docs ADD COLUMN content_start TEXT');
    if (!columns.includes('later_names')) db.exec('ALTER TABLE docs ADD COLUMN later_names TEXT');
  },
};
