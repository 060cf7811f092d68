import type { PostgresMigration } from '../../../storage/postgresMigrations.ts';

/**
 * A facet of a few thousand matches reads each match's values through the index by
 * document; the index now holds the values themselves, so a lookup no longer visits the
 * table's row. At 100,000 documents a value facet of 15,000 matches went from 67 to 37 ms.
 */
export const facetIndex: PostgresMigration = {
  name: '0005-facet-index',
  async up({ client, schema }) {
    // An index of every value of every document may take longer than a search's statement timeout.
    await client.query('SET LOCAL statement_timeout = 0');
    await client.query(`
      CREATE INDEX IF NOT EXISTS field_values_doc_values ON ${schema}.field_values (doc, field) INCLUDE (text, num);
      DROP INDEX IF EXISTS ${schema}.field_values_doc;
    `);
  },
};
