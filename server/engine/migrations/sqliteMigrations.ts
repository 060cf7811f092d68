import type { SqliteMigration } from '../../storage/sqliteMigrations.ts';
import { initial } from './sqlite/0001-initial.ts';
import { steering } from './sqlite/0002-steering.ts';
import { crawls } from './sqlite/0003-crawls.ts';
import { crawledPages } from './sqlite/0004-crawled-pages.ts';
import { sections } from './sqlite/0005-sections.ts';
import { longPages } from './sqlite/0006-long-pages.ts';
import { lastmodHosts } from './sqlite/0007-lastmod-hosts.ts';
import { claimOrder } from './sqlite/0008-claim-order.ts';
import { bodyLast } from './sqlite/0009-body-last.ts';

/**
 * The schema of an index file, migration by migration, in order: a change to the tables
 * is a new file in ./sqlite/ added at the end of this list (and its PostgreSQL twin in
 * postgresMigrations.ts).
 */
export const SQLITE_INDEX_MIGRATIONS: readonly SqliteMigration[] = [
  initial,
  steering,
  crawls,
  crawledPages,
  sections,
  longPages,
  lastmodHosts,
  claimOrder,
  bodyLast,
];
