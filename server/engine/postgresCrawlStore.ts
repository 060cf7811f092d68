import type pg from 'pg';
import { asStored, inTransaction } from '../storage/postgresPool.ts';
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
 * The crawl store on PostgreSQL (tables: migrations/postgres/0006-crawls.ts, 0007-crawled-pages.ts). Several
 * service processes share a crawl: each claims rows the others have not locked (FOR
 * UPDATE SKIP LOCKED) for a lease, and a claim whose lease ran out (its process was
 * killed) is claimed again by another.
 */
/**
 * Claims the frontier's next URLs (crawl, now, limit, worker, lease): queued, or claimed
 * with a lapsed lease. `state IN (...)` repeats the pending index's condition
 * (0011-claim-order), so the index gives the rows in claim order and the claim stops at
 * its limit instead of sorting the crawl's whole queue.
 */
export const POSTGRES_CLAIM_SQL = `WITH taken AS (
    SELECT crawl, url FROM crawl_urls
    WHERE crawl = $1 AND state IN ('queued', 'claimed') AND (state = 'queued' OR lease_until < $2)
    ORDER BY depth, seq LIMIT $3
    FOR UPDATE SKIP LOCKED)
  UPDATE crawl_urls u SET state = 'claimed', claimed_by = $4, lease_until = $5
  FROM taken WHERE u.crawl = taken.crawl AND u.url = taken.url
  RETURNING u.url, u.depth, u.found_from, u.seq`;

export class PostgresCrawlStore implements CrawlStore {
  readonly shared = true;

  constructor(private readonly pool: pg.Pool) {}

  async create(id: string, options: string, now: number): Promise<{ ok: true } | { ok: false; active: string }> {
    const { rowCount } = await this.pool.query(`INSERT INTO crawls (id, state, options, created_at) VALUES ($1, 'queued', $2, $3) ON CONFLICT DO NOTHING`, [
      id,
      asStored(options),
      now,
    ]);
    if (rowCount === 1) return { ok: true };
    // An id already taken (a scheduled crawl's, made by another process): that crawl stands.
    if ((await this.get(id)) !== null) return { ok: false, active: id };
    const active = await this.active();
    // The crawl that stood in the way ended meanwhile: try once more.
    if (active === null) return this.create(id, options, now);
    return { ok: false, active: active.id };
  }

  async get(id: string): Promise<CrawlRecord | null> {
    const { rows } = await this.pool.query<CrawlRow>(`SELECT ${CRAWL_COLUMNS} FROM crawls WHERE id = $1`, [id]);
    return rows[0] === undefined ? null : crawlRecord(rows[0]);
  }

  async list(limit: number): Promise<CrawlRecord[]> {
    const { rows } = await this.pool.query<CrawlRow>(`SELECT ${CRAWL_COLUMNS} FROM crawls ORDER BY created_at DESC, seq DESC LIMIT $1`, [limit]);
    return rows.map(crawlRecord);
  }

  async active(): Promise<CrawlRecord | null> {
    const { rows } = await this.pool.query<CrawlRow>(`SELECT ${CRAWL_COLUMNS} FROM crawls WHERE state IN ('queued', 'running')`);
    return rows[0] === undefined ? null : crawlRecord(rows[0]);
  }

  async setState(id: string, state: CrawlState, now: number, error: string | null = null): Promise<boolean> {
    const { rowCount } =
      state === 'running'
        ? await this.pool.query(`UPDATE crawls SET state = 'running', started_at = coalesce(started_at, $1) WHERE id = $2 AND state IN ('queued', 'running')`, [
            now,
            id,
          ])
        : await this.pool.query(`UPDATE crawls SET state = $1, ended_at = $2, error = $3 WHERE id = $4 AND state IN ('queued', 'running')`, [
            state,
            now,
            error === null ? null : asStored(error),
            id,
          ]);
    return (rowCount ?? 0) > 0;
  }

  async saveBlocks(id: string, blocks: string): Promise<void> {
    await this.pool.query('UPDATE crawls SET blocks = $1 WHERE id = $2', [asStored(blocks), id]);
  }

  async judgeLastmod(crawl: string, verdicts: readonly LastmodVerdict[]): Promise<void> {
    if (verdicts.length === 0) return;
    // One row per host in the statement (an upsert may not meet its own row twice).
    const hosts = new Map<string, boolean>();
    for (const { host, trusted } of verdicts) hosts.set(host, (hosts.get(host) ?? true) && trusted);
    // Another process's verdict stands beside this one: untrusted by either is untrusted.
    await this.pool.query(
      `INSERT INTO crawl_lastmod (crawl, host, trusted) SELECT $1, u.host, u.trusted FROM unnest($2::text[], $3::boolean[]) AS u(host, trusted)
       ON CONFLICT (crawl, host) DO UPDATE SET trusted = crawl_lastmod.trusted AND excluded.trusted`,
      [crawl, [...hosts.keys()].map(asStored), [...hosts.values()]],
    );
  }

  async lastmodVerdicts(crawl: string): Promise<LastmodVerdict[]> {
    const { rows } = await this.pool.query<LastmodVerdict>('SELECT host, trusted FROM crawl_lastmod WHERE crawl = $1 ORDER BY host', [crawl]);
    return rows;
  }

  async enqueue(crawl: string, entries: readonly FrontierEntry[]): Promise<string[]> {
    if (entries.length === 0) return [];
    // In the order given, so `seq` keeps the order found.
    const { rows } = await this.pool.query<{ url: string }>(
      `INSERT INTO crawl_urls (crawl, url, depth, found_from, state)
       SELECT $1, u.url, u.depth, u.found_from, 'queued' FROM unnest($2::text[], $3::int[], $4::text[]) WITH ORDINALITY AS u(url, depth, found_from, n)
       ORDER BY u.n
       ON CONFLICT DO NOTHING RETURNING url`,
      [crawl, entries.map((e) => asStored(e.url)), entries.map((e) => e.depth), entries.map((e) => (e.foundFrom === null ? null : asStored(e.foundFrom)))],
    );
    return rows.map((row) => row.url);
  }

  async settle(crawl: string, entries: ReadonlyArray<FrontierEntry & UrlOutcome>): Promise<string[]> {
    if (entries.length === 0) return [];
    const { rows } = await this.pool.query<{ url: string }>(
      `INSERT INTO crawl_urls (crawl, url, depth, found_from, state, outcome, reason)
       SELECT $1, u.url, u.depth, u.found_from, 'done', u.outcome, u.reason
       FROM unnest($2::text[], $3::int[], $4::text[], $5::text[], $6::text[]) WITH ORDINALITY AS u(url, depth, found_from, outcome, reason, n)
       ORDER BY u.n
       ON CONFLICT DO NOTHING RETURNING url`,
      [
        crawl,
        entries.map((e) => asStored(e.url)),
        entries.map((e) => e.depth),
        entries.map((e) => (e.foundFrom === null ? null : asStored(e.foundFrom))),
        entries.map((e) => e.outcome),
        entries.map((e) => outcomeReason(e)),
      ],
    );
    return rows.map((row) => row.url);
  }

  async claim(crawl: string, worker: string, limit: number, now: number, leaseUntil: number): Promise<FrontierEntry[]> {
    return inTransaction(this.pool, async (client) => {
      const { rows } = await client.query<{ url: string; depth: number; found_from: string | null; seq: number }>(POSTGRES_CLAIM_SQL, [
        crawl,
        now,
        limit,
        worker,
        leaseUntil,
      ]);
      return (
        rows
          // UPDATE ... RETURNING keeps no order.
          .sort((a, b) => a.depth - b.depth || a.seq - b.seq)
          .map((row) => ({ url: row.url, depth: row.depth, foundFrom: row.found_from }))
      );
    });
  }

  async adopt(crawl: string, entry: FrontierEntry, worker: string, leaseUntil: number): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `INSERT INTO crawl_urls (crawl, url, depth, found_from, state, claimed_by, lease_until) VALUES ($1, $2, $3, $4, 'claimed', $5, $6)
       ON CONFLICT DO NOTHING`,
      [crawl, asStored(entry.url), entry.depth, entry.foundFrom === null ? null : asStored(entry.foundFrom), worker, leaseUntil],
    );
    return rowCount === 1;
  }

  async release(crawl: string, worker: string | null, urls?: readonly string[]): Promise<void> {
    const args: unknown[] = [crawl];
    let sql = `UPDATE crawl_urls SET state = 'queued', claimed_by = NULL, lease_until = NULL WHERE crawl = $1 AND state = 'claimed'`;
    if (worker !== null) {
      args.push(worker);
      sql += ` AND claimed_by = $${args.length}`;
    }
    if (urls !== undefined) {
      args.push(urls.map(asStored));
      sql += ` AND url = ANY($${args.length}::text[])`;
    }
    await this.pool.query(sql, args);
  }

  async finish(crawl: string, url: string, outcome: UrlOutcome, now: number, fetched: boolean): Promise<void> {
    await this.pool.query(
      `UPDATE crawl_urls SET state = 'done', outcome = $1, reason = $2, claimed_by = NULL, lease_until = NULL,
         fetched_at = CASE WHEN $3 THEN $4::bigint ELSE fetched_at END
       WHERE crawl = $5 AND url = $6`,
      [outcome.outcome, outcomeReason(outcome), fetched, now, crawl, asStored(url)],
    );
  }

  async finishUnchanged(crawl: string, pages: readonly UnchangedPage[]): Promise<void> {
    if (pages.length === 0) return;
    const taken = pages.filter((page) => page.hash !== null);
    const kept = pages.flatMap((page) => (page.kept === null ? [] : [page.kept]));
    // One transaction (one commit's flush) for the batch, each statement over arrays.
    await inTransaction(this.pool, async (client) => {
      if (taken.length > 0) {
        await client.query(
          `INSERT INTO crawl_contents (crawl, hash, url) SELECT $1, u.hash, u.url FROM unnest($2::text[], $3::text[]) AS u(hash, url) ON CONFLICT DO NOTHING`,
          [crawl, taken.map((page) => page.hash), taken.map((page) => asStored(page.url))],
        );
      }
      if (kept.length > 0) {
        await client.query(
          `INSERT INTO crawled_pages (url, etag, last_modified, hash, links, failures, first_failure_at)
           SELECT u.url, u.etag, u.last_modified, u.hash, u.links, 0, NULL FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])
             AS u(url, etag, last_modified, hash, links)
           ON CONFLICT (url) DO UPDATE SET etag = excluded.etag, last_modified = excluded.last_modified, hash = excluded.hash,
             links = excluded.links, failures = 0, first_failure_at = NULL`,
          [
            kept.map((page) => asStored(page.url)),
            kept.map((page) => stored(page.etag)),
            kept.map((page) => stored(page.lastModified)),
            kept.map((page) => page.hash),
            kept.map((page) => asStored(JSON.stringify(page.links))),
          ],
        );
      }
      await client.query(
        `UPDATE crawl_urls c SET state = 'done', outcome = 'unchanged', reason = NULL, claimed_by = NULL, lease_until = NULL,
           fetched_at = CASE WHEN u.fetched THEN u.now ELSE c.fetched_at END
         FROM unnest($2::text[], $3::boolean[], $4::bigint[]) AS u(url, fetched, now)
         WHERE c.crawl = $1 AND c.url = u.url`,
        [crawl, pages.map((page) => asStored(page.url)), pages.map((page) => page.fetched), pages.map((page) => page.now)],
      );
    });
  }

  async takeContent(crawl: string, hash: string, url: string): Promise<string> {
    const { rows } = await this.pool.query<{ url: string }>(
      `WITH added AS (INSERT INTO crawl_contents (crawl, hash, url) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING url)
       SELECT url FROM added UNION ALL SELECT url FROM crawl_contents WHERE crawl = $1 AND hash = $2`,
      [crawl, hash, asStored(url)],
    );
    return rows[0]!.url;
  }

  async counts(crawl: string): Promise<CrawlCounts> {
    const { rows } = await this.pool.query<CountRow>(
      `SELECT state, outcome, reason, count(*) AS n, count(fetched_at) AS fetched FROM crawl_urls WHERE crawl = $1 GROUP BY state, outcome, reason`,
      [crawl],
    );
    return countsOf(rows);
  }

  async change(crawl: string, previous: string | null, samples: number): Promise<FrontierChange> {
    const indexed = await this.pool.query<{ reason: string | null; n: string }>(
      `SELECT reason, count(*) AS n FROM crawl_urls WHERE crawl = $1 AND outcome = 'indexed' GROUP BY reason`,
      [crawl],
    );
    const failing = `FROM crawl_urls a WHERE a.crawl = $1 AND a.outcome = 'failed'
      AND NOT EXISTS (SELECT 1 FROM crawl_urls b WHERE b.crawl = $2 AND b.url = a.url AND b.outcome = 'failed')`;
    const count = await this.pool.query<{ n: string }>(`SELECT count(*) AS n ${failing}`, [crawl, previous]);
    const urls = await this.pool.query<{ url: string }>(`SELECT a.url ${failing} ORDER BY a.seq LIMIT $3`, [crawl, previous, samples]);
    return frontierChange(indexed.rows, Number(count.rows[0]!.n), urls.rows);
  }

  async samples(crawl: string, perReason: number): Promise<ReasonSamples> {
    const { rows } = await this.pool.query<{ outcome: string; reason: string | null; url: string }>(
      `SELECT outcome, reason, url FROM (
         SELECT outcome, reason, url, seq, row_number() OVER (PARTITION BY outcome, reason ORDER BY seq) AS n
         FROM crawl_urls WHERE crawl = $1 AND outcome IN ('excluded', 'failed')) ranked
       WHERE n <= $2 ORDER BY outcome, reason, seq`,
      [crawl, perReason],
    );
    return samplesOf(rows);
  }

  async urls(crawl: string, filter: { outcome?: UrlOutcomeKind; reason?: string }, offset: number, limit: number): Promise<FrontierUrl[]> {
    const args: unknown[] = [crawl];
    const where = ['crawl = $1'];
    if (filter.outcome !== undefined) {
      args.push(filter.outcome);
      where.push(`outcome = $${args.length}`);
    }
    if (filter.reason !== undefined) {
      args.push(filter.reason);
      where.push(`reason = $${args.length}`);
    }
    args.push(limit, offset);
    const { rows } = await this.pool.query<FrontierRow>(
      `SELECT ${FRONTIER_COLUMNS} FROM crawl_urls WHERE ${where.join(' AND ')} ORDER BY seq LIMIT $${args.length - 1} OFFSET $${args.length}`,
      args,
    );
    return rows.map(frontierUrl);
  }

  async endHeld(id: string, now: number): Promise<boolean> {
    const { rowCount } = await this.pool.query(`UPDATE crawls SET state = 'done', ended_at = $1 WHERE id = $2 AND state = 'held'`, [now, id]);
    return (rowCount ?? 0) > 0;
  }

  async page(url: string): Promise<CrawledPage | null> {
    const { rows } = await this.pool.query<CrawledPageRow>(`SELECT ${CRAWLED_PAGE_COLUMNS} FROM crawled_pages WHERE url = $1`, [asStored(url)]);
    return rows[0] === undefined ? null : crawledPage(rows[0]);
  }

  async keepPage(page: PageKept): Promise<void> {
    await this.pool.query(
      `INSERT INTO crawled_pages (url, etag, last_modified, hash, links, failures, first_failure_at) VALUES ($1, $2, $3, $4, $5, 0, NULL)
       ON CONFLICT (url) DO UPDATE SET etag = excluded.etag, last_modified = excluded.last_modified, hash = excluded.hash,
         links = excluded.links, failures = 0, first_failure_at = NULL`,
      [asStored(page.url), stored(page.etag), stored(page.lastModified), page.hash, asStored(JSON.stringify(page.links))],
    );
  }

  async verdicts(crawl: string, after: string, limit: number): Promise<PageVerdict[]> {
    const { rows } = await this.pool.query<{
      url: string;
      outcome: PageVerdict['outcome'];
      reason: string | null;
      failures: number;
      first_failure_at: string | null;
    }>(
      `SELECT p.url, u.outcome, u.reason, p.failures, p.first_failure_at FROM crawled_pages p
       LEFT JOIN crawl_urls u ON u.crawl = $1 AND u.url = p.url
       WHERE p.url > $2 ORDER BY p.url LIMIT $3`,
      [crawl, asStored(after), limit],
    );
    return rows.map((row) => ({
      url: row.url,
      outcome: row.outcome,
      reason: row.reason,
      failures: Number(row.failures),
      firstFailureAt: row.first_failure_at === null ? null : Number(row.first_failure_at),
    }));
  }

  async countFailures(urls: readonly string[], now: number): Promise<void> {
    if (urls.length === 0) return;
    await this.pool.query(`UPDATE crawled_pages SET failures = failures + 1, first_failure_at = coalesce(first_failure_at, $1) WHERE url = ANY($2::text[])`, [
      now,
      urls.map(asStored),
    ]);
  }

  async forgetPages(urls: readonly string[]): Promise<void> {
    if (urls.length === 0) return;
    await this.pool.query('DELETE FROM crawled_pages WHERE url = ANY($1::text[])', [urls.map(asStored)]);
  }

  async addRemovals(crawl: string, removals: readonly CrawlRemoval[]): Promise<void> {
    if (removals.length === 0) return;
    await this.pool.query(
      `INSERT INTO crawl_removals (crawl, url, reason, state)
       SELECT $1, u.url, u.reason, u.state FROM unnest($2::text[], $3::text[], $4::text[]) AS u(url, reason, state)
       ON CONFLICT (crawl, url) DO UPDATE SET reason = excluded.reason, state = excluded.state`,
      [crawl, removals.map((r) => asStored(r.url)), removals.map((r) => r.reason), removals.map((r) => r.state)],
    );
  }

  async removals(crawl: string, state: RemovalState | undefined, offset: number, limit: number): Promise<CrawlRemoval[]> {
    const { rows } = await this.pool.query<CrawlRemoval>(
      `SELECT url, reason, state FROM crawl_removals WHERE crawl = $1 AND ($2::text IS NULL OR state = $2) ORDER BY url LIMIT $3 OFFSET $4`,
      [crawl, state ?? null, limit, offset],
    );
    return rows;
  }

  async removalCounts(crawl: string): Promise<Record<RemovalState, number>> {
    const { rows } = await this.pool.query<{ state: string; n: string }>('SELECT state, count(*) AS n FROM crawl_removals WHERE crawl = $1 GROUP BY state', [
      crawl,
    ]);
    return removalCountsOf(rows);
  }

  async setRemovals(crawl: string, from: RemovalState, to: RemovalState): Promise<void> {
    await this.pool.query('UPDATE crawl_removals SET state = $1 WHERE crawl = $2 AND state = $3', [to, crawl, from]);
  }
}

function stored(text: string | null): string | null {
  return text === null ? null : asStored(text);
}
