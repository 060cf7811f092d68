import type { PostgresMigration } from '../../../storage/postgresMigrations.ts';

/**
 * Crawl jobs and their frontier (postgresCrawlStore.ts): one crawl of an index queued or
 * running at a time (a unique index over a constant, limited to those states), and the
 * frontier claimed shallowest first, then in the order found (seq).
 */
export const crawls: PostgresMigration = {
  name: '0006-crawls',
  async up({ client, schema }) {
    await client.query(`
      CREATE TABLE IF NOT EXISTS ${schema}.crawls (
        id TEXT COLLATE "C" PRIMARY KEY,
        seq BIGSERIAL NOT NULL,
        state TEXT NOT NULL,
        options TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        started_at BIGINT,
        ended_at BIGINT,
        error TEXT,
        blocks TEXT
      );
      CREATE UNIQUE INDEX IF NOT EXISTS crawls_one_active ON ${schema}.crawls ((true)) WHERE state IN ('queued', 'running');
      CREATE INDEX IF NOT EXISTS crawls_recent ON ${schema}.crawls (created_at, seq);
      CREATE TABLE IF NOT EXISTS ${schema}.crawl_urls (
        crawl TEXT COLLATE "C" NOT NULL,
        url TEXT COLLATE "C" NOT NULL,
        seq BIGSERIAL NOT NULL,
        depth INTEGER NOT NULL,
        found_from TEXT,
        state TEXT NOT NULL,
        outcome TEXT,
        reason TEXT,
        claimed_by TEXT,
        lease_until BIGINT,
        fetched_at BIGINT,
        PRIMARY KEY (crawl, url)
      );
      CREATE INDEX IF NOT EXISTS crawl_urls_queue ON ${schema}.crawl_urls (crawl, state, depth, seq);
      CREATE INDEX IF NOT EXISTS crawl_urls_outcome ON ${schema}.crawl_urls (crawl, outcome, reason, seq);
      CREATE TABLE IF NOT EXISTS ${schema}.crawl_contents (
        crawl TEXT COLLATE "C" NOT NULL,
        hash TEXT COLLATE "C" NOT NULL,
        url TEXT NOT NULL,
        PRIMARY KEY (crawl, hash)
      );
    `);
  },
};
