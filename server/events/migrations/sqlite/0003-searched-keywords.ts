import type Database from 'better-sqlite3';
import type { SqliteMigration } from '../../../storage/sqliteMigrations.ts';
import { DAY_MS } from '../../clickRanking.ts';
import { keywordWords, searchedWindowStart } from '../../searchedKeywords.ts';

/**
 * The searched keywords, for suggestions (sqliteSearchedKeywords.ts): keywords by their
 * folded words (`array filter` for `Array filter`), the form typed words are looked up by;
 * each session and each address (see searchAddress) that searched one and found something,
 * with the last day it did, and how many sessions and addresses those are. `suggested` is
 * the store's rule applied to the counts; the partial indexes hold only suggested keywords,
 * by words (for prefixes) and by sessions (for the most searched).
 */
const TABLES = `
  CREATE TABLE IF NOT EXISTS keyword_sessions (
    words TEXT NOT NULL, session TEXT NOT NULL, day INTEGER NOT NULL, PRIMARY KEY (words, session)
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS keyword_sessions_day ON keyword_sessions (day);
  CREATE TABLE IF NOT EXISTS keyword_addresses (
    words TEXT NOT NULL, address TEXT NOT NULL, day INTEGER NOT NULL, PRIMARY KEY (words, address)
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS keyword_addresses_day ON keyword_addresses (day);
  CREATE TABLE IF NOT EXISTS searched_keywords (
    words TEXT PRIMARY KEY, keyword TEXT NOT NULL, sessions INTEGER NOT NULL, addresses INTEGER NOT NULL, suggested INTEGER NOT NULL,
    -- Added by 0006-searched-days; made here too, for a file whose tables are counted again after it.
    first_day INTEGER, last_day INTEGER
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS searched_keywords_suggested ON searched_keywords (words, sessions) WHERE suggested = 1;
  CREATE INDEX IF NOT EXISTS searched_keywords_most ON searched_keywords (sessions DESC) WHERE suggested = 1;
`;

/** The version the service kept in stats_meta for tables counted as these are, before they were a migration. */
const COUNTED_AS_NOW = 2;

/**
 * Makes the searched keyword tables, counted from the events of the window. A file whose
 * tables the service already kept this way (before they were made by a migration) keeps
 * them; older ones are counted afresh. Which keywords are suggested is the store's rule,
 * applied when it opens (the suggestion settings are not stored yet).
 */
export const searchedKeywords: SqliteMigration = {
  name: '0003-searched-keywords',
  up(db, { now }) {
    const exists = db.prepare(`SELECT 1 FROM sqlite_master WHERE name = 'searched_keywords'`).get() !== undefined;
    const version = db.prepare(`SELECT value FROM stats_meta WHERE key = 'searched_keywords_version'`).pluck().get();
    const current = exists && version === COUNTED_AS_NOW;
    if (!current) db.exec('DROP TABLE IF EXISTS keyword_sessions; DROP TABLE IF EXISTS keyword_addresses; DROP TABLE IF EXISTS searched_keywords;');
    db.exec(TABLES);
    if (!current) fill(db, searchedWindowStart(now()));
    db.exec(`DELETE FROM stats_meta WHERE key IN ('searched_keywords_version', 'suggested_min_sessions', 'suggested_min_addresses')`);
  },
};

/** Counts the searches of the window from the stored events, none suggested yet. */
function fill(db: Database.Database, windowStart: number): void {
  db.function('keyword_words', { deterministic: true }, (keyword: unknown) => keywordWords(String(keyword)));
  // Searches the search endpoint recorded before it kept their sender have none: unknown, like '' (see searchAddress).
  const searches = `SELECT keyword_words(keyword) AS words, keyword_norm AS keyword, session,
      CASE WHEN client IS NULL AND source = 'search' THEN '' ELSE client END AS client, received / ${DAY_MS} AS day
    FROM stats_events WHERE action = 'search' AND number_of_results > 0 AND received >= ${windowStart * DAY_MS}`;
  db.exec(`
    INSERT INTO keyword_sessions (words, session, day)
      SELECT words, session, max(day) FROM (${searches}) WHERE words != '' GROUP BY words, session;
    INSERT INTO keyword_addresses (words, address, day)
      SELECT words, coalesce(client, 's' || session) AS address, max(day) FROM (${searches})
      WHERE words != '' AND (client IS NULL OR client != '') GROUP BY words, address;
    INSERT INTO searched_keywords (words, keyword, sessions, addresses, suggested, first_day, last_day)
      SELECT words, min(keyword), count(DISTINCT session), 0, 0, min(day), max(day) FROM (${searches}) WHERE words != '' GROUP BY words;
    UPDATE searched_keywords SET addresses = (SELECT count(*) FROM keyword_addresses AS a WHERE a.words = searched_keywords.words);
  `);
}
