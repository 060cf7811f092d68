import type Database from 'better-sqlite3';
import type { StatementCache } from '../storage/statementCache.ts';
import type { ClientHasher } from './clientAddress.ts';
import type { IncomingStats } from './queuedStats.ts';
import type { SuggestedKeywordRule } from './searchedKeywords.ts';
import { SqliteSearchedKeywords } from './sqliteSearchedKeywords.ts';
import { SqliteStatsRollups } from './sqliteStatsRollups.ts';
import { STATS_INSERT_COLUMNS, statsInsert } from './statsRow.ts';

/**
 * How stats events are stored in an SQLite event file: the event's row and what it is
 * counted into (the rollups, the searched keywords), in one transaction. The same code
 * runs on the service's connection (events sent to an endpoint, which the sender waits
 * for) and on the events' writer thread (the searches the service queued itself; see
 * eventWriterThread.ts).
 */
export class SqliteStatsWrites {
  readonly rollups: SqliteStatsRollups;
  readonly searched: SqliteSearchedKeywords;
  /** Stores the rows in one transaction; how many were new. `clicked` hears of each new click's keyword (folded). */
  readonly insert: (rows: readonly IncomingStats[], clicked?: (keyword: string) => void) => number;

  /** `clients` hashes the senders' addresses; without it none is kept. */
  constructor(
    db: Database.Database,
    statements: StatementCache,
    clients: ClientHasher | null,
    halfLifeMs: number,
    rule: SuggestedKeywordRule,
    clock: () => number,
  ) {
    this.rollups = new SqliteStatsRollups(db, statements, halfLifeMs);
    this.rollups.rebuildIfStale();
    this.searched = new SqliteSearchedKeywords(db, statements, rule, clock);
    this.insert = db.transaction((rows: readonly IncomingStats[], clicked?: (keyword: string) => void) => {
      let added = 0;
      const insert = statements.get(`INSERT OR IGNORE INTO stats_events (${STATS_INSERT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
      for (const { event, source, received, address } of rows) {
        const client = address === undefined || clients === null ? null : clients.hash(address);
        const group = address === undefined || clients === null ? null : clients.hashGroup(address);
        const { values, rollup } = statsInsert(event, source, received, client, group);
        const done = insert.run(...values);
        // A resent eventId changes nothing, counts included.
        if (done.changes === 0) continue;
        added++;
        this.rollups.add({ rowid: Number(done.lastInsertRowid), ...rollup });
        if (event.action === 'click') clicked?.(rollup.keyword);
        if (event.action === 'search') this.searched.add(rollup.keyword, event.session, event.numberOfResults, client, received);
      }
      return added;
    });
  }
}
