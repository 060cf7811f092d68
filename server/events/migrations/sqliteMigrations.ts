import type { SqliteMigration } from '../../storage/sqliteMigrations.ts';
import { initial } from './sqlite/0001-initial.ts';
import { userProfiles } from './sqlite/0002-user-profiles.ts';
import { searchedKeywords } from './sqlite/0003-searched-keywords.ts';
import { userSessions } from './sqlite/0004-user-sessions.ts';
import { clientGroups } from './sqlite/0005-client-groups.ts';
import { searchedDays } from './sqlite/0006-searched-days.ts';
import { latestWeights } from './sqlite/0007-latest-weights.ts';

/**
 * The schema of an index's event file, migration by migration, in order: a change to its
 * tables is a new file in ./sqlite/ added at the end of this list (and its PostgreSQL
 * twin in postgresMigrations.ts).
 */
export const SQLITE_EVENT_MIGRATIONS: readonly SqliteMigration[] = [
  initial,
  userProfiles,
  searchedKeywords,
  userSessions,
  clientGroups,
  searchedDays,
  latestWeights,
];
