import type Database from 'better-sqlite3';
import type { StatementCache } from '../storage/statementCache.ts';
import { KEYWORDS_READ, keywordWords, mostSearched, SEARCHED_MIN_SESSIONS, searchedPrefixes } from './searchedKeywords.ts';

/**
 * Keywords by their folded words (`array filter` for `Array filter`), the form typed
 * words are looked up by: each session that searched one and found something, and how
 * many sessions those are. The partial indexes hold only keywords enough sessions
 * searched, by words (for prefixes) and by sessions (for the most searched).
 */
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS keyword_sessions (
    words TEXT NOT NULL, session TEXT NOT NULL, PRIMARY KEY (words, session)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS searched_keywords (
    words TEXT PRIMARY KEY, keyword TEXT NOT NULL, sessions INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS searched_keywords_suggested ON searched_keywords (words, sessions)
    WHERE sessions >= ${SEARCHED_MIN_SESSIONS};
  CREATE INDEX IF NOT EXISTS searched_keywords_most ON searched_keywords (sessions DESC)
    WHERE sessions >= ${SEARCHED_MIN_SESSIONS};
`;

/** The most searched keywords in an SQLite event store, kept as search events arrive, for suggestions. */
export class SqliteSearchedKeywords {
  constructor(
    db: Database.Database,
    private readonly statements: StatementCache,
  ) {
    db.function('keyword_words', { deterministic: true }, (keyword: unknown) => keywordWords(String(keyword)));
    db.transaction(() => {
      const existed = db.prepare(`SELECT 1 FROM sqlite_master WHERE name = 'searched_keywords'`).get() !== undefined;
      db.exec(SCHEMA);
      if (existed) return;
      // Stores from before these tables get them filled from the events, once.
      const searches = `SELECT keyword_words(keyword) AS words, keyword_norm AS keyword, session
        FROM stats_events WHERE action = 'search' AND number_of_results > 0`;
      db.exec(`
        INSERT OR IGNORE INTO keyword_sessions (words, session) SELECT words, session FROM (${searches}) WHERE words != '';
        INSERT INTO searched_keywords (words, keyword, sessions)
          SELECT words, min(keyword), count(DISTINCT session) FROM (${searches}) WHERE words != '' GROUP BY words;
      `);
    })();
  }

  /** Counts a stored search event; inside the transaction that stored it. `keyword` is normalised (see normalizeKeyword). */
  add(keyword: string, session: string, numberOfResults: number): void {
    if (numberOfResults <= 0) return;
    const words = keywordWords(keyword);
    if (words === '') return;
    const added = this.statements.get('INSERT OR IGNORE INTO keyword_sessions (words, session) VALUES (?, ?)').run(words, session);
    if (added.changes === 0) return;
    this.statements
      .get(
        `INSERT INTO searched_keywords (words, keyword, sessions) VALUES (?, ?, 1)
         ON CONFLICT DO UPDATE SET sessions = sessions + 1`,
      )
      .run(words, keyword);
  }

  /**
   * Keywords that start with the typed words (folded; the last one a prefix) and that
   * at least SEARCHED_MIN_SESSIONS sessions searched, the most sessions first. Typed
   * words are also looked up joined (`set timeout` finds `settimeout`).
   */
  startingWith(words: readonly string[], limit: number): string[] {
    if (words.length === 0 || limit <= 0) return [];
    const { prefixes, short } = searchedPrefixes(words);
    const candidates = short
      ? `SELECT words, sessions FROM searched_keywords INDEXED BY searched_keywords_most
         WHERE sessions >= ${SEARCHED_MIN_SESSIONS} ORDER BY sessions DESC LIMIT ${KEYWORDS_READ}`
      : `SELECT words, sessions FROM searched_keywords INDEXED BY searched_keywords_suggested
         WHERE words >= :from AND words < :to AND sessions >= ${SEARCHED_MIN_SESSIONS} LIMIT ${KEYWORDS_READ}`;
    // The keyword itself is read for the few kept only.
    const lookup = this.statements.get(
      `SELECT k.keyword AS keyword, top.sessions AS sessions FROM (
         SELECT words, sessions FROM (${candidates}) WHERE words >= :from AND words < :to
         ORDER BY sessions DESC, words LIMIT :limit
       ) AS top JOIN searched_keywords AS k ON k.words = top.words ORDER BY top.sessions DESC, top.words`,
    );
    return mostSearched(
      prefixes.map((prefix) => lookup.all({ from: prefix, to: `${prefix}\u{10FFFF}`, limit }) as Array<{ keyword: string; sessions: number }>),
      limit,
    );
  }
}
