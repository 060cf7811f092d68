import type { PostgresMigration } from '../../../storage/postgresMigrations.ts';

/** The weight of each keyword weight's latest event: the twin of the SQLite event file's 0007-latest-weights, whose comment says why. */
export const latestWeights: PostgresMigration = {
  name: '0007-latest-weights',
  async up({ client }) {
    await client.query(`
      ALTER TABLE keyword_searches ADD COLUMN IF NOT EXISTS last_lw DOUBLE PRECISION;
      ALTER TABLE keyword_clicks ADD COLUMN IF NOT EXISTS last_lw DOUBLE PRECISION;
      UPDATE keyword_searches SET last_lw = lw WHERE last_lw IS NULL;
      UPDATE keyword_clicks SET last_lw = lw WHERE last_lw IS NULL;`);
  },
};
