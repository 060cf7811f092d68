import type { PostgresMigration } from '../../../storage/postgresMigrations.ts';

/** Rows rewritten a statement: each statement stays far within the statement timeout. */
const BATCH_ROWS = 2_000;

/**
 * Keeps a document's row whole in its page. A search reads the word vector of every match
 * (ts_rank) and the stored fields of its pool; at PostgreSQL's default the toaster moved
 * them out of line once a row passed 2 kB, as most do, and every read became a TOAST
 * lookup: five times the buffers of the row itself. Rows now stay whole up to a page
 * (toast_tuple_target), and the vector (storage MAIN) stays in the row even when the
 * content of a long page must leave it. Rows written before are rewritten once, a range
 * of row ids at a time: concatenation makes new values, which the toaster stores anew.
 */
export const inlineVectors: PostgresMigration = {
  name: '0003-inline-vectors',
  async up({ client, schema }) {
    await client.query(`ALTER TABLE ${schema}.docs SET (toast_tuple_target = 8160)`);
    await client.query(`ALTER TABLE ${schema}.docs ALTER COLUMN tsv SET STORAGE MAIN`);
    const { rows } = await client.query<{ last: string | null }>(`SELECT max(rowid) AS last FROM ${schema}.docs`);
    const last = Number(rows[0]?.last ?? 0);
    for (let from = 0; from < last; from += BATCH_ROWS) {
      await client.query(
        `UPDATE ${schema}.docs SET tsv = tsv || ''::tsvector, main_content = main_content || '', custom_fields = custom_fields || '',
           thumbnail_b64 = thumbnail_b64 || ''
         WHERE rowid > $1 AND rowid <= $2`,
        [from, from + BATCH_ROWS],
      );
    }
  },
};
