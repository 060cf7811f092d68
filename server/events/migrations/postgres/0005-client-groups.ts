import type { PostgresMigration } from '../../../storage/postgresMigrations.ts';

/** The sender's address group as a keyed hash: the twin of the SQLite event file's 0005-client-groups, whose comment says why. */
export const clientGroups: PostgresMigration = {
  name: '0005-client-groups',
  async up({ client }) {
    await client.query('ALTER TABLE stats_events ADD COLUMN IF NOT EXISTS client_group TEXT COLLATE "C"');
  },
};
