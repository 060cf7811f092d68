import type { SqliteMigration } from '../../../storage/sqliteMigrations.ts';

/**
 * The columns of `docs` in the order a search reads them, the whole body last. SQLite
 * stores a row's columns one after another and spills a long row onto overflow pages,
 * so reading a column stored after a 30 KB body walks the body's pages: the ranking's
 * title, headings, stored start and name runs, and a hit's short columns, were all
 * stored after it, added by later migrations. The table is made again with the same
 * rows, row ids and indexes; the full-text tables name their content table and find
 * it under the same name.
 */
export const bodyLast: SqliteMigration = {
  name: '0009-body-last',
  up(db) {
    const columns = db.prepare("SELECT name FROM pragma_table_info('docs') ORDER BY cid").pluck().all() as string[];
    if (columns.at(-1) === 'main_content') return;
    db.exec(`
      CREATE TABLE docs_body_last (
        rowid INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        url TEXT,
        title TEXT NOT NULL,
        language TEXT,
        doc_date INTEGER,
        first_indexed INTEGER NOT NULL,
        -- doc_date, else first_indexed: what ts shows and date filters and sorts use.
        ts INTEGER NOT NULL,
        content_hash TEXT,
        h1 TEXT NOT NULL DEFAULT '',
        h2 TEXT NOT NULL DEFAULT '',
        meta_description TEXT,
        hidden_keywords TEXT,
        custom_fields TEXT NOT NULL,
        headings TEXT NOT NULL DEFAULT '',
        later_names TEXT,
        content_start TEXT,
        thumbnail TEXT,
        thumbnail_b64 TEXT,
        sections TEXT NOT NULL DEFAULT '',
        main_content TEXT NOT NULL
      );
      INSERT INTO docs_body_last (rowid, id, url, title, language, doc_date, first_indexed, ts, content_hash, h1, h2,
        meta_description, hidden_keywords, custom_fields, headings, later_names, content_start, thumbnail, thumbnail_b64,
        sections, main_content)
      SELECT rowid, id, url, title, language, doc_date, first_indexed, ts, content_hash, h1, h2,
        meta_description, hidden_keywords, custom_fields, headings, later_names, content_start, thumbnail, thumbnail_b64,
        sections, main_content
      FROM docs;
      DROP TABLE docs;
      ALTER TABLE docs_body_last RENAME TO docs;
      CREATE INDEX docs_ts ON docs (ts);
      CREATE INDEX docs_language ON docs (language);
      CREATE INDEX docs_content_hash ON docs (content_hash) WHERE content_hash IS NOT NULL;
    `);
  },
};
