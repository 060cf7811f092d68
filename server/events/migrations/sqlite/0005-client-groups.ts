import type { SqliteMigration } from '../../../storage/sqliteMigrations.ts';

/**
 * The sender's address group (IPv4 /24, IPv6 /48) beside its address, as a keyed hash:
 * click votes for ranking count groups, so one party holding a block of addresses votes
 * once (see clickRanking.ts). Events stored before have none: each of their addresses
 * counts as a group of its own.
 */
export const clientGroups: SqliteMigration = {
  name: '0005-client-groups',
  up(db) {
    const columns = db.prepare("SELECT name FROM pragma_table_info('stats_events')").pluck().all() as string[];
    if (!columns.includes('client_group')) db.exec('ALTER TABLE stats_events ADD COLUMN client_group TEXT');
  },
};
