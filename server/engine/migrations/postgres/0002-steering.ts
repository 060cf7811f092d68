import type { PostgresMigration } from '../../../storage/postgresMigrations.ts';

/**
 * What the site owner stores to steer searches: query rules (kind 'rule', by rule id) and
 * the index settings (kind 'settings', id ''); body is the JSON as written. Every write
 * bumps meta's steering_version in its transaction (postgresSteering.ts).
 */
export const steering: PostgresMigration = {
  name: '0002-steering',
  async up({ client, schema }) {
    await client.query(`
      CREATE TABLE IF NOT EXISTS ${schema}.steering (
        kind TEXT COLLATE "C" NOT NULL,
        id TEXT COLLATE "C" NOT NULL,
        body TEXT NOT NULL,
        PRIMARY KEY (kind, id)
      )
    `);
  },
};
