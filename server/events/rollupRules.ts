/**
 * How one stored stats event is counted into a store's rollups, whatever the storage:
 * the report's daily counts, and the decayed weights click ranking reads, with its
 * rules against abuse (a click counts only after a search of its session, once a day
 * per client and per session). The rules ask the storage for each step; a store
 * answers them synchronously inside its transaction (`countEventNow`, SQLite) or with
 * awaits (`countEvent`, a database server), so every store counts alike.
 */
import { CLICK_AFTER_SEARCH_MS, clickVoters, DAY_MS } from './clickRanking.ts';

/** A stored event as the rollups read it. */
export interface RollupEvent {
  /** The store's id of the event, increasing in the order events were stored. */
  rowid: number;
  received: number;
  action: 'search' | 'click';
  session: string;
  /** Normalised (see normalizeKeyword). */
  keyword: string;
  numberOfResults: number | null;
  docid: string | null;
  position: number | null;
  /** '' for none. */
  tag: string;
  /**
   * The keyed hash of the sender's address (see ClientHasher); null for events stored by
   * code in the process (each session then stands for a client); '' when unknown (events
   * kept from before addresses were recorded: never counted for ranking).
   */
  client: string | null;
  /** The keyed hash of the sender's address group (IPv4 /24, IPv6 /48); null where unknown (see clickVoters). */
  group: string | null;
}

/** What a day's counts of a keyword (and the day's totals) grow by. */
export interface RollupCounts {
  searches: number;
  noHits: number;
  clicks: number;
  clickedSearches: number;
}

/** The search a click followed. */
export interface FollowedSearch {
  rowid: number;
  received: number;
  tag: string;
  /** Whether a click already counted it as a search with a click. */
  clicked: boolean;
}

/** What a store does for the rules, and what each step answers. */
export interface RollupSteps {
  /** Adds to the counts of (day, tag, keyword) and to those of (day, tag). */
  count(day: number, tag: string, keyword: string, add: RollupCounts): void;
  /** One more click on a document, and on a position, that day with that tag. */
  click(day: number, tag: string, docid: string | null, position: number | null): void;
  /** Adds a search of the keyword at weight `lw` (log2 form: the weights add as log2(2^a + 2^b)). */
  addSearchWeight(keyword: string, lw: number): void;
  /** The latest search event (by received, then rowid) of the session for the keyword received in [from, to]; null when none. */
  latestSearch(session: string, keyword: string, from: number, to: number): FollowedSearch | null;
  /** Marks a search as followed by a click. */
  markClicked(rowid: number): void;
  /** Records that `voter` clicked the document for the keyword that day; false when it already had. */
  vote(day: number, keyword: string, docid: string, voter: string): boolean;
  /** Records that `client` (an address group) clicked the document for the keyword; false when it already had, any day. */
  addClickClient(keyword: string, docid: string, client: string): boolean;
  /** Adds a click's weight to the document for the keyword, and `newClients` to its count of clients. */
  addClickWeight(keyword: string, docid: string, lw: number, newClients: number): void;
}

/** The same steps answered with promises, for a store whose storage is reached asynchronously. */
export type AsyncRollupSteps = { [K in keyof RollupSteps]: (...args: Parameters<RollupSteps[K]>) => Promise<ReturnType<RollupSteps[K]>> };

type Step = { [K in keyof RollupSteps]: { name: K; args: Parameters<RollupSteps[K]> } }[keyof RollupSteps];

/** A step to yield; its answer comes back as the yield's value (typed where it is read). */
function step<K extends keyof RollupSteps>(name: K, ...args: Parameters<RollupSteps[K]>): Step {
  return { name, args } as Step;
}

const NONE: RollupCounts = { searches: 0, noHits: 0, clicks: 0, clickedSearches: 0 };

/**
 * The rules. A search counts for its day, and adds to its keyword's search weight. A
 * click counts for its day, document and position; if its session searched the keyword
 * within CLICK_AFTER_SEARCH_MS before, that search counts once as a search with a click,
 * and the click adds to the document's weight for the keyword, unless its client or
 * session already counted one for that keyword and document that day.
 */
function* rules(event: RollupEvent, halfLifeMs: number): Generator<Step, void, unknown> {
  const day = Math.floor(event.received / DAY_MS);
  const lw = event.received / halfLifeMs;
  if (event.action === 'search') {
    yield step('count', day, event.tag, event.keyword, { ...NONE, searches: 1, noHits: event.numberOfResults === 0 ? 1 : 0 });
    yield step('addSearchWeight', event.keyword, lw);
    return;
  }
  yield step('count', day, event.tag, event.keyword, { ...NONE, clicks: 1 });
  yield step('click', day, event.tag, event.docid, event.position);
  const search = (yield step('latestSearch', event.session, event.keyword, event.received - CLICK_AFTER_SEARCH_MS, event.received)) as FollowedSearch | null;
  if (search === null) return;
  const who = clickVoters(event.client, event.group, event.session);
  if (who !== null && event.docid !== null) {
    // Every voter is recorded, even after one of them already voted that day.
    const fresh: boolean[] = [];
    for (const voter of who.voters) fresh.push((yield step('vote', day, event.keyword, event.docid, voter)) as boolean);
    if (!fresh.includes(false)) {
      const newClient = (yield step('addClickClient', event.keyword, event.docid, who.group)) as boolean;
      yield step('addClickWeight', event.keyword, event.docid, lw, newClient ? 1 : 0);
    }
  }
  if (search.clicked) return;
  yield step('markClicked', search.rowid);
  yield step('count', Math.floor(search.received / DAY_MS), search.tag, event.keyword, { ...NONE, clickedSearches: 1 });
}

/** Counts one newly stored event, each step answered at once (inside the transaction that stored it). */
export function countEventNow(event: RollupEvent, halfLifeMs: number, steps: RollupSteps): void {
  const run = rules(event, halfLifeMs);
  for (let next = run.next(); !next.done;) {
    const { name, args } = next.value;
    next = run.next((steps[name] as (...a: unknown[]) => unknown)(...args));
  }
}

/** Counts one newly stored event, awaiting each step (inside the transaction that stored it). */
export async function countEvent(event: RollupEvent, halfLifeMs: number, steps: AsyncRollupSteps): Promise<void> {
  const run = rules(event, halfLifeMs);
  for (let next = run.next(); !next.done;) {
    const { name, args } = next.value;
    next = run.next(await (steps[name] as (...a: unknown[]) => Promise<unknown>)(...args));
  }
}
