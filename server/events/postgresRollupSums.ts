/**
 * The additions a batch of events makes to the PostgreSQL rollups, summed while the batch
 * is counted and written at its end in one statement per table. Each addition only adds
 * (counts, log2 weights), so their order does not matter; a step whose answer the rules
 * read (a click's search, a vote) still runs when it comes. Written one by one, a search
 * cost seven statements, each a round trip the event loop and the database waited on.
 */
import type pg from 'pg';
import { addSearchedCounts } from './postgresSearchedKeywords.ts';
import { insertColumns } from '../storage/postgresUnnest.ts';
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

/** The latest event's weight of a kept row and of the new events (see migrations/sqlite/0007-latest-weights.ts). */
function lastLwSql(table: string): string {
  return `last_lw = greatest(${table}.last_lw, excluded.last_lw)`;
}

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

export class PostgresRollupSums {
  private readonly keywords: Keyed<{ day: number; tag: string; keyword: string } & RollupCounts> = new Map();
  private readonly totals: Keyed<{ day: number; tag: string } & RollupCounts> = new Map();
  private readonly documents: Keyed<{ day: number; tag: string; docid: string | null; clicks: number }> = new Map();
  private readonly positions: Keyed<{ day: number; tag: string; position: number | null; clicks: number }> = new Map();
  private readonly searchWeights: Keyed<{ keyword: string; lw: number; last: number }> = new Map();
  private readonly clickWeights: Keyed<{ keyword: string; docid: string; lw: number; clients: number; last: number }> = new Map();
  private readonly searched: Keyed<{ words: string; keyword: string; sessions: number; addresses: number; firstDay: number; lastDay: number }> = new Map();

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
      () => ({ keyword, lw: Number.NEGATIVE_INFINITY, last: lw }),
      (kept) => {
        kept.lw = logAdd(kept.lw, lw);
        kept.last = Math.max(kept.last, lw);
      },
    );
  }

  clickWeight(keyword: string, docid: string, lw: number, clients: number): void {
    add(
      this.clickWeights,
      [keyword, docid],
      () => ({ keyword, docid, lw: Number.NEGATIVE_INFINITY, clients: 0, last: lw }),
      (kept) => {
        kept.lw = logAdd(kept.lw, lw);
        kept.last = Math.max(kept.last, lw);
        kept.clients += clients;
      },
    );
  }

  /** A searched keyword's new session and new address, and the day searched (the first search's spelling names it). */
  searchedKeyword(words: string, keyword: string, newSession: boolean, newAddress: boolean, day: number): void {
    add(
      this.searched,
      [words],
      () => ({ words, keyword, sessions: 0, addresses: 0, firstDay: day, lastDay: day }),
      (kept) => {
        kept.sessions += Number(newSession);
        kept.addresses += Number(newAddress);
        kept.firstDay = Math.min(kept.firstDay, day);
        kept.lastDay = Math.max(kept.lastDay, day);
      },
    );
  }

  /** Writes the sums, inside the caller's transaction, and forgets them. */
  async flush(client: pg.ClientBase): Promise<void> {
    const counts = (kept: string) => `DO UPDATE SET searches = ${kept}.searches + excluded.searches, no_hits = ${kept}.no_hits + excluded.no_hits,
      clicks = ${kept}.clicks + excluded.clicks, clicked_searches = ${kept}.clicked_searches + excluded.clicked_searches`;
    await upsert(
      client,
      'daily_keywords',
      this.keywords,
      [DAY, TAG, ['keyword', 'keyword', 'text'], ...COUNTS],
      `(day, tag, keyword) ${counts('daily_keywords')}`,
    );
    await upsert(client, 'daily_totals', this.totals, [DAY, TAG, ...COUNTS], `(day, tag) ${counts('daily_totals')}`);
    // A day's clicks by document and by position: the key after day and tag, and the clicks.
    const dailyClicks = <T extends { day: number; tag: string; clicks: number }>(table: string, rows: Keyed<T>, key: Column<T>) =>
      upsert(
        client,
        table,
        rows,
        [DAY, TAG, key, ['clicks', 'clicks', 'int']],
        `(day, tag, ${key[0]}) DO UPDATE SET clicks = ${table}.clicks + excluded.clicks`,
      );
    await dailyClicks('daily_documents', this.documents, ['docid', 'docid', 'text']);
    await dailyClicks('daily_positions', this.positions, ['position', 'position', 'int']);
    await upsert(
      client,
      'keyword_searches',
      this.searchWeights,
      [
        ['keyword', 'keyword', 'text'],
        ['lw', 'lw', 'float8'],
        ['last_lw', 'last', 'float8'],
      ],
      `(keyword) DO UPDATE SET lw = ${logAddSql('keyword_searches')}, ${lastLwSql('keyword_searches')}`,
    );
    await upsert(
      client,
      'keyword_clicks',
      this.clickWeights,
      [
        ['keyword', 'keyword', 'text'],
        ['docid', 'docid', 'text'],
        ['lw', 'lw', 'float8'],
        ['clients', 'clients', 'int'],
        ['last_lw', 'last', 'float8'],
      ],
      `(keyword, docid) DO UPDATE SET lw = ${logAddSql('keyword_clicks')}, clients = keyword_clicks.clients + excluded.clients, ${lastLwSql('keyword_clicks')}`,
    );
    await addSearchedCounts(client, [...this.searched.values()]);
    for (const map of [this.keywords, this.totals, this.documents, this.positions, this.searchWeights, this.clickWeights, this.searched]) map.clear();
  }
}

/** A column of an upsert: its name in the table, the field of the sums it takes, its SQL type. */
type Column<T> = readonly [name: string, field: keyof T & string, type: string];

const DAY = ['day', 'day', 'int'] as const;
const TAG = ['tag', 'tag', 'text'] as const;
const COUNTS = [
  ['searches', 'searches', 'int'],
  ['no_hits', 'noHits', 'int'],
  ['clicks', 'clicks', 'int'],
  ['clicked_searches', 'clickedSearches', 'int'],
] as const;

/** Adds the sums of `rows` to `table` in one statement, `conflict` what a kept row adds. */
async function upsert<T>(client: pg.ClientBase, table: string, rows: Keyed<T>, columns: ReadonlyArray<Column<T>>, conflict: string): Promise<void> {
  if (rows.size === 0) return;
  const kept = [...rows.values()];
  await insertColumns(
    client,
    table,
    columns.map(([name, , type]) => [name, type] as const),
    columns.map(([, field]) => kept.map((row) => row[field])),
    `ON CONFLICT ${conflict}`,
  );
}
