import type { PostgresMigration } from '../../../storage/postgresMigrations.ts';

/**
 * The runs of a long page's content past the start the ranking reads that a typed name
 * can stand in (documentRow.ts laterNamesColumn). Rows written before hold NULL until
 * they are written again. A column without a default rewrites no row.
 */
export const laterNames: PostgresMigration = {
  name: '0009-later-names',
  async up({ client, schema }) {
    await client.query(`ALTER TABLE ${schema}.docs ADD COLUMN IF NOT EXISTS later_names TEXT`);
  },
};
