import type { PostgresMigration } from '../../../storage/postgresMigrations.ts';

/** Rows copied a statement: each statement stays far within the statement timeout. */
const BATCH_ROWS = 5_000;

/**
 * Moves the word vectors out of the documents' rows into a narrow table of their own,
 * `doc_words`, beside what the conditions of a search read (id, language, date). Finding
 * and scoring a search's matches visits each match's row: in `docs` that row also held
 * the content, the custom fields and the thumbnail, 2.9 kB on average against 1.1 kB
 * here, so a common word's matches read nearly three times the pages they needed.
 * `docs` keeps what a hit shows; its rows shrink as they are next written.
 */
export const wordTable: PostgresMigration = {
  name: '0004-word-table',
  async up({ client, schema }) {
    await client.query(`
      CREATE TABLE ${schema}.doc_words (
        rowid BIGINT PRIMARY KEY,
        id TEXT COLLATE "C" NOT NULL UNIQUE,
        language TEXT,
        ts BIGINT NOT NULL,
        -- Title words (weight A), then content and hidden keywords (see postgresText.ts).
        tsv TSVECTOR NOT NULL,
        title_tsv TSVECTOR GENERATED ALWAYS AS (ts_filter(tsv, '{a}')) STORED
      );
      -- Scoring reads every match's vector: it stays in the row (see 0003-inline-vectors).
      ALTER TABLE ${schema}.doc_words SET (toast_tuple_target = 8160);
      ALTER TABLE ${schema}.doc_words ALTER COLUMN tsv SET STORAGE MAIN;
    `);
    const { rows } = await client.query<{ last: string | null }>(`SELECT max(rowid) AS last FROM ${schema}.docs`);
    const last = Number(rows[0]?.last ?? 0);
    for (let from = 0; from < last; from += BATCH_ROWS) {
      await client.query(
        `INSERT INTO ${schema}.doc_words (rowid, id, language, ts, tsv)
         SELECT rowid, id, language, ts, tsv FROM ${schema}.docs WHERE rowid > $1 AND rowid <= $2`,
        [from, from + BATCH_ROWS],
      );
    }
    // Built once the rows are in, which is quicker than growing them row by row; an index
    // of millions of documents may take longer than a search's statement timeout.
    await client.query('SET LOCAL statement_timeout = 0');
    await client.query(`
      CREATE INDEX doc_words_tsv ON ${schema}.doc_words USING GIN (tsv) WITH (gin_pending_list_limit = 256);
      CREATE INDEX doc_words_title_tsv ON ${schema}.doc_words USING GIN (title_tsv) WITH (gin_pending_list_limit = 256);
      CREATE INDEX doc_words_ts ON ${schema}.doc_words (ts);
      CREATE INDEX doc_words_language ON ${schema}.doc_words (language);
      ALTER TABLE ${schema}.docs DROP COLUMN title_tsv;
      ALTER TABLE ${schema}.docs DROP COLUMN tsv;
      DROP INDEX IF EXISTS ${schema}.docs_ts;
      DROP INDEX IF EXISTS ${schema}.docs_language;
    `);
  },
};
