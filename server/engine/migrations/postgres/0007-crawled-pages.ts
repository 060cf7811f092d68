import type { PostgresMigration } from '../../../storage/postgresMigrations.ts';

/**
 * What crawls keep across crawls (postgresCrawlStore.ts): each page a crawl indexed, with
 * its validators, content hash, links and run of failing crawls (only pages here are ever
 * removed by a crawl: documents written through the indexing API are not); and each
 * crawl's removals, held for the owner or done.
 */
export const crawledPages: PostgresMigration = {
  name: '0007-crawled-pages',
  async up({ client, schema }) {
    await client.query(`
      CREATE TABLE IF NOT EXISTS ${schema}.crawled_pages (
        url TEXT COLLATE "C" PRIMARY KEY,
        etag TEXT,
        last_modified TEXT,
        hash TEXT,
        links TEXT,
        failures INTEGER NOT NULL DEFAULT 0,
        first_failure_at BIGINT
      );
      CREATE TABLE IF NOT EXISTS ${schema}.crawl_removals (
        crawl TEXT COLLATE "C" NOT NULL,
        url TEXT COLLATE "C" NOT NULL,
        reason TEXT NOT NULL,
        state TEXT NOT NULL,
        PRIMARY KEY (crawl, url)
      );
    `);
  },
};
