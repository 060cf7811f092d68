/**
 * The searched keywords of a PostgreSQL event store, counted as sqliteSearchedKeywords.ts
 * counts them; the tables are made by migrations/postgres/0003-searched-keywords.ts.
 * Every function runs inside the caller's transaction, under the store's lock.
 * The rule is read from stats_meta where it is applied, so every node of a shared
 * database counts by the one rule in effect, however long ago it started.
 */
import type pg from 'pg';
import { DAY_MS } from './clickRanking.ts';
import { insertColumns } from '../storage/postgresUnnest.ts';
import { KEYWORDS_READ, keywordWords, mostSearched, searchAddress, searchedPrefixes, suggestedSql, type SuggestedKeywordRule } from './searchedKeywords.ts';

/** The rule in effect, as stored (see setSuggestedRule). */
const MIN_SESSIONS = `(SELECT value FROM stats_meta WHERE key = 'suggested_min_sessions')`;
const MIN_ADDRESSES = `(SELECT value FROM stats_meta WHERE key = 'suggested_min_addresses')`;

/** Whether a row of searched_keywords is suggested, by the rule read as r.s and r.a (see applyRule). */
const RULE = suggestedSql('sessions', 'addresses', 'first_day', 'last_day', 'r.s', 'r.a');

/** At open: applies a changed rule, and sweeps out what is old. */
export async function prepareSearchedKeywords(client: pg.ClientBase, rule: SuggestedKeywordRule, windowStart: number): Promise<void> {
  await setSuggestedRule(client, rule);
  await sweepSearchedKeywords(client, windowStart);
}

/**
 * Stores the rule every node counts by; with `apply`, marks the keywords it suggests at
 * once. Whether it was another rule.
 */
export async function setSuggestedRule(client: pg.ClientBase, rule: SuggestedKeywordRule, apply = true): Promise<boolean> {
  const { rows } = await client.query<{ key: string; value: number }>(`SELECT key, value FROM stats_meta WHERE key LIKE 'suggested_%'`);
  const meta = new Map(rows.map((r) => [r.key, r.value]));
  if (meta.get('suggested_min_sessions') === rule.minSessions && meta.get('suggested_min_addresses') === rule.minAddresses) return false;
  await client.query(
    `INSERT INTO stats_meta (key, value) VALUES ('suggested_min_sessions', $1), ('suggested_min_addresses', $2)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    [rule.minSessions, rule.minAddresses],
  );
  if (apply) await applyRule(client);
  return true;
}

/** A stored search as the searched keywords count it. */
export interface SearchedKeywordEvent {
  keyword: string;
  session: string;
  numberOfResults: number | null;
  client: string | null;
  received: number;
}

/** Where a search's new session or address is summed until the flush (PostgresRollupSums). */
export interface SearchedKeywordSums {
  searchedKeyword(words: string, keyword: string, newSession: boolean, newAddress: boolean, day: number): void;
}

/** Counts a stored search with results, by session and by address (see SqliteSearchedKeywords.add). */
export function addSearchedKeyword(client: pg.ClientBase, search: SearchedKeywordEvent, windowStart: number, sums: SearchedKeywordSums): Promise<void> {
  return addSearchedKeywords(client, [search], windowStart, sums);
}

/**
 * Counts stored searches, in their order, as addSearchedKeyword one by one: a session or
 * address is new for the first of them that brings it. Two statements however many.
 */
export async function addSearchedKeywords(
  client: pg.ClientBase,
  searches: readonly SearchedKeywordEvent[],
  windowStart: number,
  sums: SearchedKeywordSums,
): Promise<void> {
  const counted = searches.flatMap((search) => {
    if ((search.numberOfResults ?? 0) <= 0) return [];
    const day = Math.floor(search.received / DAY_MS);
    const words = keywordWords(search.keyword);
    if (day < windowStart || words === '') return [];
    return [{ words, keyword: search.keyword, day, session: search.session, address: searchAddress(search.client, search.session) }];
  });
  if (counted.length === 0) return;
  const newSessions = await seen(
    client,
    'keyword_sessions',
    'session',
    counted.map((c) => ({ words: c.words, who: c.session, day: c.day })),
  );
  const newAddresses = await seen(
    client,
    'keyword_addresses',
    'address',
    counted.flatMap((c) => (c.address === null ? [] : [{ words: c.words, who: c.address, day: c.day }])),
  );
  for (const c of counted) {
    // Taken by the first search that brings it.
    const newSession = newSessions.delete(pairKey(c.words, c.session));
    const newAddress = c.address !== null && newAddresses.delete(pairKey(c.words, c.address));
    // A known session on another day still widens the days searched.
    sums.searchedKeyword(c.words, c.keyword, newSession, newAddress, c.day);
  }
}

/**
 * Adds new sessions and addresses to searched keywords, a batch's sums in one statement;
 * a keyword becomes a suggestion by the rule in effect (the first search's spelling names it).
 */
export async function addSearchedCounts(
  client: pg.ClientBase,
  counts: ReadonlyArray<{ words: string; keyword: string; sessions: number; addresses: number; firstDay: number; lastDay: number }>,
): Promise<void> {
  if (counts.length === 0) return;
  const first = 'least(coalesce(k.first_day, excluded.first_day), excluded.first_day)';
  const last = 'greatest(coalesce(k.last_day, excluded.last_day), excluded.last_day)';
  await client.query(
    `INSERT INTO searched_keywords AS k (words, keyword, sessions, addresses, first_day, last_day, suggested)
     SELECT t.words, t.keyword, t.sessions, t.addresses, t.first_day, t.last_day,
       ${suggestedSql('t.sessions', 't.addresses', 't.first_day', 't.last_day', MIN_SESSIONS, MIN_ADDRESSES)}
     FROM unnest($1::text[], $2::text[], $3::int[], $4::int[], $5::int[], $6::int[]) AS t(words, keyword, sessions, addresses, first_day, last_day)
     ON CONFLICT (words) DO UPDATE SET sessions = k.sessions + excluded.sessions, addresses = k.addresses + excluded.addresses,
       first_day = ${first}, last_day = ${last},
       suggested = ${suggestedSql('k.sessions + excluded.sessions', 'k.addresses + excluded.addresses', first, last, MIN_SESSIONS, MIN_ADDRESSES)}`,
    [
      counts.map((c) => c.words),
      counts.map((c) => c.keyword),
      counts.map((c) => c.sessions),
      counts.map((c) => c.addresses),
      counts.map((c) => c.firstDay),
      counts.map((c) => c.lastDay),
    ],
  );
}

/** Suggested keywords that start with the typed words (see SqliteSearchedKeywords.startingWith). */
export async function suggestedKeywords(pool: pg.Pool, words: readonly string[], limit: number): Promise<string[]> {
  if (words.length === 0 || limit <= 0) return [];
  const { prefixes, short } = searchedPrefixes(words);
  const candidates = short
    ? `SELECT words, sessions FROM searched_keywords WHERE suggested ORDER BY sessions DESC LIMIT ${KEYWORDS_READ}`
    : `SELECT words, sessions FROM searched_keywords WHERE words >= $1 AND words < $2 AND suggested LIMIT ${KEYWORDS_READ}`;
  const perPrefix: Array<Array<{ keyword: string; sessions: number }>> = [];
  for (const prefix of prefixes) {
    const { rows } = await pool.query<{ keyword: string; sessions: number }>(
      `SELECT k.keyword, top.sessions FROM (
         SELECT words, sessions FROM (${candidates}) AS c WHERE words >= $1 AND words < $2 ORDER BY sessions DESC, words LIMIT $3
       ) AS top JOIN searched_keywords AS k ON k.words = top.words ORDER BY top.sessions DESC, top.words`,
      [prefix, `${prefix}\u{10FFFF}`, limit],
    );
    perPrefix.push(rows);
  }
  return mostSearched(perPrefix, limit);
}

/** Takes the sessions and addresses whose last search is before `windowStart` (a day) out of the counts. */
export async function sweepSearchedKeywords(client: pg.ClientBase, windowStart: number): Promise<void> {
  for (const [table, column] of [
    ['keyword_sessions', 'sessions'],
    ['keyword_addresses', 'addresses'],
  ] as const) {
    await client.query(
      `UPDATE searched_keywords AS k SET ${column} = k.${column} - old.n
       FROM (SELECT words, count(*) AS n FROM ${table} WHERE day < $1 GROUP BY words) AS old WHERE k.words = old.words`,
      [windowStart],
    );
    await client.query(`DELETE FROM ${table} WHERE day < $1`, [windowStart]);
  }
  await client.query('DELETE FROM searched_keywords WHERE sessions <= 0 AND addresses <= 0');
  // Days before the window no longer count as a day searched.
  await client.query('UPDATE searched_keywords SET first_day = $1 WHERE first_day < $1', [windowStart]);
  await applyRule(client);
}

/** Which (words, who) pairs `table` did not hold, in one statement: each pair goes in once, with its latest day. */
async function seen(
  client: pg.ClientBase,
  table: 'keyword_sessions' | 'keyword_addresses',
  column: 'session' | 'address',
  pairs: ReadonlyArray<{ words: string; who: string; day: number }>,
): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const latest = new Map<string, { words: string; who: string; day: number }>();
  for (const pair of pairs) {
    const key = pairKey(pair.words, pair.who);
    if ((latest.get(key)?.day ?? Number.NEGATIVE_INFINITY) < pair.day) latest.set(key, pair);
  }
  const rows = [...latest.values()];
  // xmax = 0 only for a row this statement inserted.
  const answers = await insertColumns<{ words: string; who: string; inserted: boolean }>(
    client,
    `${table} AS t`,
    [
      ['words', 'text'],
      [column, 'text'],
      ['day', 'int'],
    ],
    [rows.map((r) => r.words), rows.map((r) => r.who), rows.map((r) => r.day)],
    `ON CONFLICT (words, ${column}) DO UPDATE SET day = greatest(t.day, excluded.day) RETURNING t.words, t.${column} AS who, (t.xmax = 0) AS inserted`,
  );
  return new Set(answers.filter((a) => a.inserted).map((a) => pairKey(a.words, a.who)));
}

function pairKey(words: string, who: string): string {
  return `${words}\u0000${who}`;
}

async function applyRule(client: pg.ClientBase): Promise<void> {
  await client.query(
    `UPDATE searched_keywords SET suggested = coalesce(${RULE}, false)
     FROM (SELECT ${MIN_SESSIONS} AS s, ${MIN_ADDRESSES} AS a) AS r
     WHERE suggested IS DISTINCT FROM coalesce(${RULE}, false)`,
  );
}
