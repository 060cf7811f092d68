import type Database from 'better-sqlite3';
import { StatementCache } from '../storage/statementCache.ts';
import {
  CRAWL_COLUMNS,
  CRAWLED_PAGE_COLUMNS,
  crawledPage,
  removalCountsOf,
  countsOf,
  frontierChange,
  outcomeReason,
  type FrontierChange,
  crawlRecord,
  FRONTIER_COLUMNS,
  frontierUrl,
  samplesOf,
  type CountRow,
  type CrawlCounts,
  type CrawledPage,
  type CrawledPageRow,
  type CrawlRemoval,
  type LastmodVerdict,
  type PageKept,
  type PageVerdict,
  type RemovalState,
  type CrawlRecord,
  type CrawlRow,
  type CrawlState,
  type CrawlStore,
  type FrontierEntry,
  type FrontierRow,
  type FrontierUrl,
  type ReasonSamples,
  type UrlOutcome,
  type UnchangedPage,
  type UrlOutcomeKind,
} from './crawlStore.ts';

/**
 * The crawl tables of an index file. One crawl at a time is queued or running: a unique
 * index over a constant, limited to those states. The frontier is claimed shallowest
 * first, then in the order found (rowid).
 */
export const CRAWLS_DDL = `
  CREATE TABLE IF NOT EXISTS crawls (
    id TEXT PRIMARY KEY,
    state TEXT NOT NULL,
    options TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    started_at INTEGER,
    ended_at INTEGER,
    error TEXT,
    blocks TEXT
  );
  CREATE UNIQUE INDEX IF NOT EXISTS crawls_one_active ON crawls ((state IN ('queued', 'running'))) WHERE state IN ('queued', 'running');
  CREATE INDEX IF NOT EXISTS crawls_recent ON crawls (created_at);
  CREATE TABLE IF NOT EXISTS crawl_urls (
    crawl TEXT NOT NULL,
    url TEXT NOT NULL,
    depth INTEGER NOT NULL,
    found_from TEXT,
    state TEXT NOT NULL,
    outcome TEXT,
    reason TEXT,
    claimed_by TEXT,
    lease_until INTEGER,
    fetched_at INTEGER,
    UNIQUE (crawl, url)
  );
  CREATE INDEX IF NOT EXISTS crawl_urls_queue ON crawl_urls (crawl, state, depth);
  CREATE INDEX IF NOT EXISTS crawl_urls_outcome ON crawl_urls (crawl, outcome, reason);
  CREATE TABLE IF NOT EXISTS crawl_contents (
    crawl TEXT NOT NULL,
    hash TEXT NOT NULL,
    url TEXT NOT NULL,
    PRIMARY KEY (crawl, hash)
  ) WITHOUT ROWID;
`;

/**
 * The frontier's next URLs (crawl, now, limit): queued, or claimed with a lapsed lease.
 * `state IN (...)` repeats the pending index's condition (0008-claim-order), so the index
 * serves both the filter and the order and the claim stops at its limit instead of
 * sorting the crawl's whole queue.
 */
export const SQLITE_CLAIM_SQL = `SELECT rowid AS row, url, depth, found_from FROM crawl_urls
  WHERE crawl = ? AND state IN ('queued', 'claimed') AND (state = 'queued' OR lease_until < ?)
  ORDER BY depth, rowid LIMIT ?`;

/** The crawl store's writes, each one transaction, made on the index's writing connection (sqliteWriter.ts). */
export class SqliteCrawlWrites {
  private readonly statements: StatementCache;

  constructor(private readonly db: Database.Database) {
    this.statements = new StatementCache(db);
  }

  create(id: string, options: string, now: number): { ok: true } | { ok: false; active: string } {
    return this.db.transaction(() => {
      const active = this.statements.get(`SELECT id FROM crawls WHERE state IN ('queued', 'running')`).pluck().get() as string | undefined;
      if (active !== undefined) return { ok: false as const, active };
      // An id already taken (a scheduled crawl's, made by another process): that crawl stands.
      if (this.statements.get('SELECT 1 FROM crawls WHERE id = ?').get(id) !== undefined) return { ok: false as const, active: id };
      this.statements.get(`INSERT INTO crawls (id, state, options, created_at) VALUES (?, 'queued', ?, ?)`).run(id, options, now);
      return { ok: true as const };
    })();
  }

  setState(id: string, state: CrawlState, now: number, error: string | null): boolean {
    const sql =
      state === 'running'
        ? `UPDATE crawls SET state = 'running', started_at = coalesce(started_at, ?) WHERE id = ? AND state IN ('queued', 'running')`
        : `UPDATE crawls SET state = ?, ended_at = ?, error = ? WHERE id = ? AND state IN ('queued', 'running')`;
    const result = state === 'running' ? this.statements.get(sql).run(now, id) : this.statements.get(sql).run(state, now, error, id);
    return result.changes > 0;
  }

  saveBlocks(id: string, blocks: string): void {
    this.statements.get('UPDATE crawls SET blocks = ? WHERE id = ?').run(blocks, id);
  }

  judgeLastmod(crawl: string, verdicts: readonly LastmodVerdict[]): void {
    this.db.transaction(() => {
      const judge = this.statements.get(
        'INSERT INTO crawl_lastmod (crawl, host, trusted) VALUES (?, ?, ?) ON CONFLICT (crawl, host) DO UPDATE SET trusted = trusted AND excluded.trusted',
      );
      for (const verdict of verdicts) judge.run(crawl, verdict.host, verdict.trusted ? 1 : 0);
    })();
  }

  enqueue(crawl: string, entries: readonly FrontierEntry[]): string[] {
    return this.db.transaction(() => {
      const insert = this.statements.get(`INSERT INTO crawl_urls (crawl, url, depth, found_from, state) VALUES (?, ?, ?, ?, 'queued') ON CONFLICT DO NOTHING`);
      return entries.filter((e) => insert.run(crawl, e.url, e.depth, e.foundFrom).changes > 0).map((e) => e.url);
    })();
  }

  settle(crawl: string, entries: ReadonlyArray<FrontierEntry & UrlOutcome>): string[] {
    return this.db.transaction(() => {
      const insert = this.statements.get(
        `INSERT INTO crawl_urls (crawl, url, depth, found_from, state, outcome, reason, fetched_at) VALUES (?, ?, ?, ?, 'done', ?, ?, NULL)
         ON CONFLICT DO NOTHING`,
      );
      return entries.filter((e) => insert.run(crawl, e.url, e.depth, e.foundFrom, e.outcome, outcomeReason(e)).changes > 0).map((e) => e.url);
    })();
  }

  claim(crawl: string, worker: string, limit: number, now: number, leaseUntil: number): FrontierEntry[] {
    return this.db.transaction(() => {
      const rows = this.statements.get(SQLITE_CLAIM_SQL).all(crawl, now, limit) as Array<{
        row: number;
        url: string;
        depth: number;
        found_from: string | null;
      }>;
      const take = this.statements.get(`UPDATE crawl_urls SET state = 'claimed', claimed_by = ?, lease_until = ? WHERE rowid = ?`);
      for (const row of rows) take.run(worker, leaseUntil, row.row);
      return rows.map((row) => ({ url: row.url, depth: row.depth, foundFrom: row.found_from }));
    })();
  }

  adopt(crawl: string, entry: FrontierEntry, worker: string, leaseUntil: number): boolean {
    const sql = `INSERT INTO crawl_urls (crawl, url, depth, found_from, state, claimed_by, lease_until) VALUES (?, ?, ?, ?, 'claimed', ?, ?)
      ON CONFLICT DO NOTHING`;
    return this.statements.get(sql).run(crawl, entry.url, entry.depth, entry.foundFrom, worker, leaseUntil).changes > 0;
  }

  release(crawl: string, worker: string | null, urls: readonly string[] | undefined): void {
    this.db.transaction(() => {
      const base = `UPDATE crawl_urls SET state = 'queued', claimed_by = NULL, lease_until = NULL WHERE crawl = ? AND state = 'claimed'`;
      const byWorker = worker === null ? '' : ' AND claimed_by = ?';
      const args = worker === null ? [crawl] : [crawl, worker];
      if (urls === undefined) {
        this.statements.get(base + byWorker).run(...args);
        return;
      }
      const one = this.statements.get(`${base}${byWorker} AND url = ?`);
      for (const url of urls) one.run(...args, url);
    })();
  }

  finish(crawl: string, url: string, outcome: UrlOutcome, now: number, fetched: boolean): void {
    this.statements
      .get(
        `UPDATE crawl_urls SET state = 'done', outcome = ?, reason = ?, claimed_by = NULL, lease_until = NULL,
           fetched_at = CASE WHEN ? THEN ? ELSE fetched_at END
         WHERE crawl = ? AND url = ?`,
      )
      .run(outcome.outcome, outcomeReason(outcome), fetched ? 1 : 0, now, crawl, url);
  }

  endHeld(id: string, now: number): boolean {
    return this.statements.get(`UPDATE crawls SET state = 'done', ended_at = ? WHERE id = ? AND state = 'held'`).run(now, id).changes > 0;
  }

  keepPage(page: PageKept): void {
    this.statements
      .get(
        `INSERT INTO crawled_pages (url, etag, last_modified, hash, links, failures, first_failure_at) VALUES (?, ?, ?, ?, ?, 0, NULL)
         ON CONFLICT (url) DO UPDATE SET etag = excluded.etag, last_modified = excluded.last_modified, hash = excluded.hash,
           links = excluded.links, failures = 0, first_failure_at = NULL`,
      )
      .run(page.url, page.etag, page.lastModified, page.hash, JSON.stringify(page.links));
  }

  /** One transaction for the batch: on a synchronous file, one sync instead of two or three a page. */
  finishUnchanged(crawl: string, pages: readonly UnchangedPage[]): void {
    this.db.transaction(() => {
      const take = this.statements.get('INSERT INTO crawl_contents (crawl, hash, url) VALUES (?, ?, ?) ON CONFLICT DO NOTHING');
      for (const page of pages) {
        if (page.hash !== null) take.run(crawl, page.hash, page.url);
        if (page.kept !== null) this.keepPage(page.kept);
        this.finish(crawl, page.url, { outcome: 'unchanged' }, page.now, page.fetched);
      }
    })();
  }

  countFailures(urls: readonly string[], now: number): void {
    this.db.transaction(() => {
      const count = this.statements.get(`UPDATE crawled_pages SET failures = failures + 1, first_failure_at = coalesce(first_failure_at, ?) WHERE url = ?`);
      for (const url of urls) count.run(now, url);
    })();
  }

  forgetPages(urls: readonly string[]): void {
    this.db.transaction(() => {
      const forget = this.statements.get('DELETE FROM crawled_pages WHERE url = ?');
      for (const url of urls) forget.run(url);
    })();
  }

  addRemovals(crawl: string, removals: readonly CrawlRemoval[]): void {
    this.db.transaction(() => {
      const add = this.statements.get(
        'INSERT INTO crawl_removals (crawl, url, reason, state) VALUES (?, ?, ?, ?) ON CONFLICT (crawl, url) DO UPDATE SET reason = excluded.reason, state = excluded.state',
      );
      for (const removal of removals) add.run(crawl, removal.url, removal.reason, removal.state);
    })();
  }

  setRemovals(crawl: string, from: RemovalState, to: RemovalState): void {
    this.statements.get('UPDATE crawl_removals SET state = ? WHERE crawl = ? AND state = ?').run(to, crawl, from);
  }

  takeContent(crawl: string, hash: string, url: string): string {
    return this.db.transaction(() => {
      this.statements.get('INSERT INTO crawl_contents (crawl, hash, url) VALUES (?, ?, ?) ON CONFLICT DO NOTHING').run(crawl, hash, url);
      return this.statements.get('SELECT url FROM crawl_contents WHERE crawl = ? AND hash = ?').pluck().get(crawl, hash) as string;
    })();
  }
}

/** The writes, as the writer thread answers them: plain data across threads. */
export type CrawlWriteCall = {
  [K in keyof SqliteCrawlWrites]: SqliteCrawlWrites[K] extends (...args: infer A) => unknown ? { op: K; args: A } : never;
}[keyof SqliteCrawlWrites];

/** Runs a write received from another thread. */
export function runCrawlWrite(writes: SqliteCrawlWrites, call: CrawlWriteCall): unknown {
  return (writes[call.op] as (...args: unknown[]) => unknown).apply(writes, call.args);
}

/**
 * The crawl store on SQLite: reads on the service's connection, writes through the index's
 * writer (`write`), so they never contend with a batch of documents for the file. One
 * process holds the file, so it alone claims (not shared).
 */
export class SqliteCrawlStore implements CrawlStore {
  readonly shared = false;

  constructor(
    private readonly statements: StatementCache,
    private readonly write: (call: CrawlWriteCall) => Promise<unknown>,
  ) {}

  create(id: string, options: string, now: number): Promise<{ ok: true } | { ok: false; active: string }> {
    return this.write({ op: 'create', args: [id, options, now] }) as Promise<{ ok: true } | { ok: false; active: string }>;
  }

  async get(id: string): Promise<CrawlRecord | null> {
    const row = this.statements.get(`SELECT ${CRAWL_COLUMNS} FROM crawls WHERE id = ?`).get(id) as CrawlRow | undefined;
    return row === undefined ? null : crawlRecord(row);
  }

  async list(limit: number): Promise<CrawlRecord[]> {
    const rows = this.statements.get(`SELECT ${CRAWL_COLUMNS} FROM crawls ORDER BY created_at DESC, rowid DESC LIMIT ?`).all(limit) as CrawlRow[];
    return rows.map(crawlRecord);
  }

  async active(): Promise<CrawlRecord | null> {
    const row = this.statements.get(`SELECT ${CRAWL_COLUMNS} FROM crawls WHERE state IN ('queued', 'running')`).get() as CrawlRow | undefined;
    return row === undefined ? null : crawlRecord(row);
  }

  async setState(id: string, state: CrawlState, now: number, error: string | null = null): Promise<boolean> {
    return (await this.write({ op: 'setState', args: [id, state, now, error] })) as boolean;
  }

  async saveBlocks(id: string, blocks: string): Promise<void> {
    await this.write({ op: 'saveBlocks', args: [id, blocks] });
  }

  async judgeLastmod(crawl: string, verdicts: readonly LastmodVerdict[]): Promise<void> {
    if (verdicts.length > 0) await this.write({ op: 'judgeLastmod', args: [crawl, verdicts] });
  }

  async lastmodVerdicts(crawl: string): Promise<LastmodVerdict[]> {
    const rows = this.statements.get('SELECT host, trusted FROM crawl_lastmod WHERE crawl = ? ORDER BY host').all(crawl) as Array<{
      host: string;
      trusted: number;
    }>;
    return rows.map((row) => ({ host: row.host, trusted: row.trusted === 1 }));
  }

  async enqueue(crawl: string, entries: readonly FrontierEntry[]): Promise<string[]> {
    if (entries.length === 0) return [];
    return (await this.write({ op: 'enqueue', args: [crawl, entries] })) as string[];
  }

  async settle(crawl: string, entries: ReadonlyArray<FrontierEntry & UrlOutcome>): Promise<string[]> {
    if (entries.length === 0) return [];
    return (await this.write({ op: 'settle', args: [crawl, entries] })) as string[];
  }

  async claim(crawl: string, worker: string, limit: number, now: number, leaseUntil: number): Promise<FrontierEntry[]> {
    return (await this.write({ op: 'claim', args: [crawl, worker, limit, now, leaseUntil] })) as FrontierEntry[];
  }

  async adopt(crawl: string, entry: FrontierEntry, worker: string, leaseUntil: number): Promise<boolean> {
    return (await this.write({ op: 'adopt', args: [crawl, entry, worker, leaseUntil] })) as boolean;
  }

  async release(crawl: string, worker: string | null, urls?: readonly string[]): Promise<void> {
    await this.write({ op: 'release', args: [crawl, worker, urls] });
  }

  async finish(crawl: string, url: string, outcome: UrlOutcome, now: number, fetched: boolean): Promise<void> {
    await this.write({ op: 'finish', args: [crawl, url, outcome, now, fetched] });
  }

  async finishUnchanged(crawl: string, pages: readonly UnchangedPage[]): Promise<void> {
    if (pages.length > 0) await this.write({ op: 'finishUnchanged', args: [crawl, pages] });
  }

  async takeContent(crawl: string, hash: string, url: string): Promise<string> {
    return (await this.write({ op: 'takeContent', args: [crawl, hash, url] })) as string;
  }

  async endHeld(id: string, now: number): Promise<boolean> {
    return (await this.write({ op: 'endHeld', args: [id, now] })) as boolean;
  }

  async page(url: string): Promise<CrawledPage | null> {
    const row = this.statements.get(`SELECT ${CRAWLED_PAGE_COLUMNS} FROM crawled_pages WHERE url = ?`).get(url) as CrawledPageRow | undefined;
    return row === undefined ? null : crawledPage(row);
  }

  async keepPage(page: PageKept): Promise<void> {
    await this.write({ op: 'keepPage', args: [page] });
  }

  async verdicts(crawl: string, after: string, limit: number): Promise<PageVerdict[]> {
    const rows = this.statements
      .get(
        `SELECT p.url, u.outcome, u.reason, p.failures, p.first_failure_at FROM crawled_pages p
         LEFT JOIN crawl_urls u ON u.crawl = ? AND u.url = p.url
         WHERE p.url > ? ORDER BY p.url LIMIT ?`,
      )
      .all(crawl, after, limit) as Array<{
      url: string;
      outcome: PageVerdict['outcome'];
      reason: string | null;
      failures: number;
      first_failure_at: number | null;
    }>;
    return rows.map((row) => ({ url: row.url, outcome: row.outcome, reason: row.reason, failures: row.failures, firstFailureAt: row.first_failure_at }));
  }

  async countFailures(urls: readonly string[], now: number): Promise<void> {
    if (urls.length > 0) await this.write({ op: 'countFailures', args: [urls, now] });
  }

  async forgetPages(urls: readonly string[]): Promise<void> {
    if (urls.length > 0) await this.write({ op: 'forgetPages', args: [urls] });
  }

  async addRemovals(crawl: string, removals: readonly CrawlRemoval[]): Promise<void> {
    if (removals.length > 0) await this.write({ op: 'addRemovals', args: [crawl, removals] });
  }

  async removals(crawl: string, state: RemovalState | undefined, offset: number, limit: number): Promise<CrawlRemoval[]> {
    const byState = state === undefined ? '' : ' AND state = ?';
    const args: unknown[] = state === undefined ? [crawl] : [crawl, state];
    return this.statements
      .get(`SELECT url, reason, state FROM crawl_removals WHERE crawl = ?${byState} ORDER BY url LIMIT ? OFFSET ?`)
      .all(...args, limit, offset) as CrawlRemoval[];
  }

  async removalCounts(crawl: string): Promise<Record<RemovalState, number>> {
    const rows = this.statements.get('SELECT state, count(*) AS n FROM crawl_removals WHERE crawl = ? GROUP BY state').all(crawl) as Array<{
      state: string;
      n: number;
    }>;
    return removalCountsOf(rows);
  }

  async setRemovals(crawl: string, from: RemovalState, to: RemovalState): Promise<void> {
    await this.write({ op: 'setRemovals', args: [crawl, from, to] });
  }

  async counts(crawl: string): Promise<CrawlCounts> {
    const rows = this.statements
      .get(
        `SELECT state, outcome, reason, count(*) AS n, count(fetched_at) AS fetched FROM crawl_urls WHERE crawl = ?
         GROUP BY state, outcome, reason`,
      )
      .all(crawl) as CountRow[];
    return countsOf(rows);
  }

  async change(crawl: string, previous: string | null, samples: number): Promise<FrontierChange> {
    const indexed = this.statements
      .get(`SELECT reason, count(*) AS n FROM crawl_urls WHERE crawl = ? AND outcome = 'indexed' GROUP BY reason`)
      .all(crawl) as Array<{ reason: string | null; n: number }>;
    // The unique (crawl, url) index finds each URL in the previous crawl.
    const failing = `FROM crawl_urls a WHERE a.crawl = ? AND a.outcome = 'failed'
      AND NOT EXISTS (SELECT 1 FROM crawl_urls b WHERE b.crawl = ? AND b.url = a.url AND b.outcome = 'failed')`;
    const { n } = this.statements.get(`SELECT count(*) AS n ${failing}`).get(crawl, previous) as { n: number };
    const urls = this.statements.get(`SELECT a.url ${failing} ORDER BY a.rowid LIMIT ?`).all(crawl, previous, samples) as Array<{ url: string }>;
    return frontierChange(indexed, n, urls);
  }

  async samples(crawl: string, perReason: number): Promise<ReasonSamples> {
    const rows = this.statements
      .get(
        `SELECT outcome, reason, url FROM (
           SELECT outcome, reason, url, rowid AS row, row_number() OVER (PARTITION BY outcome, reason ORDER BY rowid) AS n
           FROM crawl_urls WHERE crawl = ? AND outcome IN ('excluded', 'failed'))
         WHERE n <= ? ORDER BY outcome, reason, row`,
      )
      .all(crawl, perReason) as Array<{ outcome: string; reason: string | null; url: string }>;
    return samplesOf(rows);
  }

  async urls(crawl: string, filter: { outcome?: UrlOutcomeKind; reason?: string }, offset: number, limit: number): Promise<FrontierUrl[]> {
    const where = ['crawl = ?'];
    const args: unknown[] = [crawl];
    if (filter.outcome !== undefined) {
      where.push('outcome = ?');
      args.push(filter.outcome);
    }
    if (filter.reason !== undefined) {
      where.push('reason = ?');
      args.push(filter.reason);
    }
    const rows = this.statements
      .get(`SELECT ${FRONTIER_COLUMNS} FROM crawl_urls WHERE ${where.join(' AND ')} ORDER BY rowid LIMIT ? OFFSET ?`)
      .all(...args, limit, offset) as FrontierRow[];
    return rows.map(frontierUrl);
  }
}
