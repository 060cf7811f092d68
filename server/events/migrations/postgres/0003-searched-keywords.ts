import type { PostgresMigration } from '../../../storage/postgresMigrations.ts';
import { addSearchedKeyword } from '../../postgresSearchedKeywords.ts';
import { PostgresRollupSums } from '../../postgresRollupSums.ts';
import { DAY_MS } from '../../clickRanking.ts';
import { DEFAULT_SUGGESTED_KEYWORD_RULE, searchedWindowStart } from '../../searchedKeywords.ts';

/** The twin of the SQLite event file's 0003-searched-keywords, whose comments say what each table holds. */
const TABLES = `
  CREATE TABLE IF NOT EXISTS keyword_sessions (
    words TEXT COLLATE "C" NOT NULL, session TEXT COLLATE "C" NOT NULL, day INTEGER NOT NULL, PRIMARY KEY (words, session)
  );
  CREATE INDEX IF NOT EXISTS keyword_sessions_day ON keyword_sessions (day);
  CREATE TABLE IF NOT EXISTS keyword_addresses (
    words TEXT COLLATE "C" NOT NULL, address TEXT COLLATE "C" NOT NULL, day INTEGER NOT NULL, PRIMARY KEY (words, address)
  );
  CREATE INDEX IF NOT EXISTS keyword_addresses_day ON keyword_addresses (day);
  CREATE TABLE IF NOT EXISTS searched_keywords (
    words TEXT COLLATE "C" PRIMARY KEY, keyword TEXT NOT NULL, sessions INTEGER NOT NULL, addresses INTEGER NOT NULL, suggested BOOLEAN NOT NULL,
    -- Added by 0006-searched-days; made here too, as the counting below writes them.
    first_day INTEGER, last_day INTEGER
  );
  CREATE INDEX IF NOT EXISTS searched_keywords_suggested ON searched_keywords (words, sessions) WHERE suggested;
`;

/** The version the service kept in stats_meta for tables counted as these are, before they were a migration. */
const COUNTED_AS_NOW = 2;

/**
 * Makes the searched keyword tables, counted from the events of the window; a schema whose
 * tables the service already kept this way keeps them. Which keywords are suggested is the
 * store's rule, applied again when it opens.
 */
export const searchedKeywords: PostgresMigration = {
  name: '0003-searched-keywords',
  async up({ client }, { now }) {
    const { rows } = await client.query<{ exists: boolean; version: number | null }>(
      `SELECT to_regclass('searched_keywords') IS NOT NULL AS exists,
         (SELECT value FROM stats_meta WHERE key = 'searched_keywords_version') AS version`,
    );
    const current = rows[0]!.exists && rows[0]!.version === COUNTED_AS_NOW;
    if (!current) await client.query('DROP TABLE IF EXISTS keyword_sessions, keyword_addresses, searched_keywords');
    await client.query(TABLES);
    if (!current) {
      // Counting marks what the rule in stats_meta suggests: the default's here; the store applies its own at open.
      await client.query(
        `INSERT INTO stats_meta (key, value) VALUES ('suggested_min_sessions', $1), ('suggested_min_addresses', $2)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
        [DEFAULT_SUGGESTED_KEYWORD_RULE.minSessions, DEFAULT_SUGGESTED_KEYWORD_RULE.minAddresses],
      );
      await fill(client, searchedWindowStart(now()));
    }
    await client.query(`DELETE FROM stats_meta WHERE key IN ('searched_keywords_version', 'suggested_min_sessions', 'suggested_min_addresses')`);
  },
};

async function fill(client: Parameters<PostgresMigration['up']>[0]['client'], windowStart: number): Promise<void> {
  let last = 0;
  // Folding keywords is the service's code, not SQL: the window's searches are read in pages and counted one by one.
  for (;;) {
    const { rows } = await client.query<{ rowid: string; keyword: string; session: string; client: string | null; received: string; n: number }>(
      // Searches the search endpoint recorded before it kept their sender have none: unknown, like '' (see searchAddress).
      `SELECT rowid, keyword_norm AS keyword, session, CASE WHEN client IS NULL AND source = 'search' THEN '' ELSE client END AS client,
         received, number_of_results AS n FROM stats_events
       WHERE action = 'search' AND number_of_results > 0 AND received >= $1 AND rowid > $2 ORDER BY rowid LIMIT 10000`,
      [windowStart * DAY_MS, last],
    );
    if (rows.length === 0) break;
    const sums = new PostgresRollupSums();
    for (const row of rows) {
      const search = { keyword: row.keyword, session: row.session, numberOfResults: row.n, client: row.client, received: Number(row.received) };
      await addSearchedKeyword(client, search, windowStart, sums);
    }
    await sums.flush(client);
    last = Number(rows[rows.length - 1]!.rowid);
  }
}
