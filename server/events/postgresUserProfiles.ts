import type pg from 'pg';
import { DAY_MS } from './clickRanking.ts';
import {
  EXPIRED_PER_CLICK,
  PROFILE_TOTAL,
  USER_SESSION_MS,
  profileShares,
  type ProfileKeeping,
  type StoredWeight,
  type UserProfile,
} from './personalization.ts';

/**
 * Users' profiles in PostgreSQL (migrations/postgres/0002-user-profiles.ts), as
 * SqliteUserProfiles keeps them: one click's weights are added in one statement, decayed
 * to the later time, so clicks taken by different processes may commit in any order.
 */
export async function addUserClick(client: pg.ClientBase, user: string, features: readonly string[], received: number, keeping: ProfileKeeping): Promise<void> {
  await forgetIdle(client, received - keeping.profileDays * DAY_MS);
  await client.query(
    `INSERT INTO user_profiles (user_hash, last_click) VALUES ($1, $2)
     ON CONFLICT (user_hash) DO UPDATE SET last_click = greatest(user_profiles.last_click, excluded.last_click)`,
    [user, received],
  );
  const [a, latest] = ['user_affinities', 'greatest(user_affinities.updated, excluded.updated)'];
  await client.query(
    `INSERT INTO user_affinities (user_hash, feature, weight, updated) SELECT $1, feature, 1, $3 FROM unnest($2::text[]) AS f(feature)
     ON CONFLICT (user_hash, feature) DO UPDATE SET
       weight = ${a}.weight * power(2::float8, (${a}.updated - ${latest})::float8 / $4)
         + power(2::float8, (excluded.updated - ${latest})::float8 / $4),
       updated = ${latest}`,
    // Sorted: two clicks of one user lock their rows in the same order.
    [user, [...new Set([PROFILE_TOTAL, ...features])].sort(), received, keeping.halfLifeDays * DAY_MS],
  );
}

/** The user's profile as of `now`; null when there is none, or it has been idle too long. */
export async function readUserProfile(pool: pg.Pool, user: string, now: number, keeping: ProfileKeeping): Promise<UserProfile | null> {
  const { rows } = await pool.query<StoredWeight>(
    `SELECT a.feature, a.weight, a.updated FROM user_profiles AS p
     JOIN user_affinities AS a ON a.user_hash = p.user_hash WHERE p.user_hash = $1 AND p.last_click >= $2`,
    [user, now - keeping.profileDays * DAY_MS],
  );
  return rows.length === 0 ? null : profileShares(rows, now, keeping.halfLifeDays * DAY_MS);
}

/** Notes that `session` searched with the user's token at `at`; sessions older than USER_SESSION_MS go along the way, a bounded number. */
export async function noteUserSearch(client: pg.ClientBase, user: string, session: string, at: number): Promise<void> {
  await client.query(
    `DELETE FROM user_sessions WHERE (user_hash, session) IN (SELECT user_hash, session FROM user_sessions WHERE searched < $1 ORDER BY searched LIMIT $2)`,
    [at - USER_SESSION_MS, EXPIRED_PER_CLICK],
  );
  await client.query(
    `INSERT INTO user_sessions (user_hash, session, searched) VALUES ($1, $2, $3)
     ON CONFLICT (user_hash, session) DO UPDATE SET searched = greatest(user_sessions.searched, excluded.searched)`,
    [user, session, at],
  );
}

/** Whether `session` searched with the user's token at `since` or later. */
export async function userSearched(pool: pg.Pool, user: string, session: string, since: number): Promise<boolean> {
  const { rowCount } = await pool.query('SELECT 1 FROM user_sessions WHERE user_hash = $1 AND session = $2 AND searched >= $3', [user, session, since]);
  return (rowCount ?? 0) > 0;
}

/** Deletes a user's profile; false when there was none. */
export async function forgetUser(client: pg.ClientBase, user: string): Promise<boolean> {
  await client.query('DELETE FROM user_sessions WHERE user_hash = $1', [user]);
  await client.query('DELETE FROM user_affinities WHERE user_hash = $1', [user]);
  const { rowCount } = await client.query('DELETE FROM user_profiles WHERE user_hash = $1', [user]);
  return (rowCount ?? 0) > 0;
}

/** Forgets the profiles whose last click is before `before`, the oldest first, a bounded number at a time. */
async function forgetIdle(client: pg.ClientBase, before: number): Promise<void> {
  await client.query(
    `WITH idle AS (
       DELETE FROM user_profiles WHERE user_hash IN (SELECT user_hash FROM user_profiles WHERE last_click < $1 ORDER BY last_click LIMIT $2)
       RETURNING user_hash
     )
     DELETE FROM user_affinities WHERE user_hash IN (SELECT user_hash FROM idle)`,
    [before, EXPIRED_PER_CLICK],
  );
}
