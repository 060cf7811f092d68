import Database from 'better-sqlite3';
import type { RecommendationEvent, StatsEvent, StatsProposal, StoredStatsEvent } from '../../src/client/types.ts';
import { migrateSqlite } from '../storage/sqliteMigrations.ts';
import { checkPagesOnOpen, noteCleanClose } from '../storage/sqlitePages.ts';
import { StatementCache } from '../storage/statementCache.ts';
import { clickBoosts, keywordWeightsParams, type ClickBoosts } from './clickBoosts.ts';
import { ClickWeightsCache } from './clickWeightsCache.ts';
import type { ClientHasher } from './clientAddress.ts';
import { DAY_MS, DEFAULT_CLICK_RANKING, type ClickRanking } from './clickRanking.ts';
import { EventBatcher } from './eventBatcher.ts';
import { QueuedStats, type IncomingStats } from './queuedStats.ts';
import { RELATED_TRANSACTIONS_MAX, type EventStore, type EventStoreOptions, type RelatedItem, type StatsSource } from './eventStore.ts';
import type { ProposalRule } from './learningSettings.ts';
import { normalizeKeyword } from './normalizeKeyword.ts';
import { EVENT_MIGRATION_TABLE } from './migrations/eventMigrationTable.ts';
import { SQLITE_EVENT_MIGRATIONS } from './migrations/sqliteMigrations.ts';
import { PROPOSAL_EVENTS_MAX, proposalsFrom, proposalWindowStart, type ProposalEvent } from './proposals.ts';
import { DEFAULT_SUGGESTED_KEYWORD_RULE, type SuggestedKeywordRule } from './searchedKeywords.ts';
import type { SqliteSearchedKeywords } from './sqliteSearchedKeywords.ts';
import type { SqliteStatsRollups } from './sqliteStatsRollups.ts';
import { SqliteStatsWrites } from './sqliteStatsWrites.ts';
import { EventWriterThread } from './eventWriterThread.ts';
import { SqliteUserProfiles } from './sqliteUserProfiles.ts';
import { userKey, type ProfileKeeping, type UserProfile } from './personalization.ts';
import { statsReport, type ReportData, type ReportRange } from './statsReport.ts';
import { STATS_COLUMNS, statsEventOf, type StatsRow } from './statsRow.ts';

/**
 * The events of one index in their own SQLite file beside the index's: stats (search
 * and click) events and recommendation (item-viewed-together) events. Events sent to an
 * endpoint are committed before the answer; searches recorded by the search endpoint are
 * queued and committed together (a commit per search would cost a disk sync per search),
 * on a writer thread with its own connection (EventWriterThread), off the event loop.
 */
export class SqliteEventStore extends QueuedStats implements EventStore {
  private readonly statements: StatementCache;
  /** Stores the rows in one transaction; how many were new. */
  private readonly insertStats: (rows: readonly IncomingStats[]) => number;
  private readonly insertRecommendations: (dataset: string, events: readonly RecommendationEvent[]) => void;
  protected readonly queue: EventBatcher<IncomingStats>;
  private readonly rollups: SqliteStatsRollups;
  private readonly searched: SqliteSearchedKeywords;
  /** Where the queued searches are committed, off the event loop; null: on it (EventStoreOptions.writerThread). */
  private readonly thread: EventWriterThread | null;
  private readonly profiles: SqliteUserProfiles;
  private readonly clickWeights = new ClickWeightsCache();
  /** The day before which every event is deleted, as the last pruneEvents found it: the report's keyword rows before it go (pruneCounts). */
  private countsBefore = 0;

  /**
   * Opens the event file (made if missing), its tables brought up to date
   * (migrations/sqliteMigrations.ts), with the ranking, address hasher, log, suggestion
   * rule and clock of `options` (see EventStoreOptions).
   */
  static async open(file: string, options: EventStoreOptions = {}): Promise<SqliteEventStore> {
    const problems = checkPagesOnOpen(file);
    if (problems.length > 0) throw new Error(`it is damaged: ${problems.slice(0, 3).join('; ')}`);
    const db = new Database(file);
    try {
      db.pragma('journal_mode = WAL');
      // Acknowledged events survive a power cut, like documents.
      db.pragma('synchronous = FULL');
      await migrateSqlite(db, file, EVENT_MIGRATION_TABLE, SQLITE_EVENT_MIGRATIONS, options.clock);
      return new SqliteEventStore(db, file, options);
    } catch (error) {
      db.close();
      throw error;
    }
  }

  private readonly ranking: ClickRanking;
  private readonly clients: ClientHasher | null;
  protected readonly clock: () => number;

  private constructor(
    private readonly db: Database.Database,
    file: string,
    {
      ranking = DEFAULT_CLICK_RANKING,
      clients = null,
      log,
      suggested = DEFAULT_SUGGESTED_KEYWORD_RULE,
      clock = Date.now,
      writerThread = true,
    }: EventStoreOptions,
  ) {
    super();
    this.ranking = ranking;
    this.clients = clients;
    this.clock = clock;
    this.statements = new StatementCache(this.db);
    this.profiles = new SqliteUserProfiles(this.db, this.statements);
    const writes = new SqliteStatsWrites(this.db, this.statements, clients, ranking.halfLifeDays * DAY_MS, suggested, clock);
    this.rollups = writes.rollups;
    this.searched = writes.searched;
    this.insertStats = (rows) => writes.insert(rows, (keyword) => this.clickWeights.forget(keyword));
    this.thread = writerThread
      ? new EventWriterThread({ file, halfLifeMs: ranking.halfLifeDays * DAY_MS, rule: suggested, clients: clients?.shared() ?? null })
      : null;
    this.insertRecommendations = this.db.transaction((dataset: string, events: readonly RecommendationEvent[]) => {
      const insert = this.statements.get('INSERT OR IGNORE INTO recommendation_events (dataset, txn, item, time, received) VALUES (?, ?, ?, ?, ?)');
      const now = this.clock();
      for (const event of events) insert.run(dataset, event.transaction, event.item, event.time, now);
    });
    this.queue = new EventBatcher({ commit: (rows) => this.commitQueued(rows), what: `events in ${file}`, ...(log !== undefined && { log }) });
  }

  /** Stores queued rows on the writer thread; a click among them is forgotten by the click weights' cache once stored. */
  private async commitQueued(rows: readonly IncomingStats[]): Promise<void> {
    if (this.thread === null) {
      this.insertStats(rows);
      return;
    }
    await this.thread.insert([...rows], this.clock());
    for (const { event } of rows) if (event.action === 'click') this.clickWeights.forget(normalizeKeyword(event.keyword));
  }

  /**
   * The connection, for tests that inject a fault (a page limit that makes writes fail as
   * on a full disk): under a registered symbol, off the interfaces the service uses and out
   * of completion lists; testing/testInternals.ts reads it.
   */
  get [Symbol.for('site-search test internals')](): { db: Database.Database; writerPragma: (pragma: string) => Promise<unknown> } {
    return { db: this.db, writerPragma: async (pragma) => this.thread?.pragma(pragma) };
  }

  /**
   * Stores events durably before returning; an event whose `eventId` is already stored
   * is skipped. `received` (ms since the epoch) is for loading past traffic; `address`
   * is the sender's IP address, kept only as a keyed hash.
   */
  async addStats(events: readonly StatsEvent[], source: StatsSource = 'stats', received = this.clock(), address?: string): Promise<number> {
    return this.queue.track(() => this.insertStats(events.map((event) => ({ event, source, received, address }))));
  }

  /** Stores past events, each with its own `received` time (and sender, when known), in one transaction (the demo's generated traffic). */
  async loadStats(rows: ReadonlyArray<{ event: StatsEvent; received: number; address?: string }>, source: StatsSource = 'stats'): Promise<void> {
    this.insertStats(rows.map(({ event, received, address }) => ({ event, source, received, address })));
  }

  /** The report's counts over whole UTC days (see statsReport). */
  async report(range: ReportRange, tag: string | null, limit: number): Promise<ReportData> {
    await this.queue.flush();
    return statsReport(range, this.rollups.reportRows(range, tag, limit), limit);
  }

  /**
   * Score multipliers (above 1) of the documents clicked for `keyword`, by document id,
   * as of `now`: read from the rollups in one statement, at most every CLICK_WEIGHTS_MAX_AGE_MS.
   */
  async clickBoosts(keyword: string, now: number): Promise<ClickBoosts> {
    const norm = normalizeKeyword(keyword);
    const weights = await this.clickWeights.get(norm, now, () => this.rollups.keywordWeights(keywordWeightsParams(norm, now, this.ranking)));
    return clickBoosts(weights, now, this.ranking);
  }

  /**
   * Keywords that start with the typed words (folded) and that several sessions searched
   * with results, the most searched first: for suggestions. Searches the service queued
   * itself count once committed.
   */
  async searchedKeywords(words: readonly string[], limit: number, now?: number): Promise<string[]> {
    return this.searched.startingWith(words, limit, now);
  }

  async setSuggestedRule(rule: SuggestedKeywordRule): Promise<void> {
    // The searches queued before count by the rule before; the writer thread's next ones by this one.
    await this.queue.flush();
    await this.thread?.setRule(rule, this.clock());
    this.searched.setRule(rule);
  }

  /**
   * Fixes the events suggest (see proposals.ts): of the most recent events of the window,
   * those of the sessions that can make a pair (PAIRING_SESSIONS), read at once.
   */
  async proposals(rule: ProposalRule, limit: number, now: number): Promise<StatsProposal[]> {
    await this.queue.flush();
    const rows = this.statements
      .get(
        `WITH recent AS MATERIALIZED (
           SELECT rowid AS id, received, action, session, keyword_norm AS keyword, number_of_results AS n, clicked, docid, client, client_group
           FROM stats_events WHERE received >= ? ORDER BY received DESC LIMIT ?
         )
         SELECT id AS rowid, received, action, session, keyword, n AS numberOfResults, clicked, docid, client, client_group AS "group" FROM recent
         WHERE session IN (
           SELECT session FROM recent GROUP BY session
           HAVING max(action = 'click') = 1 AND max(action = 'search' AND (n = 0 OR clicked = 0)) = 1
         )`,
      )
      .all(proposalWindowStart(now), PROPOSAL_EVENTS_MAX) as ProposalEvent[];
    return proposalsFrom(rows, rule, limit);
  }

  async addUserClick(userToken: string, features: readonly string[], received: number, keeping: ProfileKeeping): Promise<void> {
    await this.queue.track(() => this.profiles.add(userKey(this.clients, userToken), features, received, keeping));
  }

  async userProfile(userToken: string, now: number, keeping: ProfileKeeping): Promise<UserProfile | null> {
    return this.profiles.read(userKey(this.clients, userToken), now, keeping);
  }

  /** Deletes the events, and what only they were counted into (see SqliteStatsRollups.reclaim), in one transaction. */
  async pruneEvents(before: number, max: number, votersBefore: number): Promise<number> {
    return this.queue.track(() =>
      this.db.transaction(() => {
        const s = this.statements;
        s.get('DELETE FROM daily_click_voters WHERE day < ?').run(Math.floor(votersBefore / DAY_MS));
        const gone = s
          .get(
            `DELETE FROM stats_events WHERE rowid IN (SELECT rowid FROM stats_events WHERE received < ? ORDER BY received LIMIT ?)
             RETURNING received, keyword_norm AS keyword`,
          )
          .all(before, max) as Array<{ received: number; keyword: string }>;
        const oldest = s.get('SELECT min(received) FROM stats_events').pluck().get() as number | null;
        // With nothing kept, what the deleted events were counted into goes up to the newest of them.
        const keptFrom = oldest ?? (gone.length === 0 ? null : Math.max(...gone.map((e) => e.received)) + 1);
        if (keptFrom === null) return 0;
        const keywords = new Set(gone.map((e) => e.keyword));
        this.rollups.reclaim(keywords, keptFrom);
        for (const keyword of keywords) this.clickWeights.forget(keyword);
        this.countsBefore = Math.max(this.countsBefore, Math.floor(keptFrom / DAY_MS));
        this.searched.reclaimBefore(this.countsBefore);
        return gone.length;
      })(),
    );
  }

  async pruneCounts(max: number): Promise<number> {
    return this.queue.track(() => this.rollups.reclaimDays(this.countsBefore, max));
  }

  async addUserSearch(userToken: string, session: string, at: number): Promise<void> {
    await this.queue.track(() => this.profiles.noteSearch(userKey(this.clients, userToken), session, at));
  }

  async userSearched(userToken: string, session: string, since: number): Promise<boolean> {
    return this.profiles.searched(userKey(this.clients, userToken), session, since);
  }

  async forgetUser(userToken: string): Promise<boolean> {
    return this.queue.track(() => this.profiles.forget(userKey(this.clients, userToken)));
  }

  /** Stores the events of one dataset durably, in one transaction. */
  async addRecommendationEvents(dataset: string, events: readonly RecommendationEvent[]): Promise<void> {
    await this.queue.track(() => this.insertRecommendations(dataset, events));
  }

  /** Items seen in the same transactions as `item` (see EventStore.related), most transactions first (then by id, for a stable order). */
  async related(dataset: string, item: string, limit: number): Promise<{ transactions: number; items: RelatedItem[] }> {
    const transactions = this.statements
      .get('SELECT count(*) FROM (SELECT 1 FROM recommendation_events WHERE dataset = ? AND item = ? LIMIT ?)')
      .pluck()
      .get(dataset, item, RELATED_TRANSACTIONS_MAX) as number;
    if (transactions === 0) return { transactions, items: [] };
    // CROSS JOIN keeps SQLite's join order: the item's recent transactions first, then each one's items by primary key.
    const items = this.statements
      .get(
        `SELECT other.item AS item, count(*) AS transactions
         FROM (SELECT txn FROM recommendation_events WHERE dataset = ? AND item = ? ORDER BY received DESC, txn DESC LIMIT ?) AS seen
         CROSS JOIN recommendation_events AS other ON other.dataset = ? AND other.txn = seen.txn
         WHERE other.item != ?
         GROUP BY other.item ORDER BY transactions DESC, other.item LIMIT ?`,
      )
      .all(dataset, item, RELATED_TRANSACTIONS_MAX, dataset, item, limit) as RelatedItem[];
    return { transactions, items };
  }

  /**
   * Stored stats events after the `after`-th, oldest first, with the time each was
   * received; only those of `session` when given.
   */
  async storedEvents(after: number, limit: number, session?: string): Promise<StoredStatsEvent[]> {
    await this.queue.flush();
    const columns = STATS_COLUMNS;
    const rows = (
      session === undefined
        ? this.statements.get(`SELECT ${columns} FROM stats_events ORDER BY rowid LIMIT ? OFFSET ?`).all(limit, after)
        : this.statements.get(`SELECT ${columns} FROM stats_events WHERE session = ? ORDER BY rowid LIMIT ? OFFSET ?`).all(session, limit, after)
    ) as StatsRow[];
    return rows.map(statsEventOf);
  }

  async counts(): Promise<{ statsEvents: number; recommendationEvents: number }> {
    await this.queue.flush();
    return {
      statsEvents: this.statements.get('SELECT count(*) FROM stats_events').pluck().get() as number,
      recommendationEvents: this.statements.get('SELECT count(*) FROM recommendation_events').pluck().get() as number,
    };
  }

  /** Commits what is queued, then closes the database. */
  async close(): Promise<void> {
    if (!this.db.open) return;
    await this.queue.close();
    await this.thread?.close();
    this.db.close();
    noteCleanClose(this.db.name);
  }
}
