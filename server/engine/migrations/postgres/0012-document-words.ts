import type { PostgresMigration } from '../../../storage/postgresMigrations.ts';

/** Rows filled a statement: each statement stays far within the statement timeout. */
const BATCH_ROWS = 5_000;

/**
 * How many words each document holds (title and content), beside its vector: the
 * length bm25 weighs a match by, as the SQLite engine's FTS5 counts it. Without it a
 * long page that holds a word once scored as the short page about it.
 * Rows written before are filled from their vector, counting each word's stored
 * positions: exact but for a word past 256 times or a page past 16,383 words, which
 * the vector caps (rows written again get the exact count).
 */
export const documentWords: PostgresMigration = {
  name: '0012-document-words',
  async up({ client, schema }) {
    await client.query(`ALTER TABLE ${schema}.doc_words ADD COLUMN IF NOT EXISTS words INTEGER`);
    const { rows } = await client.query<{ last: string | null }>(`SELECT max(rowid) AS last FROM ${schema}.doc_words`);
    const last = Number(rows[0]?.last ?? 0);
    for (let from = 0; from < last; from += BATCH_ROWS) {
      await client.query(
        `UPDATE ${schema}.doc_words w
         SET words = (SELECT coalesce(sum(coalesce(array_length(u.positions, 1), 1)), 0) FROM unnest(w.tsv) u)
         WHERE w.rowid > $1 AND w.rowid <= $2 AND w.words IS NULL`,
        [from, from + BATCH_ROWS],
      );
    }
  },
};
