import type Database from 'better-sqlite3';
import type { StatementCache } from '../engine/statementCache.ts';
import { foldedWords } from '../text/words.ts';

/**
 * A keyword is suggested once this many sessions searched it and found something. The
 * stats endpoint is open to anyone, so one session's repeated searches promote nothing;
 * and a keyword few people typed is not shown to everyone else.
 */
export const SEARCHED_MIN_SESSIONS = 3;

/**
 * Keywords by their folded words (`array filter` for `Array filter`), the form typed
 * words are looked up by: each session that searched one and found something, and how
 * many sessions those are. The partial index holds only keywords enough sessions
 * searched, so a prefix lookup reads those alone.
 */
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS keyword_sessions (
    words TEXT NOT NULL, session TEXT NOT NULL, PRIMARY KEY (words, session)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS searched_keywords (
    words TEXT PRIMARY KEY, keyword TEXT NOT NULL, sessions INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS searched_keywords_suggested ON searched_keywords (words)
    WHERE sessions >= ${SEARCHED_MIN_SESSIONS};
`;

/** The most searched keywords, kept as search events arrive, for suggestions. */
export class SearchedKeywords {
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
    const prefixes = words.length > 1 ? [words.join(' '), words.join('')] : [words[0]!];
    const rows = prefixes.flatMap(
      (prefix) =>
        this.statements
          .get(
            `SELECT keyword, sessions FROM searched_keywords INDEXED BY searched_keywords_suggested
             WHERE words >= ? AND words < ? AND sessions >= ${SEARCHED_MIN_SESSIONS}
             ORDER BY sessions DESC, words LIMIT ?`,
          )
          .all(prefix, `${prefix}\u{10FFFF}`, limit) as Array<{ keyword: string; sessions: number }>,
    );
    if (prefixes.length > 1) rows.sort((a, b) => b.sessions - a.sessions);
    return rows.slice(0, limit).map((row) => row.keyword);
  }
}

/** The form keywords are counted and looked up under: folded words, one space apart. */
function keywordWords(keyword: string): string {
  return foldedWords(keyword).join(' ');
}
