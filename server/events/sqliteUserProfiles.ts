import type Database from 'better-sqlite3';
import type { StatementCache } from '../storage/statementCache.ts';
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
 * Users' profiles in an SQLite event store (tables of migrations/sqlite/0002-user-profiles.ts),
 * by the hashed user token. Weights are decayed to the later of the stored and the new
 * time before they are added, so clicks may arrive in any order.
 */
export class SqliteUserProfiles {
  private readonly addClick: (user: string, features: readonly string[], received: number, keeping: ProfileKeeping) => void;

  constructor(
    db: Database.Database,
    private readonly statements: StatementCache,
  ) {
    this.addClick = db.transaction((user: string, features: readonly string[], received: number, keeping: ProfileKeeping) => {
      this.forgetIdle(received - keeping.profileDays * DAY_MS);
      this.statements
        .get('INSERT INTO user_profiles (user_hash, last_click) VALUES (?, ?) ON CONFLICT DO UPDATE SET last_click = max(last_click, excluded.last_click)')
        .run(user, received);
      const add = this.statements.get(
        `INSERT INTO user_affinities (user_hash, feature, weight, updated) VALUES (?, ?, 1, ?)
         ON CONFLICT DO UPDATE SET
           weight = weight * pow(2, (updated - max(updated, excluded.updated)) * 1.0 / ?)
             + pow(2, (excluded.updated - max(updated, excluded.updated)) * 1.0 / ?),
           updated = max(updated, excluded.updated)`,
      );
      const halfLifeMs = keeping.halfLifeDays * DAY_MS;
      for (const feature of [PROFILE_TOTAL, ...features]) add.run(user, feature, received, halfLifeMs, halfLifeMs);
    });
  }

  /** Adds a click on a document with `features` to a user's profile, in one transaction. */
  add(user: string, features: readonly string[], received: number, keeping: ProfileKeeping): void {
    this.addClick(user, features, received, keeping);
  }

  /** The user's profile as of `now`; null when there is none, or it has been idle too long. */
  read(user: string, now: number, keeping: ProfileKeeping): UserProfile | null {
    const lastClick = this.statements.get('SELECT last_click FROM user_profiles WHERE user_hash = ?').pluck().get(user) as number | undefined;
    if (lastClick === undefined || lastClick < now - keeping.profileDays * DAY_MS) return null;
    const rows = this.statements.get('SELECT feature, weight, updated FROM user_affinities WHERE user_hash = ?').all(user) as StoredWeight[];
    return profileShares(rows, now, keeping.halfLifeDays * DAY_MS);
  }

  /** Notes that `session` searched with the user's token at `at`; sessions older than USER_SESSION_MS go along the way, a bounded number. */
  noteSearch(user: string, session: string, at: number): void {
    this.statements
      .get(
        'DELETE FROM user_sessions WHERE (user_hash, session) IN (SELECT user_hash, session FROM user_sessions WHERE searched < ? ORDER BY searched LIMIT ?)',
      )
      .run(at - USER_SESSION_MS, EXPIRED_PER_CLICK);
    this.statements
      .get('INSERT INTO user_sessions (user_hash, session, searched) VALUES (?, ?, ?) ON CONFLICT DO UPDATE SET searched = max(searched, excluded.searched)')
      .run(user, session, at);
  }

  /** Whether `session` searched with the user's token at `since` or later. */
  searched(user: string, session: string, since: number): boolean {
    return this.statements.get('SELECT 1 FROM user_sessions WHERE user_hash = ? AND session = ? AND searched >= ?').get(user, session, since) !== undefined;
  }

  /** Deletes a user's profile; false when there was none. */
  forget(user: string): boolean {
    this.statements.get('DELETE FROM user_sessions WHERE user_hash = ?').run(user);
    this.statements.get('DELETE FROM user_affinities WHERE user_hash = ?').run(user);
    return this.statements.get('DELETE FROM user_profiles WHERE user_hash = ?').run(user).changes > 0;
  }

  /** Forgets the profiles whose last click is before `before`, the oldest first, a bounded number at a time. */
  private forgetIdle(before: number): void {
    const idle = this.statements
      .get('SELECT user_hash FROM user_profiles WHERE last_click < ? ORDER BY last_click LIMIT ?')
      .pluck()
      .all(before, EXPIRED_PER_CLICK) as string[];
    for (const user of idle) this.forget(user);
  }
}
