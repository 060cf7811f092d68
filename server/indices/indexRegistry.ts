import { ApiError } from '../schemas/apiError.ts';
import type { IndexCredentials } from '../config/serviceConfig.ts';
import type { SearchEngine } from '../engine/engine.ts';
import type { CurrentLearningSettings } from './currentLearningSettings.ts';
import type { EventStore } from '../events/eventStore.ts';
import type { PersonalProfiles } from './personalProfiles.ts';
import type { DailyTags } from '../events/dailyTags.ts';
import type { SearchPipeline } from '../pipeline/searchPipeline.ts';

/** An index the service serves: its credentials, its engine, its searches and its events. */
export interface SearchIndex extends IndexCredentials {
  engine: SearchEngine;
  /** The search pipeline over `engine`, with the index's ranking settings. */
  search: SearchPipeline;
  events: EventStore;
  /** Users' profiles for personal results, with the index's personalization settings. */
  profiles: PersonalProfiles;
  /** The analytics tags taken today (events/dailyTags.ts). */
  tags: DailyTags;
  /** The personalization impact and suggestion settings in effect (config file and settings API). */
  learning: CurrentLearningSettings;
  /** Made through the index API: its secret is the catalog's (`secret` is empty), and it may be deleted. */
  fromApi?: boolean;
}

/** The indices by public key: those of the config file, then those made through the index API. */
export class IndexRegistry {
  private readonly byKey: Map<string, SearchIndex>;

  constructor(indices: readonly SearchIndex[]) {
    this.byKey = new Map(indices.map((index) => [index.publicKey, index]));
  }

  /** The index, or a 404 naming the key. */
  get(publicKey: string): SearchIndex {
    const index = this.byKey.get(publicKey);
    if (index === undefined) throw new ApiError(404, 'not_found', `unknown index '${publicKey}'`);
    return index;
  }

  /** The index, or undefined. */
  find(publicKey: string): SearchIndex | undefined {
    return this.byKey.get(publicKey);
  }

  /** Serves an index opened after the start (made through the index API). */
  add(index: SearchIndex): void {
    if (this.byKey.has(index.publicKey)) throw new Error(`index '${index.publicKey}' is served already`);
    this.byKey.set(index.publicKey, index);
  }

  /** Stops serving an index; the caller closes it. */
  remove(publicKey: string): SearchIndex | undefined {
    const index = this.byKey.get(publicKey);
    this.byKey.delete(publicKey);
    return index;
  }

  /** Every index, in configuration order. */
  all(): SearchIndex[] {
    return [...this.byKey.values()];
  }

  /** Closes every index once the writes under way are done, queued events committed. */
  async close(): Promise<void> {
    await closeIndices([...this.byKey.values()]);
  }
}

/** Closes engines and event stores; every one is closed even when another fails, and the first failure is thrown. */
export async function closeIndices(indices: readonly Pick<SearchIndex, 'engine' | 'events'>[]): Promise<void> {
  const outcomes = await Promise.allSettled(indices.flatMap((index) => [index.events.close(), index.engine.close()]));
  const failed = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failed !== undefined) throw failed.reason;
}
