import type { PostgresMigration } from '../../../storage/postgresMigrations.ts';

/**
 * What the ranking reads of a long page, stored beside it (see the SQLite twin,
 * 0006-long-pages): the start of its content and the runs past it a typed name can stand
 * in. Rows written before hold NULL until they are written again. Columns without a
 * default rewrite no row.
 */
export const longPages: PostgresMigration = {
  name: '0009-long-pages',
  async up({ client, schema }) {
    await client.query(`
      ALTER TABLE ${schema}.docs ADD COLUMN IF NOT EXISTS content_start TEXT;
      ALTER TABLE ${schema}.docs ADD COLUMN IF NOT EXISTS later_names TEXT;
    `);
  },
};
