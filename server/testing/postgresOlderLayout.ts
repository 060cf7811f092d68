import type pg from 'pg';

/**
 * Puts an index's tables (in `schema`, a quoted identifier) back as versions before
 * 0004-word-table kept them, for tests of the migrations: the word vector in each
 * document's row, with the title's vector beside it when `titleVector`, and no word table.
 */
export async function wordsInDocumentRows(client: pg.ClientBase, schema: string, { titleVector }: { titleVector: boolean }): Promise<void> {
  await client.query(`ALTER TABLE ${schema}.docs ADD COLUMN tsv TSVECTOR`);
  await client.query(`UPDATE ${schema}.docs d SET tsv = w.tsv FROM ${schema}.doc_words w WHERE w.rowid = d.rowid`);
  await client.query(`ALTER TABLE ${schema}.docs ALTER COLUMN tsv SET NOT NULL`);
  if (titleVector) await client.query(`ALTER TABLE ${schema}.docs ADD COLUMN title_tsv TSVECTOR GENERATED ALWAYS AS (ts_filter(tsv, '{a}')) STORED`);
  await client.query(`DROP TABLE ${schema}.doc_words`);
}
