import type pg from 'pg';

import { SHARED_SCHEMA } from '../storage/postgresPool.ts';

/** The schema of what the indices of a database share: pg_trgm, the client address key. */
export { SHARED_SCHEMA };

/** Bumped when the layout changes; a mismatch is refused rather than misread. */
export const PG_SCHEMA_VERSION = 1;

/**
 * Creates an index's tables in its own PostgreSQL schema (`name`), if missing, and
 * checks the version of those it finds. Several service processes may start at once:
 * an advisory lock makes the first create everything and the others find it made.
 * Text that is compared or ordered (ids, values, categories, words) uses the "C"
 * collation, byte order as in SQLite, whatever the database's locale.
 */
export async function applyPgSchema(client: pg.ClientBase, name: string): Promise<void> {
  const schema = quoteIdent(name);
  await client.query('BEGIN');
  try {
    // One lock for every index of the database: CREATE EXTENSION races with itself too.
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('site-search schema'))`);
    // What every index shares lives in a schema of its own: since PostgreSQL 15 only the
    // database's owner may create objects in public. pg_trgm (trusted since PostgreSQL
    // 13) finds near words for typos; where a database has it already, it is used there.
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${SHARED_SCHEMA}`);
    await client.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA ${SHARED_SCHEMA}`);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await client.query(`
      CREATE TABLE IF NOT EXISTS ${schema}.meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

      CREATE TABLE IF NOT EXISTS ${schema}.docs (
        rowid BIGSERIAL PRIMARY KEY,
        id TEXT COLLATE "C" NOT NULL UNIQUE,
        url TEXT,
        title TEXT NOT NULL,
        main_content TEXT NOT NULL,
        language TEXT,
        thumbnail TEXT,
        thumbnail_b64 TEXT,
        doc_date BIGINT,
        first_indexed BIGINT NOT NULL,
        -- doc_date, else first_indexed: what date filters and sorts use.
        ts BIGINT NOT NULL,
        -- JSON as written: jsonb would reorder the keys.
        custom_fields TEXT NOT NULL,
        h1 TEXT NOT NULL DEFAULT '',
        h2 TEXT NOT NULL DEFAULT '',
        meta_description TEXT,
        hidden_keywords TEXT,
        content_hash TEXT,
        -- Title words (weight A), then content and hidden keywords (see postgresText.ts).
        tsv TSVECTOR NOT NULL
      );
      CREATE INDEX IF NOT EXISTS docs_tsv ON ${schema}.docs USING GIN (tsv);
      -- The title's words alone, with an index of their own: a weight restriction (:A) on
      -- tsv is checked by reading each match's whole vector, which for a common word cost
      -- more than the rest of the search. Added in place to tables made before.
      ALTER TABLE ${schema}.docs ADD COLUMN IF NOT EXISTS title_tsv TSVECTOR GENERATED ALWAYS AS (ts_filter(tsv, '{a}')) STORED;
      CREATE INDEX IF NOT EXISTS docs_title_tsv ON ${schema}.docs USING GIN (title_tsv);
      -- New words wait in a GIN index's pending list, which every search reads through whole:
      -- at its default 4 MB, a prefix search's index scan took 1 ms instead of 0.03 ms.
      ALTER INDEX ${schema}.docs_tsv SET (gin_pending_list_limit = 256);
      ALTER INDEX ${schema}.docs_title_tsv SET (gin_pending_list_limit = 256);
      CREATE INDEX IF NOT EXISTS docs_ts ON ${schema}.docs (ts);
      CREATE INDEX IF NOT EXISTS docs_language ON ${schema}.docs (language);
      CREATE INDEX IF NOT EXISTS docs_content_hash ON ${schema}.docs (content_hash) WHERE content_hash IS NOT NULL;

      CREATE TABLE IF NOT EXISTS ${schema}.doc_categories (
        category TEXT COLLATE "C" NOT NULL,
        doc BIGINT NOT NULL,
        PRIMARY KEY (category, doc)
      );
      CREATE INDEX IF NOT EXISTS doc_categories_doc ON ${schema}.doc_categories (doc, category);

      CREATE TABLE IF NOT EXISTS ${schema}.field_types (name TEXT COLLATE "C" PRIMARY KEY, type TEXT NOT NULL);
      -- Fields some document held several values of: only their range facets need DISTINCT.
      CREATE TABLE IF NOT EXISTS ${schema}.multi_valued_fields (name TEXT COLLATE "C" PRIMARY KEY);

      -- One row per value (per element for arrays): text as facets show it, num for ranges
      -- and numeric sorts (numeric strings too), fold for autocomplete and text sorts.
      CREATE TABLE IF NOT EXISTS ${schema}.field_values (
        doc BIGINT NOT NULL,
        field TEXT COLLATE "C" NOT NULL,
        text TEXT COLLATE "C" NOT NULL,
        num DOUBLE PRECISION,
        fold TEXT COLLATE "C" NOT NULL
      );
      CREATE INDEX IF NOT EXISTS field_values_text ON ${schema}.field_values (field, text, doc);
      CREATE INDEX IF NOT EXISTS field_values_num ON ${schema}.field_values (field, num, doc) WHERE num IS NOT NULL;
      CREATE INDEX IF NOT EXISTS field_values_doc ON ${schema}.field_values (doc, field);
      CREATE INDEX IF NOT EXISTS field_values_fold ON ${schema}.field_values (field, fold, text);

      -- Every distinct indexed word: whether a prefix extends, and (by trigrams) typo candidates.
      CREATE TABLE IF NOT EXISTS ${schema}.terms (term TEXT COLLATE "C" PRIMARY KEY);
      CREATE INDEX IF NOT EXISTS terms_trigrams ON ${schema}.terms USING GIN (term gin_trgm_ops);

      CREATE TABLE IF NOT EXISTS ${schema}.doc_status (
        id TEXT COLLATE "C" PRIMARY KEY,
        url TEXT,
        status TEXT NOT NULL,
        status_info TEXT NOT NULL,
        last_fetched BIGINT
      );
      CREATE INDEX IF NOT EXISTS doc_status_status ON ${schema}.doc_status (status);

      -- What the site owner stores to steer searches: query rules (kind 'rule', by rule id)
      -- and the index settings (kind 'settings', id ''); body is the JSON as written.
      -- Every write bumps meta's steering_version in its transaction (postgresSteering.ts).
      CREATE TABLE IF NOT EXISTS ${schema}.steering (
        kind TEXT COLLATE "C" NOT NULL,
        id TEXT COLLATE "C" NOT NULL,
        body TEXT NOT NULL,
        PRIMARY KEY (kind, id)
      );
    `);
    const { rows } = await client.query<{ value: string }>(`SELECT value FROM ${schema}.meta WHERE key = 'schema_version'`);
    if (rows.length === 0) {
      await client.query(`INSERT INTO ${schema}.meta (key, value) VALUES ('schema_version', $1)`, [String(PG_SCHEMA_VERSION)]);
    } else if (rows[0]!.value !== String(PG_SCHEMA_VERSION)) {
      throw new Error(`index schema ${name} has version ${rows[0]!.value}; this service reads version ${PG_SCHEMA_VERSION}`);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}

/** A double-quoted identifier. */
export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
