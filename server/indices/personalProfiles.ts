/**
 * Where searches get the searching user's profile (personal results): one read of the
 * index's event store per user, kept for a moment, since a visitor typing sends several
 * searches a second. A click or a forget on this process drops the kept copy at once;
 * another process's is seen within PROFILE_CACHE_MS.
 */
import { documentFeatures } from '../documents/documentFeatures.ts';
import { LRUCache } from 'lru-cache';
import type { PersonalRanking, StoredDocument } from '../engine/engine.ts';
import type { EventStore } from '../events/eventStore.ts';
import type { PersonalizationSettings, UserProfile } from '../events/personalization.ts';

/** How long a profile read is kept. */
export const PROFILE_CACHE_MS = 2000;
/** Profiles kept at once; the oldest read goes first. */
const CACHED_MAX = 1000;

export class PersonalProfiles {
  private readonly cache = new LRUCache<string, { profile: UserProfile | null; until: number }>({ max: CACHED_MAX });

  /** `settings` answers the personalization settings in effect (the impact is an index setting: it may change at any time). */
  constructor(
    private readonly events: EventStore,
    private readonly settings: () => Promise<Readonly<PersonalizationSettings>>,
  ) {}

  /** Whether profiles are kept and used at all now (an impact of 0 turns them off). */
  async enabled(): Promise<boolean> {
    return (await this.settings()).impact > 0;
  }

  /** What the ranking reads of a user's profile as of `now`; null for none (organic results). */
  async forSearch(userToken: string, now: number): Promise<PersonalRanking | null> {
    const settings = await this.settings();
    if (settings.impact <= 0) return null;
    const kept = this.cache.get(userToken);
    const moment = performance.now();
    let profile: UserProfile | null;
    if (kept !== undefined && kept.until > moment) profile = kept.profile;
    else {
      profile = await this.events.userProfile(userToken, now, settings);
      this.cache.delete(userToken);
      this.cache.set(userToken, { profile, until: moment + PROFILE_CACHE_MS });
    }
    // The impact as in effect now, whenever the profile was read.
    return profile === null ? null : { profile, impact: settings.impact, fields: settings.fields };
  }

  /** Adds a click of the user on `document` (its categories and chosen field values) to their profile; nothing while the impact is 0. */
  async addClick(userToken: string, document: StoredDocument, received: number): Promise<void> {
    const settings = await this.settings();
    if (settings.impact <= 0) return;
    const features = documentFeatures(document.url, document.customFields, settings.fields);
    await this.events.addUserClick(userToken, features, received, settings);
    this.cache.delete(userToken);
  }

  /** Forgets everything kept of a user; false when nothing was. */
  async forget(userToken: string): Promise<boolean> {
    this.cache.delete(userToken);
    const forgotten = await this.events.forgetUser(userToken);
    this.cache.delete(userToken);
    return forgotten;
  }
}
