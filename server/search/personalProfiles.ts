/**
 * Where searches get the searching user's profile (personal results): one read of the
 * index's event store per user, kept for a moment, since a visitor typing sends several
 * searches a second. A click or a forget on this process drops the kept copy at once;
 * another process's is seen within PROFILE_CACHE_MS.
 */
import { documentFeatures } from '../documents/documentFeatures.ts';
import type { PersonalRanking, StoredDocument } from '../engine/engine.ts';
import type { EventStore } from '../events/eventStore.ts';
import type { PersonalizationSettings } from '../events/personalization.ts';

/** How long a profile read is kept. */
export const PROFILE_CACHE_MS = 2000;
/** Profiles kept at once; the oldest read goes first. */
const CACHED_MAX = 1000;

export class PersonalProfiles {
  private readonly cache = new Map<string, { ranking: PersonalRanking | null; until: number }>();

  constructor(
    private readonly events: EventStore,
    readonly settings: Readonly<PersonalizationSettings>,
  ) {}

  /** Whether profiles are kept and used at all (an impact of 0 turns them off). */
  get enabled(): boolean {
    return this.settings.impact > 0;
  }

  /** What the ranking reads of a user's profile as of `now`; null for none (organic results). */
  async forSearch(userToken: string, now: number): Promise<PersonalRanking | null> {
    if (!this.enabled) return null;
    const kept = this.cache.get(userToken);
    const moment = performance.now();
    if (kept !== undefined && kept.until > moment) return kept.ranking;
    const profile = await this.events.userProfile(userToken, now, this.settings);
    const ranking = profile === null ? null : { profile, impact: this.settings.impact, fields: this.settings.fields };
    this.cache.delete(userToken);
    if (this.cache.size >= CACHED_MAX) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(userToken, { ranking, until: moment + PROFILE_CACHE_MS });
    return ranking;
  }

  /** Adds a click of the user on `document` (its categories and chosen field values) to their profile. */
  async addClick(userToken: string, document: StoredDocument, received: number): Promise<void> {
    if (!this.enabled) return;
    const features = documentFeatures(document.url, document.customFields, this.settings.fields);
    await this.events.addUserClick(userToken, features, received, this.settings);
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
