/**
 * Personal results: what an index keeps of a `userToken`'s clicks, and how much it may
 * move that user's results. A click of a token adds one to each *feature* of the clicked
 * document (each of its categories, and each value of the chosen custom fields), and
 * one to the profile's total; weights halve every `halfLifeDays`. A document's affinity
 * is the share of the user's clicks that had its features (see
 * server/pipeline/personalAffinity.ts; the features are documents/documentFeatures.ts's).
 */
import { createHash } from 'node:crypto';
import type { ClientHasher } from './clientAddress.ts';

export interface PersonalizationSettings {
  /** How far a profile may move results, 0-100; 0 turns personal results off (and keeps no profiles). @default 50 */
  impact: number;
  /** Custom fields whose values a profile counts, besides the documents' categories. @default [] */
  fields: string[];
  /** A click counts half as much after this many days. @default 30 */
  halfLifeDays: number;
  /** A profile without a click for this many days is forgotten. @default 90 */
  profileDays: number;
}

export const DEFAULT_PERSONALIZATION: Readonly<PersonalizationSettings> = { impact: 50, fields: [], halfLifeDays: 30, profileDays: 90 };

/** The profile's total weight (every click adds one) is kept under this feature name. */
export const PROFILE_TOTAL = '';

/**
 * A user's profile as of a moment: each feature's share of the user's clicks (0-1, the
 * decay applied to both), by feature.
 */
export type UserProfile = ReadonlyMap<string, number>;

/** A stored weight, decayed to `updated` (ms since the epoch). */
export interface StoredWeight {
  feature: string;
  weight: number;
  updated: number;
}

/** The shares of a profile's stored weights as of `now`; null when it holds no click. */
export function profileShares(rows: readonly StoredWeight[], now: number, halfLifeMs: number): UserProfile | null {
  const decayed = (row: StoredWeight) => row.weight * 2 ** ((row.updated - now) / halfLifeMs);
  const total = rows.find((row) => row.feature === PROFILE_TOTAL);
  if (total === undefined) return null;
  const sum = decayed(total);
  if (!(sum > 0)) return null;
  return new Map(rows.filter((row) => row.feature !== PROFILE_TOTAL).map((row) => [row.feature, Math.min(1, decayed(row) / sum)]));
}

/** How long profiles are kept and how their weights decay: what an event store needs to keep them. */
export type ProfileKeeping = Pick<PersonalizationSettings, 'halfLifeDays' | 'profileDays'>;

/**
 * A click shapes a profile only when its session searched with the user's token within
 * this long before: a token replayed from elsewhere, without that search, writes nothing.
 */
export const USER_SESSION_MS = 24 * 60 * 60 * 1000;

/** Profiles forgotten for idleness at each click, at most: the rest at the next clicks. */
export const EXPIRED_PER_CLICK = 100;

/**
 * The key a user token is stored under: a keyed hash with the store's key, or (a store
 * that keeps no key, as in tests) a plain SHA-256; never the token itself.
 */
export function userKey(hasher: ClientHasher | null, token: string): string {
  return hasher?.hashUserToken(token) ?? createHash('sha256').update(`user-token\0${token}`).digest('hex').slice(0, 32);
}
