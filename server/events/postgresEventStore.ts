import type pg from 'pg';
import type { RecommendationEvent, StatsEvent, StatsProposal, StoredStatsEvent } from '../../src/client/types.ts';
import type { DatabaseTimeouts } from '../storage/databaseTimeouts.ts';
import { migratePostgres } from '../storage/postgresMigrations.ts';
import { connectPool, inTransaction } from '../storage/postgresPool.ts';
import { clickBoosts, keywordWeightsOf, type ClickBoosts, keywordWeightsParams, type KeywordWeightsRow } from './clickBoosts.ts';
import { ClickWeightsCache } from './clickWeightsCache.ts';
import type { ClientHasher } from './clientAddress.ts';
import { DAY_MS, DEFAULT_CLICK_RANKING, type ClickRanking } from './clickRanking.ts';
import { EventBatcher } from './eventBatcher.ts';
import { QueuedStats, type IncomingStats } from './queuedStats.ts';
import { RELATED_TRANSACTIONS_MAX, type EventStore, type EventStoreOptions, type RelatedItem, type StatsSource } from './eventStore.ts';
import { EVENT_MIGRATION_TABLE } from './migrations/eventMigrationTable.ts';
import { POSTGRES_EVENT_MIGRATIONS } from './migrations/postgresMigrations.ts';
import type { ProposalRule } from './learningSettings.ts';
import { normalizeKeyword } from './normalizeKeyword.ts';
import { PROPOSAL_EVENTS_MAX, proposalsFrom, proposalWindowStart, type ProposalEvent } from './proposals.ts';
import { userKey, type ProfileKeeping, type UserProfile } from './personalization.ts';
import { addUserClick, forgetUser, noteUserSearch, readUserProfile, userSearched } from './postgresUserProfiles.ts';
import { countEvent, type AsyncRollupSteps, type FollowedSearch, type RollupEvent } from './rollupRules.ts';
import { PostgresRollupSums } from './postgresRollupSums.ts';
import { insertColumns, type UnnestColumn } from '../storage/postgresUnnest.ts';
import {
  addSearchedKeyword,
  addSearchedKeywords,
  prepareSearchedKeywords,
  setSuggestedRule,
  suggestedKeywords,
  sweepSearchedKeywords,
} from './postgresSearchedKeywords.ts';
import { DEFAULT_SUGGESTED_KEYWORD_RULE, searchedWindowStart, type SuggestedKeywordRule } from './searchedKeywords.ts';
import { statsReport, type CountRow, type ReportData, type ReportRange } from './statsReport.ts';
import { STATS_COLUMNS, STATS_INSERT_COLUMNS, statsEventOf, statsInsert, type StatsRow } from './statsRow.ts';

/** Bump when the rollups change meaning: the store then rebuilds them from the events on open. */
const ROLLUP_VERSION = 2;

const ROLLUP_TABLES = [
  'daily_keywords',
  'daily_totals',
  'daily_documents',
  'daily_positions',
  'keyword_searches',
  'keyword_clicks',
  'keyword_click_clients',
  'daily_click_voters',
];

/**
 * A keyword's click weights in one statement: the searches' weight once, through its
 * primary key, sets how many clients a document needs (see KeywordWeightsParams), then the
 * heaviest documents by the weight index. $1 keyword, $2 now in half-lives, $3 clients at
 * least, $4 searches per client, $5 documents at most.
 */
const CLICK_WEIGHTS_SQL = `
  WITH searched AS (SELECT lw FROM keyword_searches WHERE keyword = $1)
  SELECT (SELECT lw FROM searched) AS "searchesLw", c.docid, c.lw, c.clients FROM (SELECT 1) AS one LEFT JOIN (
    SELECT docid, lw, clients FROM keyword_clicks
    WHERE keyword = $1 AND clients >= $3::int
      AND clients * $4::int >= coalesce(power(2::float8, least((SELECT lw FROM searched) - $2::float8, 60)), 0)
    ORDER BY lw DESC LIMIT $5::int
  ) AS c ON TRUE`;

/** A stored event's columns as the rollups count it (RollupEvent). */
const ROLLUP_COLUMNS = `rowid, received, action, session, keyword_norm AS keyword, number_of_results AS "numberOfResults",
  docid, position, coalesce(tag, '') AS tag, client, client_group AS "group"`;

/** STATS_INSERT_COLUMNS with their SQL types, in order: a batch's rows go in as one array a column. */
const STATS_INSERT_UNNESTED: readonly UnnestColumn[] = (() => {
  const names = STATS_INSERT_COLUMNS.split(',').map((name) => name.trim());
  const types = ['text', 'bigint', 'text', 'text', 'text', 'text', 'int', 'text', 'int', 'text', 'text', 'text', 'text'];
  if (names.length !== types.length) throw new Error('STATS_INSERT_COLUMNS and their SQL types differ in number');
  return names.map((name, i) => [name, types[i]!] as const);
})();

const SUMS = 'sum(searches) AS searches, sum(no_hits) AS "noHitSearches", sum(clicks) AS clicks, sum(clicked_searches) AS "clickedSearches"';

/**
 * An index's events in PostgreSQL, beside its documents: stats (search and click)
 * events, recommendation events, and the counts the report, click boosts and searched
 * keywords read, kept as events arrive. Every service process writes here, so a click
 * taken by one node boosts the searches of all. Event writes of an index take one
 * advisory lock (a click's counts read the search before it); each batch is one
 * transaction, committed before the answer, except the searches the service records
 * itself, which are queued and committed together within 200 ms.
 */
export class PostgresEventStore extends QueuedStats implements EventStore {
  protected readonly queue: EventBatcher<IncomingStats>;
  private closed = false;
  private readonly clickWeights = new ClickWeightsCache();
  /** The first day of the searched keywords' window when they were last swept. */
  private sweptFrom: number;
  /** The day before which the counts of deleted events were last taken out (see reclaim). */
  private reclaimedTo = 0;
  /** The day before which every event is deleted, as the last pruneEvents found it: the report's keyword rows before it go (pruneCounts). */
  private countsBefore = 0;
  private readonly ranking: ClickRanking;
  private readonly clients: ClientHasher | null;
  protected readonly clock: () => number;

  private constructor(
    private readonly pool: pg.Pool,
    private readonly schema: string,
    { ranking = DEFAULT_CLICK_RANKING, clients = null, log, clock = Date.now }: EventStoreOptions,
  ) {
    super();
    this.ranking = ranking;
    this.clients = clients;
    this.clock = clock;
    this.sweptFrom = searchedWindowStart(clock());
    this.queue = new EventBatcher({
      commit: async (rows) => void (await this.insert(rows)),
      what: `events in schema ${schema}`,
      ...(log !== undefined && { log }),
    });
  }

  /**
   * Makes the tables or brings them up to date (migrations/postgresMigrations.ts), and
   * rebuilds the counts when they were kept another way (or with another half-life);
   * `options` as EventStoreOptions says, with the connections' timeouts.
   */
  static async open(url: string, schema: string, options: EventStoreOptions & { timeouts?: DatabaseTimeouts } = {}): Promise<PostgresEventStore> {
    const pool = connectPool(url, schema, 4, {}, options.timeouts);
    const store = new PostgresEventStore(pool, schema, options);
    try {
      const client = await pool.connect();
      try {
        await migratePostgres(client, schema, EVENT_MIGRATION_TABLE, POSTGRES_EVENT_MIGRATIONS, options.clock);
      } finally {
        client.release();
      }
      await store.writing(async (client) => {
        await store.rebuildIfStale(client);
        await prepareSearchedKeywords(client, options.suggested ?? DEFAULT_SUGGESTED_KEYWORD_RULE, store.sweptFrom);
      });
    } catch (error) {
      await pool.end();
      throw error;
    }
    return store;
  }

  async addStats(events: readonly StatsEvent[], source: StatsSource = 'stats', received = this.clock(), address?: string): Promise<number> {
    return this.queue.track(() => this.insert(events.map((event) => ({ event, source, received, address }))));
  }

  async loadStats(rows: ReadonlyArray<{ event: StatsEvent; received: number; address?: string }>, source: StatsSource = 'stats'): Promise<void> {
    await this.insert(rows.map(({ event, received, address }) => ({ event, source, received, address })));
  }

  async report(range: ReportRange, tag: string | null, limit: number): Promise<ReportData> {
    await this.flush();
    const where = `day BETWEEN $1 AND $2${tag === null ? '' : ' AND tag = $3'}`;
    const params: Array<number | string> = tag === null ? [range.fromDay, range.toDay] : [range.fromDay, range.toDay, tag];
    const all = async <T extends pg.QueryResultRow>(sql: string, ...extra: Array<number | string>): Promise<T[]> =>
      (await this.pool.query<T>(sql, [...params, ...extra])).rows;
    const rows = {
      byDay: await all<CountRow & { day: number }>(`SELECT day, ${SUMS} FROM daily_totals WHERE ${where} GROUP BY day`),
      byKeyword: await all<CountRow & { keyword: string }>(`SELECT keyword, ${SUMS} FROM daily_keywords WHERE ${where} GROUP BY keyword`),
      byPosition: await all<{ position: number; clicks: number }>(
        `SELECT position, sum(clicks) AS clicks FROM daily_positions WHERE ${where} GROUP BY position`,
      ),
      byTag: await all<CountRow & { tag: string }>(`SELECT tag, ${SUMS} FROM daily_totals WHERE ${where} GROUP BY tag ORDER BY searches DESC, tag`),
      topDocuments: await all<{ docid: string; clicks: number }>(
        `SELECT docid, sum(clicks) AS clicks FROM daily_documents WHERE ${where} GROUP BY docid ORDER BY clicks DESC, docid LIMIT $${params.length + 1}`,
        limit,
      ),
    };
    return statsReport(range, rows, limit);
  }

  /** Read in one statement (see CLICK_WEIGHTS_SQL), at most every CLICK_WEIGHTS_MAX_AGE_MS, or after a click stored through this process. */
  async clickBoosts(keyword: string, now: number): Promise<ClickBoosts> {
    const norm = normalizeKeyword(keyword);
    const weights = await this.clickWeights.get(norm, now, async () => {
      const { keyword: k, nowLw, minClients, searchesPerClient, limit } = keywordWeightsParams(norm, now, this.ranking);
      // Kept prepared by each connection: a search that reads its click weights is spared parsing them.
      const { rows } = await this.pool.query<KeywordWeightsRow>({
        name: 'click-weights',
        text: CLICK_WEIGHTS_SQL,
        values: [k, nowLw, minClients, searchesPerClient, limit],
      });
      return keywordWeightsOf(rows);
    });
    return clickBoosts(weights, now, this.ranking);
  }

  async searchedKeywords(words: readonly string[], limit: number, now = this.clock()): Promise<string[]> {
    await this.sweepIfDue(now);
    return suggestedKeywords(this.pool, words, limit);
  }

  async setSuggestedRule(rule: SuggestedKeywordRule): Promise<void> {
    await this.writing(async (client) => void (await setSuggestedRule(client, rule)));
  }

  async proposals(rule: ProposalRule, limit: number, now: number): Promise<StatsProposal[]> {
    await this.flush();
    // Only the sessions that can make a pair (see PAIRING_SESSIONS in proposals.ts) come over the wire. The window
    // is read twice by its index rather than kept in a CTE: a CTE of 100,000 rows and its grouping spill to disk.
    const window = `SELECT * FROM stats_events WHERE received >= $1 ORDER BY received DESC LIMIT $2`;
    const { rows } = await this.pool.query<ProposalEvent>(
      `SELECT rowid, received, action, session, keyword_norm AS keyword, number_of_results AS "numberOfResults", clicked, docid, client,
         client_group AS "group"
       FROM (${window}) AS recent
       WHERE session IN (
         SELECT session FROM (${window}) AS w GROUP BY session
         HAVING bool_or(action = 'click') AND bool_or(action = 'search' AND (number_of_results = 0 OR NOT clicked))
       )`,
      [proposalWindowStart(now), PROPOSAL_EVENTS_MAX],
    );
    return proposalsFrom(rows, rule, limit);
  }

  async addUserClick(userToken: string, features: readonly string[], received: number, keeping: ProfileKeeping): Promise<void> {
    const user = userKey(this.clients, userToken);
    await this.queue.track(() => this.profileWriting((client) => addUserClick(client, user, features, received, keeping)));
  }

  async userProfile(userToken: string, now: number, keeping: ProfileKeeping): Promise<UserProfile | null> {
    return readUserProfile(this.pool, userKey(this.clients, userToken), now, keeping);
  }

  /** Deletes the events, and what only they were counted into (see reclaim), in one transaction. */
  async pruneEvents(before: number, max: number, votersBefore: number): Promise<number> {
    let gone: Array<{ received: number; keyword: string }> = [];
    await this.queue.track(() =>
      this.writing(async (client) => {
        await client.query('DELETE FROM daily_click_voters WHERE day < $1', [Math.floor(votersBefore / DAY_MS)]);
        ({ rows: gone } = await client.query<{ received: number; keyword: string }>(
          `DELETE FROM stats_events WHERE rowid IN (SELECT rowid FROM stats_events WHERE received < $1 ORDER BY received LIMIT $2)
           RETURNING received, keyword_norm AS keyword`,
          [before, max],
        ));
        const { rows } = await client.query<{ oldest: number | null }>('SELECT min(received) AS oldest FROM stats_events');
        // With nothing kept, what the deleted events were counted into goes up to the newest of them.
        const keptFrom = rows[0]?.oldest ?? (gone.length === 0 ? null : Math.max(...gone.map((e) => e.received)) + 1);
        if (keptFrom !== null) await this.reclaim(client, [...new Set(gone.map((e) => e.keyword))], keptFrom);
      }),
    );
    for (const { keyword } of gone) this.clickWeights.forget(keyword);
    return gone.length;
  }

  /**
   * Takes out what only deleted events were counted into: of the `keywords` of events just
   * deleted, the click and search weights whose latest event came before `keptFrom` (the
   * oldest event still stored), and the voters behind each click weight; and the searched
   * keywords' sessions and addresses last seen before `keptFrom`'s day.
   */
  private async reclaim(client: pg.ClientBase, keywords: string[], keptFrom: number): Promise<void> {
    const lw = keptFrom / (this.ranking.halfLifeDays * DAY_MS);
    if (keywords.length > 0) {
      await client.query(
        `WITH gone AS (DELETE FROM keyword_clicks WHERE keyword = ANY($1::text[]) AND last_lw < $2 RETURNING keyword, docid)
         DELETE FROM keyword_click_clients AS c USING gone WHERE c.keyword = gone.keyword AND c.docid = gone.docid`,
        [keywords, lw],
      );
      // A search weight stays while a click weight of its keyword does: clicks are weighed against it.
      await client.query(
        `DELETE FROM keyword_searches AS s WHERE s.keyword = ANY($1::text[]) AND s.last_lw < $2
         AND NOT EXISTS (SELECT 1 FROM keyword_clicks AS c WHERE c.keyword = s.keyword)`,
        [keywords, lw],
      );
    }
    const day = Math.floor(keptFrom / DAY_MS);
    this.countsBefore = Math.max(this.countsBefore, day);
    if (day > Math.max(this.sweptFrom, this.reclaimedTo)) {
      await sweepSearchedKeywords(client, day);
      this.reclaimedTo = day;
    }
  }

  async pruneCounts(max: number): Promise<number> {
    let deleted = 0;
    await this.queue.track(() =>
      this.writing(async (client) => {
        for (const [table, key] of [
          ['daily_keywords', 'keyword'],
          ['daily_documents', 'docid'],
        ] as const) {
          if (deleted >= max) break;
          const { rowCount } = await client.query(
            `DELETE FROM ${table} WHERE (day, tag, ${key}) IN (SELECT day, tag, ${key} FROM ${table} WHERE day < $1 LIMIT $2)`,
            [this.countsBefore, max - deleted],
          );
          deleted += rowCount ?? 0;
        }
      }),
    );
    return deleted;
  }

  async addUserSearch(userToken: string, session: string, at: number): Promise<void> {
    const user = userKey(this.clients, userToken);
    await this.queue.track(() => this.profileWriting((client) => noteUserSearch(client, user, session, at)));
  }

  async userSearched(userToken: string, session: string, since: number): Promise<boolean> {
    return userSearched(this.pool, userKey(this.clients, userToken), session, since);
  }

  async forgetUser(userToken: string): Promise<boolean> {
    const user = userKey(this.clients, userToken);
    return this.queue.track(() => this.profileWriting((client) => forgetUser(client, user)));
  }

  async addRecommendationEvents(dataset: string, events: readonly RecommendationEvent[]): Promise<void> {
    if (events.length === 0) return;
    await this.queue.track(() =>
      this.pool.query(
        `INSERT INTO recommendation_events (dataset, txn, item, time, received)
       SELECT $1, txn, item, time, $5 FROM unnest($2::text[], $3::text[], $4::text[]) AS t(txn, item, time)
       ON CONFLICT DO NOTHING`,
        [dataset, events.map((e) => e.transaction), events.map((e) => e.item), events.map((e) => e.time), this.clock()],
      ),
    );
  }

  async related(dataset: string, item: string, limit: number): Promise<{ transactions: number; items: RelatedItem[] }> {
    const { rows } = await this.pool.query<{ n: number }>(
      'SELECT count(*) AS n FROM (SELECT 1 FROM recommendation_events WHERE dataset = $1 AND item = $2 LIMIT $3) AS counted',
      [dataset, item, RELATED_TRANSACTIONS_MAX],
    );
    const transactions = rows[0]!.n;
    if (transactions === 0) return { transactions, items: [] };
    const { rows: items } = await this.pool.query<RelatedItem>(
      `SELECT other.item AS item, count(*) AS transactions
       FROM (SELECT txn FROM recommendation_events WHERE dataset = $1 AND item = $2 ORDER BY received DESC, txn DESC LIMIT $4) AS seen
       JOIN recommendation_events AS other ON other.dataset = $1 AND other.txn = seen.txn
       WHERE other.item != $2
       GROUP BY other.item ORDER BY transactions DESC, other.item LIMIT $3`,
      [dataset, item, limit, RELATED_TRANSACTIONS_MAX],
    );
    return { transactions, items };
  }

  async storedEvents(after: number, limit: number, session?: string): Promise<StoredStatsEvent[]> {
    await this.flush();
    const columns = STATS_COLUMNS;
    const { rows } =
      session === undefined
        ? await this.pool.query<StatsRow>(`SELECT ${columns} FROM stats_events ORDER BY rowid LIMIT $1 OFFSET $2`, [limit, after])
        : await this.pool.query<StatsRow>(`SELECT ${columns} FROM stats_events WHERE session = $3 ORDER BY rowid LIMIT $1 OFFSET $2`, [limit, after, session]);
    return rows.map(statsEventOf);
  }

  async counts(): Promise<{ statsEvents: number; recommendationEvents: number }> {
    await this.flush();
    const { rows } = await this.pool.query<{ s: number; r: number }>(
      'SELECT (SELECT count(*) FROM stats_events) AS s, (SELECT count(*) FROM recommendation_events) AS r',
    );
    return { statsEvents: rows[0]!.s, recommendationEvents: rows[0]!.r };
  }

  /** Commits what is queued, then closes the connections. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.queue.close();
    await this.pool.end();
  }

  /** Sweeps the searched keywords once the window has moved on by a day. */
  private async sweepIfDue(now: number): Promise<void> {
    const from = searchedWindowStart(now);
    if (from === this.sweptFrom) return;
    this.sweptFrom = from;
    await this.writing((client) => sweepSearchedKeywords(client, from));
  }

  /** Stores the rows in one transaction; how many were new. */
  private async insert(rows: readonly IncomingStats[]): Promise<number> {
    if (rows.length === 0) return 0;
    await this.sweepIfDue(this.clock());
    let stored = 0;
    const clicked = new Set<string>();
    await this.writing(async (client) => {
      const sums = new PostgresRollupSums();
      if (rows.every((row) => row.event.action === 'search')) {
        stored = await this.insertSearches(client, sums, rows);
        await sums.flush(client);
        return;
      }
      for (const { event, source, received, address } of rows) {
        const { values, rollup } = statsInsert(event, source, received, this.clientHash(address), this.groupHash(address));
        const { rows: added } = await client.query<{ rowid: number }>(
          `INSERT INTO stats_events (${STATS_INSERT_COLUMNS})
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT (event_id) DO NOTHING RETURNING rowid`,
          values,
        );
        // A resent eventId changes nothing, counts included.
        if (added.length === 0) continue;
        stored++;
        await this.addToRollups(client, sums, { rowid: added[0]!.rowid, ...rollup });
        if (event.action === 'click') clicked.add(rollup.keyword);
      }
      await sums.flush(client);
    });
    // Once committed: a read between the drop and the commit would keep the weights from before.
    for (const keyword of clicked) this.clickWeights.forget(keyword);
    return stored;
  }

  /**
   * A batch of searches alone (the searches the service records): the events in one
   * statement, and each table of counts in one more, however many the batch holds; what a
   * statement per event cost was most of a recorded search's work in the database. A
   * search's counts read nothing a search before it in the batch wrote but its session and
   * address (which addSearchedKeywords takes in order), so they may all go in at once.
   */
  private async insertSearches(client: pg.ClientBase, sums: PostgresRollupSums, rows: readonly IncomingStats[]): Promise<number> {
    const values = rows.map(
      ({ event, source, received, address }) => statsInsert(event, source, received, this.clientHash(address), this.groupHash(address)).values,
    );
    const added = await insertColumns<RollupEvent>(
      client,
      'stats_events',
      STATS_INSERT_UNNESTED,
      STATS_INSERT_UNNESTED.map((_, i) => values.map((row) => row[i])),
      `ON CONFLICT (event_id) DO NOTHING RETURNING ${ROLLUP_COLUMNS}`,
    );
    // In the order they were stored, as one by one.
    added.sort((a, b) => a.rowid - b.rowid);
    for (const event of added) await countEvent(event, this.ranking.halfLifeDays * DAY_MS, rollupSteps(client, sums));
    await addSearchedKeywords(client, added, this.sweptFrom, sums);
    return added.length;
  }

  private clientHash(address: string | undefined): string | null {
    return address === undefined || this.clients === null ? null : this.clients.hash(address);
  }

  private groupHash(address: string | undefined): string | null {
    return address === undefined || this.clients === null ? null : this.clients.hashGroup(address);
  }

  /** Runs `work` in one transaction, after the event writes of other processes to this index. */
  private async writing(work: (client: pg.PoolClient) => Promise<void>): Promise<void> {
    await inTransaction(this.pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`site-search events ${this.schema}`]);
      await work(client);
    });
  }

  /** Runs `work` in one transaction of its own: a profile's writes need no other event's lock. */
  private profileWriting<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    return inTransaction(this.pool, work);
  }

  private async rebuildIfStale(client: pg.ClientBase): Promise<void> {
    const halfLifeMs = this.ranking.halfLifeDays * DAY_MS;
    const { rows } = await client.query<{ key: string; value: number }>('SELECT key, value FROM stats_meta');
    const meta = new Map(rows.map((r) => [r.key, r.value]));
    if (meta.get('version') === ROLLUP_VERSION && meta.get('half_life_ms') === halfLifeMs) return;
    await client.query(`TRUNCATE ${ROLLUP_TABLES.join(', ')}`);
    await client.query('UPDATE stats_events SET clicked = FALSE WHERE clicked');
    let last = { received: Number.NEGATIVE_INFINITY, rowid: 0 };
    for (;;) {
      const { rows: events } = await client.query<RollupEvent>(
        `SELECT ${ROLLUP_COLUMNS} FROM stats_events WHERE (received, rowid) > ($1, $2) ORDER BY received, rowid LIMIT 10000`,
        [Number.isFinite(last.received) ? last.received : -1e15, last.rowid],
      );
      if (events.length === 0) break;
      const sums = new PostgresRollupSums();
      for (const event of events) await this.addToRollups(client, sums, event, false);
      await sums.flush(client);
      last = events[events.length - 1]!;
    }
    await client.query(
      `INSERT INTO stats_meta (key, value) VALUES ('version', $1), ('half_life_ms', $2)
       ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
      [ROLLUP_VERSION, halfLifeMs],
    );
  }

  /**
   * Counts one newly stored event by the rules every store shares (rollupRules.ts), its
   * additions into `sums`; `keywords`: the searched keywords too.
   */
  private async addToRollups(client: pg.ClientBase, sums: PostgresRollupSums, event: RollupEvent, keywords = true): Promise<void> {
    await countEvent(event, this.ranking.halfLifeDays * DAY_MS, rollupSteps(client, sums));
    if (keywords && event.action === 'search') {
      await addSearchedKeyword(client, event, this.sweptFrom, sums);
    }
  }
}

/**
 * The rollup rules' steps on PostgreSQL, inside the caller's transaction: what only adds
 * goes into `sums`, written with the batch; what the rules read the answer of runs at once.
 */
function rollupSteps(client: pg.ClientBase, sums: PostgresRollupSums): AsyncRollupSteps {
  return {
    count: async (day, tag, keyword, add) => sums.count(day, tag, keyword, add),
    click: async (day, tag, docid, position) => sums.click(day, tag, docid, position),
    addSearchWeight: async (keyword, lw) => sums.searchWeight(keyword, lw),
    async latestSearch(session, keyword, from, to) {
      const { rows } = await client.query<FollowedSearch>(
        `SELECT rowid, received, coalesce(tag, '') AS tag, clicked FROM stats_events
         WHERE action = 'search' AND session = $1 AND keyword_norm = $2 AND received <= $3 AND received >= $4
         ORDER BY received DESC, rowid DESC LIMIT 1`,
        [session, keyword, to, from],
      );
      return rows[0] ?? null;
    },
    async markClicked(rowid) {
      await client.query('UPDATE stats_events SET clicked = TRUE WHERE rowid = $1', [rowid]);
    },
    async vote(day, keyword, docid, voter) {
      const { rowCount } = await client.query('INSERT INTO daily_click_voters (day, keyword, docid, voter) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [
        day,
        keyword,
        docid,
        voter,
      ]);
      return rowCount === 1;
    },
    async addClickClient(keyword, docid, who) {
      const { rowCount } = await client.query('INSERT INTO keyword_click_clients (keyword, docid, client) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
        keyword,
        docid,
        who,
      ]);
      return rowCount === 1;
    },
    addClickWeight: async (keyword, docid, lw, newClients) => sums.clickWeight(keyword, docid, lw, newClients),
  };
}
