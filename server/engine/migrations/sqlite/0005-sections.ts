import type { SqliteMigration } from '../../../storage/sqliteMigrations.ts';

/**
 * A crawled page's h1–h3 headings, a field the ranking weighs near the title, and its
 * sections (heading, anchor, opening text) as JSON, which search hits link to. Pages
 * indexed before have neither until they are crawled again: they rank by title and
 * content as they did.
 */
export const sections: SqliteMigration = {
  name: '0005-sections',
  up(db) {
    const columns = db.prepare("SELECT name FROM pragma_table_info('docs')").pluck().all() as string[];
    if (!columns.includes('headings')) db.exec(`ALTER TABLE docs ADD COLUMN headings TEXT NOT NULL DEFAULT ''`);
    if (!columns.includes('sections')) db.exec(`ALTER TABLE docs ADD COLUMN sections TEXT NOT NULL DEFAULT ''`);
  },
};
