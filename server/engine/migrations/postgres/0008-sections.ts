import type { PostgresMigration } from '../../../storage/postgresMigrations.ts';

/**
 * A crawled page's h1–h3 headings, a field the ranking weighs near the title, and its
 * sections (heading, anchor, opening text) as JSON, which search hits link to. Pages
 * indexed before have neither until they are crawled again: they rank by title and
 * content as they did. A column with a constant default rewrites no row.
 */
export const sections: PostgresMigration = {
  name: '0008-sections',
  async up({ client, schema }) {
    await client.query(`
      ALTER TABLE ${schema}.docs ADD COLUMN IF NOT EXISTS headings TEXT NOT NULL DEFAULT '';
      ALTER TABLE ${schema}.docs ADD COLUMN IF NOT EXISTS sections TEXT NOT NULL DEFAULT '';
    `);
  },
};
