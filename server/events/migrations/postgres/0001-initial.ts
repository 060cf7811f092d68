import type { PostgresMigration } from '../../../storage/postgresMigrations.ts';

/**
 * The tables of an index's events, in the index's schema (the connection's search path),
 * as the service made them before it recorded migrations: the events, and the counts
 * kept as they arrive (as the SQLite event file's first migration keeps them, whose
 * comments say what each holds). Weights are log2 of decayed sums.
 */
export const initial: PostgresMigration = {
  name: '0001-initial',
  async up({ client }) {
    await client.query(`
      CREATE TABLE IF NOT EXISTS stats_events (
        rowid BIGSERIAL PRIMARY KEY,
        event_id TEXT COLLATE "C" UNIQUE,
        received BIGINT NOT NULL,
        source TEXT NOT NULL,
        action TEXT NOT NULL,
        session TEXT COLLATE "C" NOT NULL,
        keyword TEXT NOT NULL,
        number_of_results INTEGER,
        docid TEXT,
        position INTEGER,
        tag TEXT,
        keyword_norm TEXT COLLATE "C" NOT NULL,
        clicked BOOLEAN NOT NULL DEFAULT FALSE,
        client TEXT
      );
      CREATE INDEX IF NOT EXISTS stats_events_received ON stats_events (received);
      CREATE INDEX IF NOT EXISTS stats_events_search ON stats_events (session, keyword_norm, received) WHERE action = 'search';
      CREATE INDEX IF NOT EXISTS stats_events_session ON stats_events (session);
      CREATE TABLE IF NOT EXISTS recommendation_events (
        dataset TEXT COLLATE "C" NOT NULL, txn TEXT COLLATE "C" NOT NULL, item TEXT COLLATE "C" NOT NULL,
        time TEXT NOT NULL, received BIGINT NOT NULL,
        PRIMARY KEY (dataset, txn, item)
      );
      CREATE INDEX IF NOT EXISTS recommendation_events_item ON recommendation_events (dataset, item, txn);
      CREATE INDEX IF NOT EXISTS recommendation_events_recent ON recommendation_events (dataset, item, received, txn);
      CREATE TABLE IF NOT EXISTS stats_meta (key TEXT PRIMARY KEY, value DOUBLE PRECISION NOT NULL);
      CREATE TABLE IF NOT EXISTS daily_keywords (
        day INTEGER NOT NULL, tag TEXT COLLATE "C" NOT NULL, keyword TEXT COLLATE "C" NOT NULL,
        searches INTEGER NOT NULL DEFAULT 0, no_hits INTEGER NOT NULL DEFAULT 0,
        clicks INTEGER NOT NULL DEFAULT 0, clicked_searches INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (day, tag, keyword)
      );
      CREATE TABLE IF NOT EXISTS daily_totals (
        day INTEGER NOT NULL, tag TEXT COLLATE "C" NOT NULL,
        searches INTEGER NOT NULL DEFAULT 0, no_hits INTEGER NOT NULL DEFAULT 0,
        clicks INTEGER NOT NULL DEFAULT 0, clicked_searches INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (day, tag)
      );
      CREATE TABLE IF NOT EXISTS daily_documents (
        day INTEGER NOT NULL, tag TEXT COLLATE "C" NOT NULL, docid TEXT COLLATE "C" NOT NULL, clicks INTEGER NOT NULL,
        PRIMARY KEY (day, tag, docid)
      );
      CREATE TABLE IF NOT EXISTS daily_positions (
        day INTEGER NOT NULL, tag TEXT COLLATE "C" NOT NULL, position INTEGER NOT NULL, clicks INTEGER NOT NULL,
        PRIMARY KEY (day, tag, position)
      );
      CREATE TABLE IF NOT EXISTS keyword_searches (keyword TEXT COLLATE "C" PRIMARY KEY, lw DOUBLE PRECISION NOT NULL);
      CREATE TABLE IF NOT EXISTS keyword_clicks (
        keyword TEXT COLLATE "C" NOT NULL, docid TEXT COLLATE "C" NOT NULL, lw DOUBLE PRECISION NOT NULL, clients INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (keyword, docid)
      );
      CREATE INDEX IF NOT EXISTS keyword_clicks_weight ON keyword_clicks (keyword, lw DESC);
      CREATE TABLE IF NOT EXISTS keyword_click_clients (
        keyword TEXT COLLATE "C" NOT NULL, docid TEXT COLLATE "C" NOT NULL, client TEXT COLLATE "C" NOT NULL,
        PRIMARY KEY (keyword, docid, client)
      );
      CREATE TABLE IF NOT EXISTS daily_click_voters (
        day INTEGER NOT NULL, keyword TEXT COLLATE "C" NOT NULL, docid TEXT COLLATE "C" NOT NULL, voter TEXT COLLATE "C" NOT NULL,
        PRIMARY KEY (day, keyword, docid, voter)
      );
    `);
  },
};
