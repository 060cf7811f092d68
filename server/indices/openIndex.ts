import type { IndexCredentials } from '../config/serviceConfig.ts';
import type { ClickRanking } from '../events/clickRanking.ts';
import type { ProblemLog } from '../events/eventBatcher.ts';
import { suggestedRule } from '../events/learningSettings.ts';
import type { SearchEngine } from '../engine/engine.ts';
import { createSearchPipeline } from '../pipeline/searchPipeline.ts';
import { CurrentLearningSettings } from './currentLearningSettings.ts';
import type { EngineFactory } from './engineFactory.ts';
import type { SearchIndex } from './indexRegistry.ts';
import { PersonalProfiles } from './personalProfiles.ts';
import { secretSha256 } from '../events/userTokens.ts';
import { DailyTags } from '../events/dailyTags.ts';
import type { SearchThreads } from './searchThreads.ts';

/** What opening an index needs besides its credentials. */
export interface IndexOpening {
  factory: EngineFactory;
  clickRanking: ClickRanking;
  threads: SearchThreads | null;
  log: ProblemLog;
  /** The app's clock (ServiceConfig.clock). */
  clock: () => number;
}

/**
 * Opens one index through the factory, with its search pipeline, profiles and learning
 * settings. `secretHash` answers the SHA-256 of its secret now (an API-made index's, from
 * the catalog); by default it is the hash of `index.secret`, none for an empty one.
 */
export async function openIndex(
  index: IndexCredentials,
  { factory, clickRanking, threads, log, clock }: IndexOpening,
  secretHash: () => Promise<string | null> = fixedSecretHash(index.secret),
): Promise<SearchIndex> {
  const ranking = { config: index.ranking ?? {}, maxBoost: clickRanking.maxBoost };
  // The event store counts suggestions by the rule in effect: the config file's, or the one written through the settings API.
  const suggested = async (engine: SearchEngine) => suggestedRule((await new CurrentLearningSettings(engine.steering, index).get()).suggestions);
  const { readerFile, ...stores } = await factory.open({ publicKey: index.publicKey, clickRanking, suggested, log, clock, writerThread: threads !== null });
  const search = threads !== null && readerFile !== undefined ? threads.pipeline(readerFile, ranking) : createSearchPipeline(stores.engine, ranking, clock);
  const learning = new CurrentLearningSettings(stores.engine.steering, index);
  const profiles = new PersonalProfiles(stores.events, async () => (await learning.get()).personalization, {
    secretHash,
    allowUnsigned: index.allowUnsignedUserTokens === true,
  });
  return { ...index, ...stores, search, profiles, learning, tags: new DailyTags() };
}

/** An empty secret would make a key anyone can sign with: it gives none. */
function fixedSecretHash(secret: string): () => Promise<string | null> {
  const hash = secret === '' ? null : secretSha256(secret);
  return () => Promise.resolve(hash);
}
