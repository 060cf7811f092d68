/**
 * Where searches get the searching user's profile (personal results): one read of the
 * index's event store per user, kept for a moment, since a visitor typing sends several
 * searches a second. A click or a forget on this process drops the kept copy at once;
 * another process's is seen within PROFILE_CACHE_MS.
 *
 * What may write a profile: a `userToken` the site's server signed (userTokens.ts), from
 * a session that searched with it first, within limits per user and per address group
 * (each process counts its own), and at most so many new profiles a day per address group.
 */
import { randomBytes } from 'node:crypto';
import { documentFeatures } from '../documents/documentFeatures.ts';
import { LRUCache } from 'lru-cache';
import type { PersonalRanking, StoredDocument } from '../engine/engine.ts';
import type { EventStore } from '../events/eventStore.ts';
import { USER_SESSION_MS, type PersonalizationSettings, type UserProfile } from '../events/personalization.ts';
import { readUserToken, userTokenKey, type UserTokenReading } from '../events/userTokens.ts';
import { addressGroup } from '../events/clientAddress.ts';
import { WindowCounter } from '../events/windowCounter.ts';

/** How long a profile read is kept. */
export const PROFILE_CACHE_MS = 2000;
/** Profiles kept at once; the oldest read goes first. */
const CACHED_MAX = 1000;

const HOUR_MS = 60 * 60 * 1000;
/** Clicks one user may add to their profile in an hour: more than a person reads. */
export const PROFILE_CLICKS_PER_USER_HOUR = 60;
/** Profile clicks from one address group (IPv4 /24, IPv6 /48) in an hour, all users together. */
export const PROFILE_CLICKS_PER_GROUP_HOUR = 300;
/** New profiles one address group may start in a day: an office's users, not a forger's thousands. */
export const NEW_PROFILES_PER_GROUP_DAY = 50;
/** A search noted for a user and session is noted again at most this often (one write, not one per keystroke). */
const NOTE_AGAIN_MS = 60_000;

/** What became of a click for a profile: `added`, or why not. */
export type ProfileClick = 'added' | 'off' | 'unsearched' | 'limited';

/** Who may sign this index's user tokens, and whether unsigned ones are taken (local use). */
export interface UserTokenAccess {
  /**
   * The SHA-256 (hex) of the index's secret as it is now, or null for none: a config-file
   * index's is fixed, an API-made index's is what the catalog keeps (a rotation changes it).
   */
  secretHash: () => Promise<string | null>;
  allowUnsigned: boolean;
}

/** A key no signature matches (32 random bytes): only unsigned reading is left. */
const NO_KEY = randomBytes(32);

/** How long a key derived from the secret's hash is kept before the hash is read again (another node may rotate the secret). */
export const TOKEN_KEY_CACHE_MS = 2000;

export class PersonalProfiles {
  private readonly cache = new LRUCache<string, { profile: UserProfile | null; until: number }>({ max: CACHED_MAX });
  private readonly noted = new LRUCache<string, number>({ max: 10_000 });
  private keyRead: { key: Promise<Buffer | null>; until: number } | null = null;
  private readonly perUser = new WindowCounter(PROFILE_CLICKS_PER_USER_HOUR, HOUR_MS);
  private readonly perGroup = new WindowCounter(PROFILE_CLICKS_PER_GROUP_HOUR, HOUR_MS);
  private readonly newPerGroup = new WindowCounter(NEW_PROFILES_PER_GROUP_DAY, 24 * HOUR_MS);

  /** `settings` answers the personalization settings in effect (the impact is an index setting: it may change at any time). */
  constructor(
    private readonly events: EventStore,
    private readonly settings: () => Promise<Readonly<PersonalizationSettings>>,
    private readonly access: UserTokenAccess,
  ) {}

  /** The user id a token names as of `now`, or why it is refused. */
  async readToken(token: string, now: number): Promise<UserTokenReading> {
    const key = await this.tokenKey();
    if (key === null) {
      if (this.access.allowUnsigned) return readUserToken(token, NO_KEY, true, now);
      return { ok: false, message: 'this index takes no signed userToken: it has no secret to sign with' };
    }
    return readUserToken(token, key, this.access.allowUnsigned, now);
  }

  /** Reads the secret's hash again at the next token (this node rotated the secret). */
  forgetTokenKey(): void {
    this.keyRead = null;
  }

  private tokenKey(): Promise<Buffer | null> {
    const moment = performance.now();
    if (this.keyRead === null || this.keyRead.until <= moment) {
      const key = this.access.secretHash().then((hash) => (hash === null ? null : userTokenKey(hash)));
      // A failed read is not kept: the next token reads again.
      key.catch(() => {
        if (this.keyRead?.key === key) this.keyRead = null;
      });
      this.keyRead = { key, until: moment + TOKEN_KEY_CACHE_MS };
    }
    return this.keyRead.key;
  }

  /** Whether profiles are kept and used at all now (an impact of 0 turns them off). */
  async enabled(): Promise<boolean> {
    return (await this.settings()).impact > 0;
  }

  /** What the ranking reads of a user's profile as of `now`; null for none (organic results). */
  async forSearch(userId: string, now: number): Promise<PersonalRanking | null> {
    const settings = await this.settings();
    if (settings.impact <= 0) return null;
    const kept = this.cache.get(userId);
    const moment = performance.now();
    let profile: UserProfile | null;
    if (kept !== undefined && kept.until > moment) profile = kept.profile;
    else {
      profile = await this.events.userProfile(userId, now, settings);
      this.cache.delete(userId);
      this.cache.set(userId, { profile, until: moment + PROFILE_CACHE_MS });
    }
    // The impact as in effect now, whenever the profile was read.
    return profile === null ? null : { profile, impact: settings.impact, fields: settings.fields };
  }

  /** Notes that `session` searched as the user at `now`: its clicks may then shape the profile. */
  async noteSearch(userId: string, session: string, now: number): Promise<void> {
    if (!(await this.enabled())) return;
    const key = `${userId}\0${session}`;
    const last = this.noted.get(key);
    if (last !== undefined && now - last < NOTE_AGAIN_MS && now >= last) return;
    await this.events.addUserSearch(userId, session, now);
    this.noted.set(key, now);
  }

  /**
   * Adds a click of the user on `document` (its categories and chosen field values) to
   * their profile, when `session` searched as the user within USER_SESSION_MS and the
   * limits per user and per address group (of `address`) leave room.
   */
  async addClick(userId: string, session: string, document: StoredDocument, received: number, address: string): Promise<ProfileClick> {
    const settings = await this.settings();
    if (settings.impact <= 0) return 'off';
    if (!(await this.events.userSearched(userId, session, received - USER_SESSION_MS))) return 'unsearched';
    const group = addressGroup(address);
    if (!this.perUser.room(userId, received) || !this.perGroup.room(group, received)) return 'limited';
    if ((await this.events.userProfile(userId, received, settings)) === null && !this.newPerGroup.take(group, received)) return 'limited';
    this.perUser.take(userId, received);
    this.perGroup.take(group, received);
    const features = documentFeatures(document.url, document.customFields, settings.fields);
    await this.events.addUserClick(userId, features, received, settings);
    this.cache.delete(userId);
    return 'added';
  }

  /** Forgets everything kept of a user; false when nothing was. */
  async forget(userId: string): Promise<boolean> {
    this.cache.delete(userId);
    for (const key of this.noted.keys()) if (key.startsWith(`${userId}\0`)) this.noted.delete(key);
    const forgotten = await this.events.forgetUser(userId);
    this.cache.delete(userId);
    return forgotten;
  }
}
