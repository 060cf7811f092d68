import type { SqliteMigration } from '../../../storage/sqliteMigrations.ts';

/**
 * Each crawl's verdict on its hosts' sitemap lastmod (sqliteCrawlStore.ts): kept per host
 * in the store, not in the crawl's progress, so that what every process of the crawl
 * found is merged and outlives the process that found it.
 */
export const lastmodHosts: SqliteMigration = {
  name: '0007-lastmod-hosts',
  up(db) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS crawl_lastmod (
        crawl TEXT NOT NULL,
        host TEXT NOT NULL,
        trusted INTEGER NOT NULL,
        PRIMARY KEY (crawl, host)
      ) WITHOUT ROWID;
    `);
  },
};
