import type Database from 'better-sqlite3';
import type { SqliteMigration } from '../../../storage/sqliteMigrations.ts';
import { normalizeKeyword } from '../../normalizeKeyword.ts';

/**
 * The tables of an index's event file, as the service made them before it recorded
 * migrations: the events and the rollups (see sqliteStatsRollups.ts), whose comments
 * say what each holds. The searched keywords are counts the store rebuilds from the
 * events when they were kept another way (sqliteSearchedKeywords.ts). Files
 * made before this migration existed are brought to the same layout in place, the
 * columns and counts they lacked filled from their events.
 */
export const initial: SqliteMigration = {
  name: '0001-initial',
  up(db) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS stats_events (
        rowid INTEGER PRIMARY KEY,
        -- The sender's eventId: a resent event is stored once.
        event_id TEXT UNIQUE,
        received INTEGER NOT NULL,
        source TEXT NOT NULL,
        action TEXT NOT NULL,
        session TEXT NOT NULL,
        keyword TEXT NOT NULL,
        number_of_results INTEGER,
        docid TEXT,
        position INTEGER,
        tag TEXT,
        -- The keyword as counted (normalizeKeyword), and whether a click followed this search.
        keyword_norm TEXT NOT NULL DEFAULT '',
        clicked INTEGER NOT NULL DEFAULT 0,
        -- The sender's address as a keyed hash (see RollupEvent.client in rollupRules.ts).
        client TEXT
      );
      CREATE INDEX IF NOT EXISTS stats_events_received ON stats_events (received);

      -- One row per item in a transaction: a resent batch changes nothing.
      CREATE TABLE IF NOT EXISTS recommendation_events (
        dataset TEXT NOT NULL,
        txn TEXT NOT NULL,
        item TEXT NOT NULL,
        time TEXT NOT NULL,
        received INTEGER NOT NULL,
        PRIMARY KEY (dataset, txn, item)
      ) WITHOUT ROWID;
      CREATE INDEX IF NOT EXISTS recommendation_events_item ON recommendation_events (dataset, item, txn);
      CREATE INDEX IF NOT EXISTS recommendation_events_recent ON recommendation_events (dataset, item, received, txn);
    `);
    addKeywordColumns(db);
    addClientColumn(db);
    // keyword_clicks gained a column: a file from before is given the table anew, and
    // its rollups are rebuilt from the events on open (their version is older).
    if (hasTable(db, 'keyword_clicks') && !columnsOf(db, 'keyword_clicks').includes('clients')) db.exec('DROP TABLE keyword_clicks');
    db.exec(`
      CREATE INDEX IF NOT EXISTS stats_events_search ON stats_events (session, keyword_norm, received) WHERE action = 'search';
      CREATE INDEX IF NOT EXISTS stats_events_session ON stats_events (session);

      CREATE TABLE IF NOT EXISTS stats_meta (key TEXT PRIMARY KEY, value) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS daily_keywords (
        day INTEGER NOT NULL, tag TEXT NOT NULL, keyword TEXT NOT NULL,
        searches INTEGER NOT NULL DEFAULT 0, no_hits INTEGER NOT NULL DEFAULT 0,
        clicks INTEGER NOT NULL DEFAULT 0, clicked_searches INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (day, tag, keyword)
      ) WITHOUT ROWID;
      -- daily_keywords summed over keywords: what the per-day and per-tag figures read.
      CREATE TABLE IF NOT EXISTS daily_totals (
        day INTEGER NOT NULL, tag TEXT NOT NULL,
        searches INTEGER NOT NULL DEFAULT 0, no_hits INTEGER NOT NULL DEFAULT 0,
        clicks INTEGER NOT NULL DEFAULT 0, clicked_searches INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (day, tag)
      ) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS daily_documents (
        day INTEGER NOT NULL, tag TEXT NOT NULL, docid TEXT NOT NULL, clicks INTEGER NOT NULL,
        PRIMARY KEY (day, tag, docid)
      ) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS daily_positions (
        day INTEGER NOT NULL, tag TEXT NOT NULL, position INTEGER NOT NULL, clicks INTEGER NOT NULL,
        PRIMARY KEY (day, tag, position)
      ) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS keyword_searches (keyword TEXT PRIMARY KEY, lw REAL NOT NULL) WITHOUT ROWID;
      -- Clicks counted for ranking only (see rollupRules.ts), and from how many clients.
      CREATE TABLE IF NOT EXISTS keyword_clicks (
        keyword TEXT NOT NULL, docid TEXT NOT NULL, lw REAL NOT NULL, clients INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (keyword, docid)
      ) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS keyword_click_clients (
        keyword TEXT NOT NULL, docid TEXT NOT NULL, client TEXT NOT NULL, PRIMARY KEY (keyword, docid, client)
      ) WITHOUT ROWID;
      -- Who already counted a click for a keyword and document on a UTC day: 'a' + client or 's' + session.
      CREATE TABLE IF NOT EXISTS daily_click_voters (
        day INTEGER NOT NULL, keyword TEXT NOT NULL, docid TEXT NOT NULL, voter TEXT NOT NULL,
        PRIMARY KEY (day, keyword, docid, voter)
      ) WITHOUT ROWID;
      -- A search reads its keyword's most clicked documents first, without sorting them all.
      CREATE INDEX IF NOT EXISTS keyword_clicks_weight ON keyword_clicks (keyword, lw DESC);
    `);
  },
};

function hasTable(db: Database.Database, name: string): boolean {
  return db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(name) !== undefined;
}

function columnsOf(db: Database.Database, table: string): string[] {
  return db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[];
}

/** Files from before the report kept normalised keywords: add the columns and fill them. */
function addKeywordColumns(db: Database.Database): void {
  if (columnsOf(db, 'stats_events').includes('keyword_norm')) return;
  db.function('normalize_keyword', { deterministic: true }, (keyword: unknown) => normalizeKeyword(String(keyword)));
  db.exec(`
    ALTER TABLE stats_events ADD COLUMN keyword_norm TEXT NOT NULL DEFAULT '';
    ALTER TABLE stats_events ADD COLUMN clicked INTEGER NOT NULL DEFAULT 0;
    UPDATE stats_events SET keyword_norm = normalize_keyword(keyword);
  `);
}

/**
 * Files from before addresses were kept: the column is added, and the events already
 * stored get '' (unknown sender), so none of them counts for ranking.
 */
function addClientColumn(db: Database.Database): void {
  if (columnsOf(db, 'stats_events').includes('client')) return;
  db.exec(`
    ALTER TABLE stats_events ADD COLUMN client TEXT;
    UPDATE stats_events SET client = '';
  `);
}
