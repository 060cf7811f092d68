import type Database from 'better-sqlite3';
import type { StatementCache } from '../storage/statementCache.ts';
import { keywordWeightsOf, type KeywordWeights, type KeywordWeightsParams, type KeywordWeightsRow } from './clickBoosts.ts';
import { countEventNow, type FollowedSearch, type RollupCounts, type RollupEvent, type RollupSteps } from './rollupRules.ts';
import type { CountRow, ReportRange, ReportRows } from './statsReport.ts';

/**
 * Bump when the rollups below change meaning: the store then rebuilds them from the
 * events on open.
 */
const ROLLUP_VERSION = 4;

const SUMS = 'sum(searches) AS searches, sum(no_hits) AS noHitSearches, sum(clicks) AS clicks, sum(clicked_searches) AS clickedSearches';

/** log2(2^a + 2^b) without leaving the log domain. */
const LOG_ADD = 'max(lw, excluded.lw) + log2(1 + pow(2, min(lw, excluded.lw) - max(lw, excluded.lw)))';

/** The latest event's weight of a kept row and a new event (see migrations/sqlite/0007-latest-weights.ts). */
const LAST_LW = 'last_lw = max(coalesce(last_lw, lw), excluded.last_lw)';

/**
 * The rollups in an SQLite event store, the steps of rollupRules.ts as statements:
 * counts kept as events arrive, so neither the report nor a search reads the events:
 * per UTC day, tag and keyword (searches, no-hit searches, clicks, searches followed by
 * a click); per day, tag and document or position (clicks); and per keyword and per
 * keyword and document, the decayed weight of searches and clicks for ranking. A
 * weight is kept as log2 of the sum of 2^(received / half-life), which never
 * overflows and can be added to in any order: its value now is 2^(lw - now / half-life).
 * The tables are made by the event file's migrations (migrations/sqliteMigrations.ts).
 */
export class SqliteStatsRollups implements RollupSteps {
  constructor(
    private readonly db: Database.Database,
    private readonly statements: StatementCache,
    private readonly halfLifeMs: number,
  ) {}

  /** Rebuilds every rollup from the events when they were kept another way (or never). */
  rebuildIfStale(): void {
    const meta = this.db.prepare('SELECT value FROM stats_meta WHERE key = ?').pluck();
    if (meta.get('version') === ROLLUP_VERSION && meta.get('half_life_ms') === this.halfLifeMs) return;
    this.db.transaction(() => {
      this.db.exec(`
        DELETE FROM daily_keywords; DELETE FROM daily_totals; DELETE FROM daily_documents; DELETE FROM daily_positions;
        DELETE FROM keyword_searches; DELETE FROM keyword_clicks; DELETE FROM keyword_click_clients; DELETE FROM daily_click_voters;
        UPDATE stats_events SET clicked = 0 WHERE clicked != 0;`);
      // In chunks: the connection cannot write while a statement iterates.
      const chunk = this.db.prepare(
        `SELECT rowid, received, action, session, keyword_norm AS keyword, number_of_results AS numberOfResults,
           docid, position, coalesce(tag, '') AS tag, client, client_group AS "group"
         FROM stats_events WHERE (received, rowid) > (?, ?) ORDER BY received, rowid LIMIT 10000`,
      );
      let last = { received: -Infinity, rowid: 0 };
      for (;;) {
        const rows = chunk.all(last.received, last.rowid) as RollupEvent[];
        if (rows.length === 0) break;
        for (const row of rows) this.add(row);
        last = rows[rows.length - 1]!;
      }
      const set = this.db.prepare('INSERT OR REPLACE INTO stats_meta (key, value) VALUES (?, ?)');
      set.run('version', ROLLUP_VERSION);
      set.run('half_life_ms', this.halfLifeMs);
    })();
  }

  /** Counts one newly stored event; inside the transaction that stored it. */
  add(event: RollupEvent): void {
    countEventNow(event, this.halfLifeMs, this);
  }

  count(day: number, tag: string, keyword: string, add: RollupCounts): void {
    const values = [add.searches, add.noHits, add.clicks, add.clickedSearches];
    const update = `ON CONFLICT DO UPDATE SET searches = searches + excluded.searches, no_hits = no_hits + excluded.no_hits,
      clicks = clicks + excluded.clicks, clicked_searches = clicked_searches + excluded.clicked_searches`;
    this.statements
      .get(`INSERT INTO daily_keywords (day, tag, keyword, searches, no_hits, clicks, clicked_searches) VALUES (?, ?, ?, ?, ?, ?, ?) ${update}`)
      .run(day, tag, keyword, ...values);
    this.statements
      .get(`INSERT INTO daily_totals (day, tag, searches, no_hits, clicks, clicked_searches) VALUES (?, ?, ?, ?, ?, ?) ${update}`)
      .run(day, tag, ...values);
  }

  click(day: number, tag: string, docid: string | null, position: number | null): void {
    const s = this.statements;
    s.get('INSERT INTO daily_documents (day, tag, docid, clicks) VALUES (?, ?, ?, 1) ON CONFLICT DO UPDATE SET clicks = clicks + 1').run(day, tag, docid);
    s.get('INSERT INTO daily_positions (day, tag, position, clicks) VALUES (?, ?, ?, 1) ON CONFLICT DO UPDATE SET clicks = clicks + 1').run(day, tag, position);
  }

  addSearchWeight(keyword: string, lw: number): void {
    this.statements
      .get(`INSERT INTO keyword_searches (keyword, lw, last_lw) VALUES (?, ?, ?) ON CONFLICT DO UPDATE SET lw = ${LOG_ADD}, ${LAST_LW}`)
      .run(keyword, lw, lw);
  }

  latestSearch(session: string, keyword: string, from: number, to: number): FollowedSearch | null {
    const row = this.statements
      .get(
        `SELECT rowid, received, coalesce(tag, '') AS tag, clicked FROM stats_events INDEXED BY stats_events_search
         WHERE action = 'search' AND session = ? AND keyword_norm = ? AND received <= ? AND received >= ?
         ORDER BY received DESC, rowid DESC LIMIT 1`,
      )
      .get(session, keyword, to, from) as { rowid: number; received: number; tag: string; clicked: number } | undefined;
    return row === undefined ? null : { ...row, clicked: row.clicked !== 0 };
  }

  markClicked(rowid: number): void {
    this.statements.get('UPDATE stats_events SET clicked = 1 WHERE rowid = ?').run(rowid);
  }

  vote(day: number, keyword: string, docid: string, voter: string): boolean {
    return (
      this.statements.get('INSERT OR IGNORE INTO daily_click_voters (day, keyword, docid, voter) VALUES (?, ?, ?, ?)').run(day, keyword, docid, voter).changes >
      0
    );
  }

  addClickClient(keyword: string, docid: string, client: string): boolean {
    return this.statements.get('INSERT OR IGNORE INTO keyword_click_clients (keyword, docid, client) VALUES (?, ?, ?)').run(keyword, docid, client).changes > 0;
  }

  addClickWeight(keyword: string, docid: string, lw: number, newClients: number): void {
    this.statements
      .get(
        `INSERT INTO keyword_clicks (keyword, docid, lw, clients, last_lw) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT DO UPDATE SET lw = ${LOG_ADD}, clients = clients + excluded.clients, ${LAST_LW}`,
      )
      .run(keyword, docid, lw, newClients, lw);
  }

  /**
   * Takes out what only deleted events were counted into: of the `keywords` of events just
   * deleted, the click and search weights whose latest event came before `keptFrom` (the
   * oldest event still stored), and the voters behind each click weight.
   */
  reclaim(keywords: ReadonlySet<string>, keptFrom: number): void {
    const lw = keptFrom / this.halfLifeMs;
    const s = this.statements;
    for (const keyword of keywords) {
      const docids = s.get('DELETE FROM keyword_clicks WHERE keyword = ? AND last_lw < ? RETURNING docid').pluck().all(keyword, lw) as string[];
      for (const docid of docids) s.get('DELETE FROM keyword_click_clients WHERE keyword = ? AND docid = ?').run(keyword, docid);
      // A search weight stays while a click weight of its keyword does: clicks are weighed against it.
      s.get('DELETE FROM keyword_searches WHERE keyword = ? AND last_lw < ? AND NOT EXISTS (SELECT 1 FROM keyword_clicks WHERE keyword = ?)').run(
        keyword,
        lw,
        keyword,
      );
    }
  }

  /** Deletes at most `max` of the report's keyword and document rows of the days before `day`; how many went. */
  reclaimDays(day: number, max: number): number {
    const s = this.statements;
    const keywords = s
      .get('DELETE FROM daily_keywords WHERE (day, tag, keyword) IN (SELECT day, tag, keyword FROM daily_keywords WHERE day < ? LIMIT ?)')
      .run(day, max).changes;
    if (keywords >= max) return keywords;
    const documents = s
      .get('DELETE FROM daily_documents WHERE (day, tag, docid) IN (SELECT day, tag, docid FROM daily_documents WHERE day < ? LIMIT ?)')
      .run(day, max - keywords).changes;
    return keywords + documents;
  }

  /**
   * The weights clickBoosts reads for a keyword (normalised), in one statement: the
   * searches' weight once, through its primary key, sets how many clients a document needs
   * (see KeywordWeightsParams), then the heaviest documents by the weight index.
   */
  keywordWeights(params: KeywordWeightsParams): KeywordWeights {
    const rows = this.statements
      .get(
        `WITH searched AS (SELECT lw FROM keyword_searches WHERE keyword = @keyword)
         SELECT (SELECT lw FROM searched) AS searchesLw, c.docid, c.lw, c.clients FROM (SELECT 1) LEFT JOIN (
           SELECT docid, lw, clients FROM keyword_clicks
           WHERE keyword = @keyword AND clients >= @minClients
             AND clients * @searchesPerClient >= coalesce(power(2, min((SELECT lw FROM searched) - @nowLw, 60)), 0)
           ORDER BY lw DESC LIMIT @limit
         ) AS c`,
      )
      .all(params) as KeywordWeightsRow[];
    return keywordWeightsOf(rows);
  }

  /**
   * The report's rows from the daily rollups: a scan of the range's rows of `daily_*`,
   * never of the events, so it stays quick with millions of events. `tag` null: every
   * event; '' only those without a tag.
   */
  reportRows(range: ReportRange, tag: string | null, limit: number): ReportRows {
    const where = `day BETWEEN ? AND ?${tag === null ? '' : ' AND tag = ?'}`;
    const params: Array<number | string> = tag === null ? [range.fromDay, range.toDay] : [range.fromDay, range.toDay, tag];
    const all = <T>(sql: string, ...extra: Array<number | string>): T[] => this.statements.get(sql).all(...params, ...extra) as T[];
    return {
      byDay: all<CountRow & { day: number }>(`SELECT day, ${SUMS} FROM daily_totals WHERE ${where} GROUP BY day`),
      byKeyword: all<CountRow & { keyword: string }>(`SELECT keyword, ${SUMS} FROM daily_keywords WHERE ${where} GROUP BY keyword`),
      byPosition: all<{ position: number; clicks: number }>(`SELECT position, sum(clicks) AS clicks FROM daily_positions WHERE ${where} GROUP BY position`),
      byTag: all<CountRow & { tag: string }>(`SELECT tag, ${SUMS} FROM daily_totals WHERE ${where} GROUP BY tag ORDER BY searches DESC, tag`),
      topDocuments: all<{ docid: string; clicks: number }>(
        `SELECT docid, sum(clicks) AS clicks FROM daily_documents WHERE ${where} GROUP BY docid ORDER BY clicks DESC, docid LIMIT ?`,
        limit,
      ),
    };
  }
}
