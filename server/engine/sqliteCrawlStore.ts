import type Database from 'better-sqlite3';
import { StatementCache } from '../storage/statementCache.ts';
import {
  CRAWL_COLUMNS,
  countsOf,
  crawlRecord,
  FRONTIER_COLUMNS,
  frontierUrl,
  samplesOf,
  type CountRow,
  type CrawlCounts,
  type CrawlRecord,
  type CrawlRow,
  type CrawlState,
  type CrawlStore,
  type FrontierEntry,
  type FrontierRow,
  type FrontierUrl,
  type ReasonSamples,
  type UrlOutcome,
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
      return entries.filter((e) => insert.run(crawl, e.url, e.depth, e.foundFrom, e.outcome, 'reason' in e ? e.reason : null).changes > 0).map((e) => e.url);
    })();
  }

  claim(crawl: string, worker: string, limit: number, now: number, leaseUntil: number): FrontierEntry[] {
    return this.db.transaction(() => {
      const rows = this.statements
        .get(
          `SELECT rowid AS row, url, depth, found_from FROM crawl_urls
           WHERE crawl = ? AND (state = 'queued' OR (state = 'claimed' AND lease_until < ?))
           ORDER BY depth, rowid LIMIT ?`,
        )
        .all(crawl, now, limit) as Array<{ row: number; url: string; depth: number; found_from: string | null }>;
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
      .run(outcome.outcome, 'reason' in outcome ? outcome.reason : null, fetched ? 1 : 0, now, crawl, url);
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

  async takeContent(crawl: string, hash: string, url: string): Promise<string> {
    return (await this.write({ op: 'takeContent', args: [crawl, hash, url] })) as string;
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
