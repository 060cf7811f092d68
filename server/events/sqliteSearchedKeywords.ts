import type Database from 'better-sqlite3';
import type { StatementCache } from '../storage/statementCache.ts';
import { DAY_MS } from './clickRanking.ts';
import {
  KEYWORDS_READ,
  keywordWords,
  mostSearched,
  searchAddress,
  searchedPrefixes,
  searchedWindowStart,
  suggestedSql,
  type SuggestedKeywordRule,
} from './searchedKeywords.ts';

/** Whether a row of searched_keywords is suggested, by the rule bound as :minSessions and :minAddresses. */
const SUGGESTED = suggestedSql('sessions', 'addresses', 'first_day', 'last_day', ':minSessions', ':minAddresses');

/**
 * The most searched keywords in an SQLite event store, kept as search events arrive, for
 * suggestions, in the tables of migrations/sqlite/0003-searched-keywords.ts (whose comment
 * says what each holds). Rows older than the window are swept out once a day, so the
 * counts are those of the last SEARCHED_WINDOW_DAYS.
 */
export class SqliteSearchedKeywords {
  /** The first day of the window the rows were last swept for. */
  private sweptFrom: number;
  /** The day before which the counts of deleted events were last taken out (reclaimBefore). */
  private reclaimedTo = 0;

  constructor(
    private readonly db: Database.Database,
    private readonly statements: StatementCache,
    private rule: SuggestedKeywordRule,
    now: number = Date.now(),
  ) {
    this.sweptFrom = searchedWindowStart(now);
    db.transaction(() => {
      const meta = db.prepare('SELECT value FROM stats_meta WHERE key = ?').pluck();
      if (meta.get('suggested_min_sessions') !== rule.minSessions || meta.get('suggested_min_addresses') !== rule.minAddresses) this.applyRule();
      this.sweep();
      this.storeRule();
    })();
  }

  /** Counts by another rule from now on, and marks the keywords it suggests at once (a change of the index settings). */
  setRule(rule: SuggestedKeywordRule): void {
    if (rule.minSessions === this.rule.minSessions && rule.minAddresses === this.rule.minAddresses) return;
    const before = this.rule;
    this.rule = { minSessions: rule.minSessions, minAddresses: rule.minAddresses };
    try {
      this.db.transaction(() => {
        this.applyRule();
        this.storeRule();
      })();
    } catch (error) {
      // Rolled back: the marks still follow the rule before.
      this.rule = before;
      throw error;
    }
  }

  /** Remembers the rule the marks follow: a store opened with another rule marks the keywords again. */
  private storeRule(): void {
    const set = this.statements.get('INSERT OR REPLACE INTO stats_meta (key, value) VALUES (?, ?)');
    set.run('suggested_min_sessions', this.rule.minSessions);
    set.run('suggested_min_addresses', this.rule.minAddresses);
  }

  /**
   * Counts a stored search event; inside the transaction that stored it. `keyword` is
   * normalised (see normalizeKeyword); `client` as stored (see RollupEvent.client).
   */
  add(keyword: string, session: string, numberOfResults: number, client: string | null, received: number, now: number = Date.now()): void {
    if (numberOfResults <= 0) return;
    this.sweepIfDue(now);
    const day = Math.floor(received / DAY_MS);
    if (day < this.sweptFrom) return;
    const words = keywordWords(keyword);
    if (words === '') return;
    const newSession = this.seen('keyword_sessions', 'session', words, session, day);
    const address = searchAddress(client, session);
    const newAddress = address !== null && this.seen('keyword_addresses', 'address', words, address, day);
    // A known session on another day still widens the days searched.
    const first = 'min(coalesce(first_day, :day), :day)';
    const last = 'max(coalesce(last_day, :day), :day)';
    this.statements
      .get(
        `INSERT INTO searched_keywords (words, keyword, sessions, addresses, first_day, last_day, suggested)
         VALUES (:words, :keyword, :s, :a, :day, :day, ${suggestedSql(':s', ':a', ':day', ':day', ':minSessions', ':minAddresses')})
         ON CONFLICT DO UPDATE SET sessions = sessions + :s, addresses = addresses + :a, first_day = ${first}, last_day = ${last},
           suggested = ${suggestedSql('sessions + :s', 'addresses + :a', first, last, ':minSessions', ':minAddresses')}
         WHERE :s + :a > 0 OR first_day IS NULL OR last_day IS NULL OR :day < first_day OR :day > last_day`,
      )
      .run({ words, keyword, s: Number(newSession), a: Number(newAddress), day, ...this.rule });
  }

  /**
   * Keywords that start with the typed words (folded; the last one a prefix) and that
   * the rule suggests, the most sessions first. Typed words are also looked up joined
   * (`set timeout` finds `settimeout`).
   */
  startingWith(words: readonly string[], limit: number, now: number = Date.now()): string[] {
    if (words.length === 0 || limit <= 0) return [];
    if (searchedWindowStart(now) !== this.sweptFrom) this.db.transaction(() => this.sweepIfDue(now))();
    const { prefixes, short } = searchedPrefixes(words);
    const candidates = short
      ? `SELECT words, sessions FROM searched_keywords INDEXED BY searched_keywords_most
         WHERE suggested = 1 ORDER BY sessions DESC LIMIT ${KEYWORDS_READ}`
      : `SELECT words, sessions FROM searched_keywords INDEXED BY searched_keywords_suggested
         WHERE words >= :from AND words < :to AND suggested = 1 LIMIT ${KEYWORDS_READ}`;
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

  /** Records that `who` searched the words on `day`; true when it had not within the window. */
  private seen(table: 'keyword_sessions' | 'keyword_addresses', column: 'session' | 'address', words: string, who: string, day: number): boolean {
    const added = this.statements.get(`INSERT OR IGNORE INTO ${table} (words, ${column}, day) VALUES (?, ?, ?)`).run(words, who, day);
    if (added.changes === 1) return true;
    this.statements.get(`UPDATE ${table} SET day = ? WHERE words = ? AND ${column} = ? AND day < ?`).run(day, words, who, day);
    return false;
  }

  private sweepIfDue(now: number): void {
    const from = searchedWindowStart(now);
    if (from === this.sweptFrom) return;
    this.sweptFrom = from;
    this.sweep();
  }

  /**
   * Takes the sessions and addresses whose last search was before `day` out of the counts:
   * their events were deleted (the cap on stored events), inside the window or not.
   */
  reclaimBefore(day: number): void {
    if (day <= Math.max(this.sweptFrom, this.reclaimedTo)) return;
    this.reclaimedTo = day;
    this.sweep(day);
  }

  /** Takes the sessions and addresses whose last search is older than `from` (the window's first day) out of the counts. */
  private sweep(from = this.sweptFrom): void {
    for (const [table, column] of [
      ['keyword_sessions', 'sessions'],
      ['keyword_addresses', 'addresses'],
    ] as const) {
      this.db
        .prepare(
          `UPDATE searched_keywords SET ${column} = ${column} - old.n
           FROM (SELECT words, count(*) AS n FROM ${table} WHERE day < ? GROUP BY words) AS old
           WHERE searched_keywords.words = old.words`,
        )
        .run(from);
      this.db.prepare(`DELETE FROM ${table} WHERE day < ?`).run(from);
    }
    this.db.prepare('DELETE FROM searched_keywords WHERE sessions <= 0 AND addresses <= 0').run();
    // Days before the window no longer count as a day searched.
    this.db.prepare('UPDATE searched_keywords SET first_day = ? WHERE first_day < ?').run(from, from);
    this.applyRule();
  }

  /** Sets `suggested` by the rule wherever it says otherwise. */
  private applyRule(): void {
    const { minSessions, minAddresses } = this.rule;
    this.db
      .prepare(`UPDATE searched_keywords SET suggested = coalesce(${SUGGESTED}, 0) WHERE suggested != coalesce(${SUGGESTED}, 0)`)
      .run({ minSessions, minAddresses });
  }
}
