/**
 * Where the service keeps its indices: the app asks a factory for each index's engine
 * and event store, and never names an engine itself. SQLite files in the data folder
 * are the default (sqliteFactory.ts); a factory for a database server opens the same
 * interfaces on its tables.
 */
import type { ClickRanking } from '../events/clickRanking.ts';
import type { ProblemLog } from '../events/eventBatcher.ts';
import type { EventStore } from '../events/eventStore.ts';
import type { SuggestedKeywordRule } from '../events/searchedKeywords.ts';
import type { SearchEngine } from '../engine/engine.ts';
import type { ServiceCatalog } from './catalog.ts';

/** What a factory needs to know of an index to open it. */
export interface IndexToOpen {
  /** File-name safe (`[A-Za-z0-9_-]{1,64}`); names the index's storage. */
  publicKey: string;
  /** How the event store weighs clicks; its decay settings apply even with click ranking off. */
  clickRanking: ClickRanking;
  /**
   * When a searched keyword is suggested, or how to read it from the opened engine (it may
   * be an index setting). @default 5 sessions from 3 addresses in 30 days
   */
  suggested?: SuggestedKeywordRule | ((engine: SearchEngine) => Promise<SuggestedKeywordRule>);
  /** Hears of failures no request waits for (queued events that cannot be saved). @default stderr */
  log?: ProblemLog;
  /** The app's clock (ServiceConfig.clock), which the stores reckon their times by. @default Date.now */
  clock?: () => number;
  /** Whether the event store may commit off the event loop, on a thread of its own (EventStoreOptions.writerThread). @default true */
  writerThread?: boolean;
}

/** An index's engine and its event store, opened together. */
export interface IndexStores {
  engine: SearchEngine;
  events: EventStore;
  /** A database file reader threads may open read-only to search the index; absent when there is none. */
  readerFile?: string;
}

export interface EngineFactory {
  /**
   * Opens an index's engine and event store, creating them when the index is new. Rejects
   * with an Error whose message says what is wrong and what to do (a damaged or missing
   * file, an unreachable database); nothing of that index is left open then.
   */
  open(index: IndexToOpen): Promise<IndexStores>;
  /** Opens the service's catalog (indices made through the API, sessions) where the indices are kept. */
  catalog(): Promise<ServiceCatalog>;
  /**
   * Deletes an index's documents and events for good; the index must be closed first.
   * Deleting what is not there does nothing.
   */
  drop(publicKey: string): Promise<void>;
  /** Releases what the factory holds itself (a connection pool); called once every index opened is closed. */
  close(): Promise<void>;
}

/** What the app knows when it picks a factory. */
export interface EngineSettings {
  /** The storage folder (`--data`). */
  dataDir: string;
  /** Refuse to start rather than create an index's storage afresh (`--require-data`). @default false */
  requireData?: boolean;
}

/** Makes the factory of a service; `AppOptions.engine` takes one. */
export type EngineChoice = (settings: EngineSettings) => EngineFactory | Promise<EngineFactory>;

/** The suggestion rule an index is opened with, once its engine is open. */
export async function suggestedRuleOf(index: IndexToOpen, engine: SearchEngine): Promise<SuggestedKeywordRule | undefined> {
  return typeof index.suggested === 'function' ? index.suggested(engine) : index.suggested;
}
