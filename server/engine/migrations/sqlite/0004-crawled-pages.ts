import type { SqliteMigration } from '../../../storage/sqliteMigrations.ts';

/**
 * What crawls keep across crawls (sqliteCrawlStore.ts): each page a crawl indexed, with its
 * validators, content hash, links and run of failing crawls (only pages here are ever
 * removed by a crawl: documents written through the indexing API are not); and each
 * crawl's removals, held for the owner or done.
 */
export const crawledPages: SqliteMigration = {
  name: '0004-crawled-pages',
  up(db) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS crawled_pages (
        url TEXT PRIMARY KEY,
        etag TEXT,
        last_modified TEXT,
        hash TEXT,
        links TEXT,
        failures INTEGER NOT NULL DEFAULT 0,
        first_failure_at INTEGER
      ) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS crawl_removals (
        crawl TEXT NOT NULL,
        url TEXT NOT NULL,
        reason TEXT NOT NULL,
        state TEXT NOT NULL,
        PRIMARY KEY (crawl, url)
      ) WITHOUT ROWID;
    `);
  },
};
