import type { PostgresMigration } from '../../../storage/postgresMigrations.ts';

/**
 * The frontier's pending URLs in claim order (POSTGRES_CLAIM_SQL in postgresCrawlStore.ts):
 * without it each claim read and sorted every pending URL of the crawl, a cost that grew
 * with the site. Partial, so the done URLs (most of a crawl's) are not in it.
 */
export const claimOrder: PostgresMigration = {
  name: '0011-claim-order',
  async up({ client, schema }) {
    await client.query(`CREATE INDEX IF NOT EXISTS crawl_urls_pending ON ${schema}.crawl_urls (crawl, depth, seq) WHERE state IN ('queued', 'claimed');`);
  },
};
