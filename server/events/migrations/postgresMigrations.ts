import type { PostgresMigration } from '../../storage/postgresMigrations.ts';
import { initial } from './postgres/0001-initial.ts';
import { userProfiles } from './postgres/0002-user-profiles.ts';
import { searchedKeywords } from './postgres/0003-searched-keywords.ts';
import { userSessions } from './postgres/0004-user-sessions.ts';
import { clientGroups } from './postgres/0005-client-groups.ts';
import { searchedDays } from './postgres/0006-searched-days.ts';
import { latestWeights } from './postgres/0007-latest-weights.ts';

/**
 * The schema of an index's events on PostgreSQL, migration by migration, in order: a
 * change to their tables is a new file in ./postgres/ added at the end of this list
 * (and its SQLite twin in sqliteMigrations.ts).
 */
export const POSTGRES_EVENT_MIGRATIONS: readonly PostgresMigration[] = [
  initial,
  userProfiles,
  searchedKeywords,
  userSessions,
  clientGroups,
  searchedDays,
  latestWeights,
];
