import Sqlite, { type Database } from 'better-sqlite3';
import { checkPages } from '../storage/sqlitePages.ts';
import { STEERING_DDL } from './sqliteSteering.ts';

/** Bumped when the layout changes; a mismatch is refused rather than misread. */
export const SCHEMA_VERSION = 1;

/** Title matches count this many times a content match in bm25. */
export const TITLE_WEIGHT = 8;

/**
 * Columns of docs added after version 1 was released. FTS indexes main_content and
 * hidden_keywords together as its main_content column (see sqliteEngine), so hidden
 * keywords match but never reach highlights, which are made from docs.main_content.
 */
const PAGE_COLUMNS: ReadonlyArray<readonly [string, string]> = [
  ['h1', `TEXT NOT NULL DEFAULT ''`],
  ['h2', `TEXT NOT NULL DEFAULT ''`],
  ['meta_description', 'TEXT'],
  ['hidden_keywords', 'TEXT'],
  ['content_hash', 'TEXT'],
];

/** What the engine needs to know about the database it opened. */
export interface SchemaFacts {
  /** `terms` holds every indexed word (databases from before that held only some). */
  termsComplete: boolean;
}

/**
 * The settings of every connection to an index file: the service's reads and its writer
 * thread's writes (see sqliteWriter.ts). WAL lets the reader go on reading the last
 * commit while the writer writes.
 */
export function applyConnectionSettings(db: Database): void {
  db.pragma('journal_mode = WAL');
  // Acknowledged writes survive a power cut, as DESIGN.md promises.
  db.pragma('synchronous = FULL');
  db.pragma('temp_store = MEMORY');
  db.pragma('cache_size = -65536');
  db.pragma('mmap_size = 268435456');
}

/**
 * Checks the file's pages (see checkPages), then creates the tables of one index if missing. Documents live in `docs`; FTS5 indexes
 * their title and content (an external-content table: no second copy of the text); custom field values and URL categories are plain indexed rows so filters,
 * sorts and facets are SQL over them.
 */
export function applySchema(db: Database): SchemaFacts {
  // Before any write: a damaged file is refused as it is, not written to.
  if (!db.memory) {
    const problems = checkPages(db.name);
    if (problems.length > 0) {
      // The engine never gets this connection: closed here, so a refused start leaves no file open.
      db.close();
      throw new Error(`it is damaged: ${problems.slice(0, 3).join('; ')}${problems.length > 3 ? '; ...' : ''}`);
    }
  }
  applyConnectionSettings(db);

  const hadTitleIndex = db.prepare(`SELECT 1 FROM sqlite_master WHERE name = 'fts_title'`).get() !== undefined;
  db.exec(`
    CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;

    CREATE TABLE IF NOT EXISTS docs (
      rowid INTEGER PRIMARY KEY,
      id TEXT NOT NULL UNIQUE,
      url TEXT,
      title TEXT NOT NULL,
      main_content TEXT NOT NULL,
      language TEXT,
      thumbnail TEXT,
      thumbnail_b64 TEXT,
      doc_date INTEGER,
      first_indexed INTEGER NOT NULL,
      -- doc_date, else first_indexed: what ts shows and date filters and sorts use.
      ts INTEGER NOT NULL,
      custom_fields TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS docs_ts ON docs (ts);
    CREATE INDEX IF NOT EXISTS docs_language ON docs (language);

    CREATE TABLE IF NOT EXISTS doc_categories (
      category TEXT NOT NULL,
      doc INTEGER NOT NULL,
      PRIMARY KEY (category, doc)
    ) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS doc_categories_doc ON doc_categories (doc, category);

    CREATE TABLE IF NOT EXISTS field_types (name TEXT PRIMARY KEY, type TEXT NOT NULL) WITHOUT ROWID;
    -- Fields some document ever held two values of: only those need DISTINCT when range
    -- facets count documents. Never pruned; a stale name only costs the DISTINCT.
    CREATE TABLE IF NOT EXISTS multi_valued_fields (name TEXT PRIMARY KEY) WITHOUT ROWID;

    -- One row per value (per element for arrays). text: as facets show it; num: for
    -- ranges and numeric sorts (numeric strings too); fold: for autocomplete and text sorts.
    CREATE TABLE IF NOT EXISTS field_values (
      doc INTEGER NOT NULL,
      field TEXT NOT NULL,
      text TEXT NOT NULL,
      num REAL,
      fold TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS field_values_text ON field_values (field, text, doc);
    -- Partial: most values are text; any comparison on num implies num IS NOT NULL.
    CREATE INDEX IF NOT EXISTS field_values_num ON field_values (field, num, doc) WHERE num IS NOT NULL;
    CREATE INDEX IF NOT EXISTS field_values_doc ON field_values (doc, field);
    CREATE INDEX IF NOT EXISTS field_values_fold ON field_values (field, fold, text);

    -- Every distinct indexed word, folded as the tokenizer folds it: the vocabulary of
    -- fuzzy matching, and whether a typed prefix extends to longer words. Never pruned:
    -- a stale word only costs a query an alternative or a prefix that matches nothing.
    CREATE TABLE IF NOT EXISTS terms (term TEXT PRIMARY KEY) WITHOUT ROWID;

    CREATE VIRTUAL TABLE IF NOT EXISTS fts USING fts5 (
      title, main_content,
      content = 'docs', content_rowid = 'rowid',
      tokenize = 'unicode61 remove_diacritics 2',
      prefix = '2 3'
    );

    -- Titles alone: cheap title matches for large result sets and for suggestions.
    CREATE VIRTUAL TABLE IF NOT EXISTS fts_title USING fts5 (
      title,
      content = 'docs', content_rowid = 'rowid',
      tokenize = 'unicode61 remove_diacritics 2',
      prefix = '2 3'
    );

    -- The engine keeps fts and fts_title in step itself, after its other writes: FTS5 flushes its
    -- pending terms whenever another statement opens a savepoint, so a trigger per row
    -- made a tiny segment per document and writes three times slower.
    DROP TRIGGER IF EXISTS docs_after_insert;
    DROP TRIGGER IF EXISTS docs_after_delete;
    DROP TRIGGER IF EXISTS docs_after_update;
  `);

  // Page facts and hidden keywords came later: added in place, so older files open as they are.
  const columns = new Set(db.prepare(`SELECT name FROM pragma_table_info('docs')`).pluck().all() as string[]);
  for (const [name, type] of PAGE_COLUMNS) {
    if (!columns.has(name)) db.exec(`ALTER TABLE docs ADD COLUMN ${name} ${type}`);
  }
  db.exec(`
    -- Finds a document's duplicates: md5 of its main content.
    CREATE INDEX IF NOT EXISTS docs_content_hash ON docs (content_hash) WHERE content_hash IS NOT NULL;

    -- The status of each id (2.4): written with every document, and by the crawler for
    -- pages it could not (yet) index. A PENDING row outlives a restart and is crawled again.
    CREATE TABLE IF NOT EXISTS doc_status (
      id TEXT PRIMARY KEY,
      url TEXT,
      status TEXT NOT NULL,
      status_info TEXT NOT NULL,
      last_fetched INTEGER
    ) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS doc_status_status ON doc_status (status);
    ${STEERING_DDL}
  `);

  // Databases from before fts_title existed get it filled from docs once.
  if (!hadTitleIndex) db.exec(`INSERT INTO fts_title (fts_title) VALUES ('rebuild')`);

  const version = db.prepare<[], { value: string }>(`SELECT value FROM meta WHERE key = 'schema_version'`).get();
  if (version === undefined) {
    db.prepare(`INSERT INTO fts (fts, rank) VALUES ('rank', ?)`).run(`bm25(${TITLE_WEIGHT}.0, 1.0)`);
    db.prepare(`INSERT INTO meta (key, value) VALUES ('schema_version', ?)`).run(String(SCHEMA_VERSION));
    db.prepare(`INSERT INTO meta (key, value) VALUES ('terms_complete', '1')`).run();
  } else if (version.value !== String(SCHEMA_VERSION)) {
    throw new Error(`index database has schema version ${version.value}; this service reads version ${SCHEMA_VERSION}`);
  }
  // Databases from before multi_valued_fields existed get it filled once (a pass over the values).
  if (db.prepare(`SELECT 1 FROM meta WHERE key = 'multi_valued_complete'`).get() === undefined) {
    db.transaction(() => {
      db.exec(`INSERT OR IGNORE INTO multi_valued_fields (name)
        SELECT DISTINCT field FROM (SELECT field FROM field_values GROUP BY doc, field HAVING count(*) > 1)`);
      db.exec(`INSERT INTO meta (key, value) VALUES ('multi_valued_complete', '1')`);
    })();
  }

  const termsComplete = db.prepare(`SELECT 1 FROM meta WHERE key = 'terms_complete'`).get() !== undefined;
  return { termsComplete };
}

/**
 * The full check of a database file, for `npm run serve -- --check`: its pages (see
 * checkPages), then SQLite's own `PRAGMA integrity_check`, which reads every record and
 * index entry (seconds per hundred thousand documents). Returns the problems found.
 */
export function checkDatabaseFile(file: string): string[] {
  const problems = checkPages(file, 20);
  if (problems.length > 0) return problems;
  let db: Database | null = null;
  try {
    db = new Sqlite(file, { fileMustExist: true });
    const found = db.pragma('integrity_check(20)', { simple: false }) as Array<{ integrity_check: string }>;
    return found.map((row) => row.integrity_check).filter((line) => line !== 'ok');
  } catch (error) {
    return [(error as Error).message];
  } finally {
    db?.close();
  }
}
