import { randomBytes } from 'node:crypto';
import type { PostgresMigration } from '../../../storage/postgresMigrations.ts';

/** The catalog's tables: indices made through the API, the cookie signing key, sessions. */
export const postgresCatalogTables: PostgresMigration = {
  name: '0001-catalog',
  async up({ client, schema }) {
    await client.query(`CREATE TABLE ${schema}.api_index (public_key TEXT COLLATE "C" PRIMARY KEY, secret_hash TEXT NOT NULL, created_at BIGINT NOT NULL)`);
    await client.query(`CREATE TABLE ${schema}.signing_key (id INTEGER PRIMARY KEY CHECK (id = 1), key TEXT NOT NULL)`);
    await client.query(
      `CREATE TABLE ${schema}.session (id TEXT COLLATE "C" PRIMARY KEY, identity TEXT COLLATE "C" NOT NULL, csrf_token TEXT NOT NULL, expires_at BIGINT NOT NULL)`,
    );
    await client.query(`CREATE INDEX session_identity ON ${schema}.session (identity)`);
    await client.query(`INSERT INTO ${schema}.signing_key (id, key) VALUES (1, $1) ON CONFLICT DO NOTHING`, [randomBytes(32).toString('base64url')]);
  },
};
