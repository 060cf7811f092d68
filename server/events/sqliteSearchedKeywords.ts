import type { StatementCache } from '../storage/statementCache.ts';
import { KEYWORDS_READ, keywordWords, mostSearched, SEARCHED_MIN_SESSIONS, searchedPrefixes } from './searchedKeywords.ts';

/** The most searched keywords in an SQLite event store, kept as search events arrive, for suggestions. */
export class SqliteSearchedKeywords {
  /** The tables are made by the event file's migrations (migrations/sqliteMigrations.ts). */
  constructor(private readonly statements: StatementCache) {}

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
