import type { PostgresMigration } from '../../../storage/postgresMigrations.ts';

/**
 * Each crawl's verdict on its hosts' sitemap lastmod (postgresCrawlStore.ts): kept per
 * host in the store, not in the crawl's progress, so that what every process of the crawl
 * found is merged and outlives the process that found it.
 */
export const lastmodHosts: PostgresMigration = {
  name: '0010-lastmod-hosts',
  async up({ client, schema }) {
    await client.query(`
      CREATE TABLE IF NOT EXISTS ${schema}.crawl_lastmod (
        crawl TEXT COLLATE "C" NOT NULL,
        host TEXT COLLATE "C" NOT NULL,
        trusted BOOLEAN NOT NULL,
        PRIMARY KEY (crawl, host)
      );
    `);
  },
};
