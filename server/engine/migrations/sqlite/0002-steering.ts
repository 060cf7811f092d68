import type { SqliteMigration } from '../../../storage/sqliteMigrations.ts';
import { STEERING_DDL } from '../../sqliteSteering.ts';

/** What the site owner stores to steer searches: query rules and index settings (see sqliteSteering.ts). */
export const steering: SqliteMigration = {
  name: '0002-steering',
  up(db) {
    db.exec(STEERING_DDL);
  },
};
