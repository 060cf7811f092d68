import type { PostgresMigration } from '../../storage/postgresMigrations.ts';
import { initial } from './postgres/0001-initial.ts';
import { steering } from './postgres/0002-steering.ts';
import { inlineVectors } from './postgres/0003-inline-vectors.ts';
import { wordTable } from './postgres/0004-word-table.ts';
import { facetIndex } from './postgres/0005-facet-index.ts';
import { crawls } from './postgres/0006-crawls.ts';
import { crawledPages } from './postgres/0007-crawled-pages.ts';
import { sections } from './postgres/0008-sections.ts';
import { longPages } from './postgres/0009-long-pages.ts';
import { lastmodHosts } from './postgres/0010-lastmod-hosts.ts';
import { claimOrder } from './postgres/0011-claim-order.ts';
import { documentWords } from './postgres/0012-document-words.ts';

/**
 * The schema of an index on PostgreSQL, migration by migration, in order: a change to
 * the tables is a new file in ./postgres/ added at the end of this list (and its SQLite
 * twin in sqliteMigrations.ts).
 */
export const POSTGRES_INDEX_MIGRATIONS: readonly PostgresMigration[] = [
  initial,
  steering,
  inlineVectors,
  wordTable,
  facetIndex,
  crawls,
  crawledPages,
  sections,
  longPages,
  lastmodHosts,
  claimOrder,
  documentWords,
];
