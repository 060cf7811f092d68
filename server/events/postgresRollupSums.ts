/**
 * The additions a batch of events makes to the PostgreSQL rollups, summed while the batch
 * is counted and written at its end in one statement per table. Each addition only adds
 * (counts, log2 weights), so their order does not matter; a step whose answer the rules
 * read (a click's search, a vote) still runs when it comes. Written one by one, a search
 * cost seven statements, each a round trip the event loop and the database waited on.
 */
import type pg from 'pg';
import type { RollupCounts } from './rollupRules.ts';

/** log2(2^a + 2^b) without leaving the log domain, as the stores' SQL adds weights. */
export function logAdd(a: number, b: number): number {
  const high = Math.max(a, b);
  return high + Math.log2(1 + 2 ** (Math.min(a, b) - high));
}

/** The SQL of logAdd for a stored weight (`table`.lw) and a new one. */
export function logAddSql(table: string): string {
  const [a, b] = [`${table}.lw`, 'excluded.lw'];
  return `greatest(${a}, ${b}) + ln(1 + power(2::float8, least(${a}, ${b}) - greatest(${a}, ${b}))) / ln(2::float8)`;
}

/** The suggested-keyword rule in effect, as stored (see postgresSearchedKeywords.ts). */
const MIN_SESSIONS = `(SELECT value FROM stats_meta WHERE key = 'suggested_min_sessions')`;
const MIN_ADDRESSES = `(SELECT value FROM stats_meta WHERE key = 'suggested_min_addresses')`;

type Keyed<T> = Map<string, T>;

function add<T>(map: Keyed<T>, key: readonly unknown[], fresh: () => T, update: (kept: T) => void): void {
  const k = JSON.stringify(key);
  let kept = map.get(k);
  if (kept === undefined) map.set(k, (kept = fresh()));
  update(kept);
}

function addCounts(kept: RollupCounts, more: RollupCounts): void {
  kept.searches += more.searches;
  kept.noHits += more.noHits;
  kept.clicks += more.clicks;
  kept.clickedSearches += more.clickedSearches;
}

const COUNTS_UPDATE = (table: string) => `DO UPDATE SET searches = ${table}.searches + excluded.searches, no_hits = ${table}.no_hits + excluded.no_hits,
  clicks = ${table}.clicks + excluded.clicks, clicked_searches = ${table}.clicked_searches + excluded.clicked_searches`;

export class PostgresRollupSums {
  private readonly keywords: Keyed<{ day: number; tag: string; keyword: string } & RollupCounts> = new Map();
  private readonly totals: Keyed<{ day: number; tag: string } & RollupCounts> = new Map();
  private readonly documents: Keyed<{ day: number; tag: string; docid: string | null; clicks: number }> = new Map();
  private readonly positions: Keyed<{ day: number; tag: string; position: number | null; clicks: number }> = new Map();
  private readonly searchWeights: Keyed<{ keyword: string; lw: number }> = new Map();
  private readonly clickWeights: Keyed<{ keyword: string; docid: string; lw: number; clients: number }> = new Map();
  private readonly searched: Keyed<{ words: string; keyword: string; sessions: number; addresses: number }> = new Map();

  /** Adds to a day's counts of a keyword, and to the day's totals. */
  count(day: number, tag: string, keyword: string, counts: RollupCounts): void {
    const zero = { searches: 0, noHits: 0, clicks: 0, clickedSearches: 0 };
    add(
      this.keywords,
      [day, tag, keyword],
      () => ({ day, tag, keyword, ...zero }),
      (kept) => addCounts(kept, counts),
    );
    add(
      this.totals,
      [day, tag],
      () => ({ day, tag, ...zero }),
      (kept) => addCounts(kept, counts),
    );
  }

  /** One more click on a document, and on a position, that day with that tag. */
  click(day: number, tag: string, docid: string | null, position: number | null): void {
    add(
      this.documents,
      [day, tag, docid],
      () => ({ day, tag, docid, clicks: 0 }),
      (kept) => void kept.clicks++,
    );
    add(
      this.positions,
      [day, tag, position],
      () => ({ day, tag, position, clicks: 0 }),
      (kept) => void kept.clicks++,
    );
  }

  searchWeight(keyword: string, lw: number): void {
    add(
      this.searchWeights,
      [keyword],
      () => ({ keyword, lw: Number.NEGATIVE_INFINITY }),
      (kept) => void (kept.lw = logAdd(kept.lw, lw)),
    );
  }

  clickWeight(keyword: string, docid: string, lw: number, clients: number): void {
    add(
      this.clickWeights,
      [keyword, docid],
      () => ({ keyword, docid, lw: Number.NEGATIVE_INFINITY, clients: 0 }),
      (kept) => {
        kept.lw = logAdd(kept.lw, lw);
        kept.clients += clients;
      },
    );
  }

  /** A searched keyword's new session and new address (the first search's spelling names it). */
  searchedKeyword(words: string, keyword: string, newSession: boolean, newAddress: boolean): void {
    add(
      this.searched,
      [words],
      () => ({ words, keyword, sessions: 0, addresses: 0 }),
      (kept) => {
        kept.sessions += Number(newSession);
        kept.addresses += Number(newAddress);
      },
    );
  }

  /** Writes the sums, inside the caller's transaction, and forgets them. */
  async flush(client: pg.ClientBase): Promise<void> {
    const keywords = [...this.keywords.values()];
    if (keywords.length > 0) {
      await client.query(
        `INSERT INTO daily_keywords (day, tag, keyword, searches, no_hits, clicks, clicked_searches)
         SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::int[], $5::int[], $6::int[], $7::int[])
         ON CONFLICT (day, tag, keyword) ${COUNTS_UPDATE('daily_keywords')}`,
        [...columns(keywords, 'day', 'tag', 'keyword'), ...countColumns(keywords)],
      );
    }
    const totals = [...this.totals.values()];
    if (totals.length > 0) {
      await client.query(
        `INSERT INTO daily_totals (day, tag, searches, no_hits, clicks, clicked_searches)
         SELECT * FROM unnest($1::int[], $2::text[], $3::int[], $4::int[], $5::int[], $6::int[])
         ON CONFLICT (day, tag) ${COUNTS_UPDATE('daily_totals')}`,
        [...columns(totals, 'day', 'tag'), ...countColumns(totals)],
      );
    }
    const documents = [...this.documents.values()];
    if (documents.length > 0) {
      await client.query(
        `INSERT INTO daily_documents (day, tag, docid, clicks) SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::int[])
         ON CONFLICT (day, tag, docid) DO UPDATE SET clicks = daily_documents.clicks + excluded.clicks`,
        columns(documents, 'day', 'tag', 'docid', 'clicks'),
      );
    }
    const positions = [...this.positions.values()];
    if (positions.length > 0) {
      await client.query(
        `INSERT INTO daily_positions (day, tag, position, clicks) SELECT * FROM unnest($1::int[], $2::text[], $3::int[], $4::int[])
         ON CONFLICT (day, tag, position) DO UPDATE SET clicks = daily_positions.clicks + excluded.clicks`,
        columns(positions, 'day', 'tag', 'position', 'clicks'),
      );
    }
    const searchWeights = [...this.searchWeights.values()];
    if (searchWeights.length > 0) {
      await client.query(
        `INSERT INTO keyword_searches (keyword, lw) SELECT * FROM unnest($1::text[], $2::float8[])
         ON CONFLICT (keyword) DO UPDATE SET lw = ${logAddSql('keyword_searches')}`,
        columns(searchWeights, 'keyword', 'lw'),
      );
    }
    const clickWeights = [...this.clickWeights.values()];
    if (clickWeights.length > 0) {
      await client.query(
        `INSERT INTO keyword_clicks (keyword, docid, lw, clients) SELECT * FROM unnest($1::text[], $2::text[], $3::float8[], $4::int[])
         ON CONFLICT (keyword, docid) DO UPDATE SET lw = ${logAddSql('keyword_clicks')}, clients = keyword_clicks.clients + excluded.clients`,
        columns(clickWeights, 'keyword', 'docid', 'lw', 'clients'),
      );
    }
    const searched = [...this.searched.values()].filter((s) => s.sessions > 0 || s.addresses > 0);
    if (searched.length > 0) {
      await client.query(
        `INSERT INTO searched_keywords AS k (words, keyword, sessions, addresses, suggested)
         SELECT t.words, t.keyword, t.sessions, t.addresses, t.sessions >= ${MIN_SESSIONS} AND t.addresses >= ${MIN_ADDRESSES}
         FROM unnest($1::text[], $2::text[], $3::int[], $4::int[]) AS t(words, keyword, sessions, addresses)
         ON CONFLICT (words) DO UPDATE SET sessions = k.sessions + excluded.sessions, addresses = k.addresses + excluded.addresses,
           suggested = (k.sessions + excluded.sessions >= ${MIN_SESSIONS} AND k.addresses + excluded.addresses >= ${MIN_ADDRESSES})`,
        columns(searched, 'words', 'keyword', 'sessions', 'addresses'),
      );
    }
    for (const map of [this.keywords, this.totals, this.documents, this.positions, this.searchWeights, this.clickWeights, this.searched]) map.clear();
  }
}

/** The named fields of `rows` as one array each, for unnest. */
function columns<T, K extends keyof T>(rows: readonly T[], ...keys: K[]): Array<Array<T[K]>> {
  return keys.map((key) => rows.map((row) => row[key]));
}

function countColumns(rows: readonly RollupCounts[]): number[][] {
  return [rows.map((r) => r.searches), rows.map((r) => r.noHits), rows.map((r) => r.clicks), rows.map((r) => r.clickedSearches)];
}
