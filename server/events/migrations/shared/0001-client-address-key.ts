import type { PostgresMigration } from '../../../storage/postgresMigrations.ts';
import { ClientHasher } from '../../clientAddress.ts';

/**
 * The key client addresses are hashed with (see ClientHasher), one for the whole database
 * so every node counts a client as the same client, made with the table. A database from
 * before this migration keeps the key it holds.
 */
export const clientAddressKey: PostgresMigration = {
  name: '0001-client-address-key',
  async up({ client, schema }) {
    await client.query(`CREATE TABLE IF NOT EXISTS ${schema}.client_address_key (id INTEGER PRIMARY KEY CHECK (id = 1), key BYTEA NOT NULL)`);
    await client.query(`INSERT INTO ${schema}.client_address_key (id, key) VALUES (1, $1) ON CONFLICT DO NOTHING`, [ClientHasher.newKey()]);
  },
};
