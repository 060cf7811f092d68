/**
 * The events of one index, as the routes see them: stats (search and click) events,
 * the report and click boosts counted from them, the keywords searched most, and
 * recommendation (item-viewed-together) events. The SQLite store implements it
 * (sqliteEventStore.ts); another engine's store can take its place without touching
 * the routes. The rules of what counts (rollupRules.ts, clickRanking.ts, clickBoosts.ts,
 * searchedKeywords.ts, statsReport.ts) are shared by every store.
 */
import type { RecommendationEvent, StatsEvent, StatsProposal, StoredStatsEvent } from '../../src/client/types.ts';
import type { ClickBoosts } from './clickBoosts.ts';
import type { ClickRanking } from './clickRanking.ts';
import type { ClientHasher } from './clientAddress.ts';
import type { ProblemLog, WriteHealth } from './eventBatcher.ts';
import type { ProposalRule } from './learningSettings.ts';
import type { ProfileKeeping, UserProfile } from './personalization.ts';
import type { SuggestedKeywordRule } from './searchedKeywords.ts';
import type { ReportData, ReportRange } from './statsReport.ts';

export type { ReportData, ReportRange, WriteHealth };

/** Where a stats event came from: the stats endpoint, or a search it recorded itself. */
export type StatsSource = 'stats' | 'search';

/**
 * The most transactions of an item `related` counts over: its most recently received.
 * A popular item's co-occurrences are then counted in about a millisecond, where all of
 * its 30,000 transactions held the event loop for over 100 ms; recent transactions say
 * best what is viewed together now.
 */
export const RELATED_TRANSACTIONS_MAX = 1000;

/** How a store is opened; each has a default. */
export interface EventStoreOptions {
  /** How the click weights used for ranking decay. @default DEFAULT_CLICK_RANKING */
  ranking?: ClickRanking;
  /** Hashes the senders' addresses; without it none is kept and each session counts as a client. @default null */
  clients?: ClientHasher | null;
  /** Hears of the queued events' failed commits. @default stderr */
  log?: ProblemLog;
  /** When a searched keyword is suggested. @default DEFAULT_SUGGESTED_KEYWORD_RULE */
  suggested?: SuggestedKeywordRule;
  /**
   * The app's clock, in epoch milliseconds: what the store's windows (searched keywords)
   * and the `received` of events sent without one are reckoned by; tests move it. @default Date.now
   */
  clock?: () => number;
  /**
   * Whether an SQLite store commits the searches it queued on a thread of its own
   * (EventWriterThread) rather than on the event loop: the service's choice when it has
   * reader threads (`searchThreads` above 0). @default true
   */
  writerThread?: boolean;
}

/** An item seen in the same transactions as another, and in how many. */
export interface RelatedItem {
  item: string;
  transactions: number;
}

export interface EventStore {
  /**
   * Stores events durably before resolving; an event whose `eventId` is already stored
   * is skipped. `received` (ms since the epoch) is for loading past traffic; `address`
   * is the sender's IP address, kept only as a keyed hash (see ClientHasher).
   * Resolves to how many of the events were new (a resent one
   * counts nothing anywhere, a user's profile included).
   */
  addStats(events: readonly StatsEvent[], source?: StatsSource, received?: number, address?: string): Promise<number>;
  /** Stores past events, each with its own `received` time (and sender, when known), all or none (the demo's generated traffic). */
  loadStats(rows: ReadonlyArray<{ event: StatsEvent; received: number; address?: string }>, source?: StatsSource): Promise<void>;
  /**
   * Queues an event the service recorded itself (`address`: its sender's), without waiting: committed together
   * with others within a fraction of a second, or by `flush` and `close`. Never throws:
   * a failed commit keeps the events for a retry (see EventBatcher).
   */
  queueStats(event: StatsEvent, source: StatsSource, address?: string, received?: number): void;
  /** Commits the queued events now; resolves also when the commit failed (see `health`). */
  flush(): Promise<void>;
  /** How writes are doing: events queued and dropped, and the last failure while it lasts. */
  health(): WriteHealth;
  /** The report's counts over whole UTC days (see statsReport.ts); queued events count. */
  report(range: ReportRange, tag: string | null, limit: number): Promise<ReportData>;
  /**
   * Score multipliers (above 1) of the documents clicked for `keyword` (as typed), by
   * document id, as of `now`, with the address groups behind each and the bound on how
   * far the boosts too few groups agree on move their document (see clickBoosts.ts).
   */
  clickBoosts(keyword: string, now: number): Promise<ClickBoosts>;
  /**
   * Keywords that start with the typed words (folded) and that enough sessions from
   * enough addresses searched with results in the last 30 days, as of `now` (default: the
   * clock), the most searched first: for suggestions (see searchedKeywords.ts). Queued
   * searches count once committed.
   */
  searchedKeywords(words: readonly string[], limit: number, now?: number): Promise<string[]>;
  /**
   * From now on, suggests the searched keywords that `rule` says (an index setting
   * changed); every process sharing the store counts by it. Cheap when it is the rule in
   * effect already.
   */
  setSuggestedRule(rule: SuggestedKeywordRule): Promise<void>;
  /**
   * Fixes the events of the last 30 days (as of `now`) suggest under `rule`, the most
   * sessions first, at most `limit` (see proposals.ts). Queued events count.
   */
  proposals(rule: ProposalRule, limit: number, now: number): Promise<StatsProposal[]>;
  /**
   * Adds a click of `userToken` (kept only as a keyed hash) on a document with `features`
   * (personalization.ts) to the user's profile, as of `received`; durable once resolved.
   * Profiles idle for `keeping.profileDays` are forgotten along the way.
   */
  addUserClick(userToken: string, features: readonly string[], received: number, keeping: ProfileKeeping): Promise<void>;
  /** The user's profile as of `now`: one read; null when there is none, or it was idle too long. */
  userProfile(userToken: string, now: number, keeping: ProfileKeeping): Promise<UserProfile | null>;
  /** Notes that `session` searched with `userToken` (kept only as a keyed hash) at `at`: its clicks may then shape the profile. */
  addUserSearch(userToken: string, session: string, at: number): Promise<void>;
  /** Whether `session` searched with `userToken` at `since` or later. */
  userSearched(userToken: string, session: string, since: number): Promise<boolean>;
  /** Deletes everything kept of a user token; false when nothing was. */
  forgetUser(userToken: string): Promise<boolean>;
  /** Stores the events of one dataset durably, all or none; a resent item of a transaction changes nothing. */
  addRecommendationEvents(dataset: string, events: readonly RecommendationEvent[]): Promise<void>;
  /**
   * Items seen in the same transactions as `item`, most transactions first (then by id),
   * counted over its RELATED_TRANSACTIONS_MAX most recently received transactions;
   * `transactions` is how many of its transactions were counted over.
   */
  related(dataset: string, item: string, limit: number): Promise<{ transactions: number; items: RelatedItem[] }>;
  /**
   * Stored stats events after the `after`-th, oldest first (in the order stored), with
   * the time each was received; only those of `session` when given. Queued events count.
   */
  storedEvents(after: number, limit: number, session?: string): Promise<StoredStatsEvent[]>;
  /**
   * Deletes at most `max` stored stats events received before `before` (ms since the
   * epoch), the oldest first, and the per-day click voters of the days before
   * `votersBefore`; resolves to how many events went. What only deleted events were
   * counted into goes with them: the click and search weights of their keywords whose
   * latest event was deleted, the suggestion counts of sessions and addresses last seen
   * before the oldest kept event's day; the report's keyword and document rows of the
   * days before it go by `pruneCounts`.
   */
  pruneEvents(before: number, max: number, votersBefore: number): Promise<number>;
  /**
   * Deletes at most `max` of the report's keyword and document rows of the days before
   * the oldest kept event's day, as the last `pruneEvents` found it; resolves to how many
   * went. The report's daily totals, tags and click positions stay: a handful of rows a day.
   */
  pruneCounts(max: number): Promise<number>;
  /** How many events are stored; queued events count. */
  counts(): Promise<{ statsEvents: number; recommendationEvents: number }>;
  /** Commits what is queued (what cannot be is dropped and logged), then releases the store; later calls are not expected. */
  close(): Promise<void>;
}
