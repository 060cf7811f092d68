import type { SqliteMigration } from '../../../storage/sqliteMigrations.ts';

/**
 * The frontier's pending URLs in claim order (SQLITE_CLAIM_SQL in sqliteCrawlStore.ts):
 * without it each claim read and sorted every pending URL of the crawl, a cost that grew
 * with the site. Partial, so the done URLs (most of a crawl's) are not in it.
 */
export const claimOrder: SqliteMigration = {
  name: '0008-claim-order',
  up(db) {
    db.exec(`CREATE INDEX IF NOT EXISTS crawl_urls_pending ON crawl_urls (crawl, depth) WHERE state IN ('queued', 'claimed');`);
  },
};
