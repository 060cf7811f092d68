import type { SqliteMigration } from '../../../storage/sqliteMigrations.ts';
import { CRAWLS_DDL } from '../../sqliteCrawlStore.ts';

/** Crawl jobs and their frontier (see sqliteCrawlStore.ts). */
export const crawls: SqliteMigration = {
  name: '0003-crawls',
  up(db) {
    db.exec(CRAWLS_DDL);
  },
};
