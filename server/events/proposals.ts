/**
 * Fixes the analytics suggest, worked out alike by every event store from the stored
 * events of a window: a search that found nothing or was not clicked, followed in the
 * same session within PROPOSAL_GAP_MS by a search of other words whose result was
 * clicked, makes a pair (`round corners` -> `border radius`, and the document clicked).
 * A pair made by enough distinct sessions from enough distinct address groups, on enough
 * UTC days (see ProposalRule), is proposed as a synonym (the keywords) and as a pin (the
 * document under the failed keyword).
 */
import type { StatsProposal } from '../../src/client/types.ts';
import { CLICK_AFTER_SEARCH_MS, clickVoters, DAY_MS } from './clickRanking.ts';
import type { ProposalRule } from './learningSettings.ts';
import type { RollupEvent } from './rollupRules.ts';
import { keywordWords, searchAddress } from './searchedKeywords.ts';

/** The longest a failed search and the clicked one after it are apart. */
export const PROPOSAL_GAP_MS = 5 * 60_000;
/** Events older than this many days are not read. */
export const PROPOSAL_WINDOW_DAYS = 30;
/**
 * The most events read, the most recent of the window: bounds the work of one answer
 * (well under a second at this many, on either engine; see bench/proposals.ts). A site
 * with more events in 30 days gets proposals from its most recent days.
 */
export const PROPOSAL_EVENTS_MAX = 100_000;

/**
 * PAIRING_SESSIONS: a session makes a pair only with a click and a failed search (no
 * results, or no click after it), so a store reads only the events of such sessions
 * among the most recent of the window: most visits fail no search, and reading every
 * event cost most of an answer's time (bench/proposals.ts). Leaving the other sessions
 * out changes nothing of what proposalsFrom makes of the events.
 */

/** A stored event as proposals read it: the rollups' columns, and whether a click followed. */
export interface ProposalEvent
  extends
    Pick<RollupEvent, 'rowid' | 'received' | 'action' | 'session' | 'keyword' | 'numberOfResults' | 'docid' | 'client'>,
    Partial<Pick<RollupEvent, 'group'>> {
  /** Whether a click followed this search (a search event), as the rollups marked it; SQLite answers 0 or 1. */
  clicked: boolean | number;
}

/** The first time (ms since the epoch) whose events proposals read at `now`. */
export function proposalWindowStart(now: number): number {
  return now - PROPOSAL_WINDOW_DAYS * DAY_MS;
}

/** Joins the parts of a pair's key: no keyword or document id holds it. */
const SEP = '\u0000';

/** keywordWords, each keyword folded once per answer: keywords repeat across sessions. */
function cachedKeywordWords(): (keyword: string) => string {
  const cache = new Map<string, string>();
  return (keyword) => {
    let words = cache.get(keyword);
    if (words === undefined) cache.set(keyword, (words = keywordWords(keyword)));
    return words;
  };
}

/**
 * A pair needs at least this share of the sessions read that failed its keyword: on a
 * keyword many visitors fail, a few sessions of one story are not what most of them meant.
 */
export const PROPOSAL_SHARE = 0.1;

interface Tally {
  sessions: Set<string>;
  addresses: Set<string>;
  groups: Set<string>;
  days: Set<number>;
}

/** The proposals the events make under `rule`, the most sessions first, at most `limit`. */
export function proposalsFrom(events: readonly ProposalEvent[], rule: ProposalRule, limit: number): StatsProposal[] {
  const bySession = new Map<string, ProposalEvent[]>();
  for (const event of events) {
    const list = bySession.get(event.session);
    if (list === undefined) bySession.set(event.session, [event]);
    else list.push(event);
  }
  const words = cachedKeywordWords();
  const synonyms = new Map<string, Tally>();
  const pins = new Map<string, Tally>();
  // The sessions read that failed each keyword: its traffic, against which a pair's sessions count.
  const failing = new Map<string, Set<string>>();
  const count = (tallies: Map<string, Tally>, key: string, session: string, click: ProposalEvent) => {
    let tally = tallies.get(key);
    if (tally === undefined) tallies.set(key, (tally = { sessions: new Set(), addresses: new Set(), groups: new Set(), days: new Set() }));
    tally.sessions.add(session);
    const address = searchAddress(click.client, click.session);
    if (address !== null) tally.addresses.add(address);
    const voter = clickVoters(click.client, click.group ?? null, click.session);
    if (voter !== null) tally.groups.add(voter.group);
    tally.days.add(Math.floor(click.received / DAY_MS));
  };
  for (const [session, list] of bySession) {
    list.sort((a, b) => a.received - b.received || a.rowid - b.rowid);
    for (const event of list) {
      if (event.action !== 'search' || (event.numberOfResults !== 0 && event.clicked)) continue;
      const failed = failing.get(event.keyword);
      if (failed === undefined) failing.set(event.keyword, new Set([session]));
      else failed.add(session);
    }
    for (const [found, docid, click] of sessionPairs(list, words)) {
      count(synonyms, `${found.failed}${SEP}${found.clicked}`, session, click);
      count(pins, `${found.failed}${SEP}${found.clicked}${SEP}${docid}`, session, click);
    }
  }
  const proposals: StatsProposal[] = [];
  const qualifies = (from: string, tally: Tally) =>
    tally.sessions.size >= Math.max(rule.minSessions, Math.ceil(PROPOSAL_SHARE * (failing.get(from)?.size ?? 0))) &&
    tally.groups.size >= rule.minAddresses &&
    tally.days.size >= rule.minDays;
  const counts = (tally: Tally) => ({ sessions: tally.sessions.size, addresses: tally.addresses.size, groups: tally.groups.size, days: tally.days.size });
  for (const [key, tally] of synonyms) {
    const [from = '', to = ''] = key.split(SEP);
    if (qualifies(from, tally)) proposals.push({ kind: 'synonym', from, to, ...counts(tally) });
  }
  for (const [key, tally] of pins) {
    const [from = '', to = '', id = ''] = key.split(SEP);
    if (qualifies(from, tally)) proposals.push({ kind: 'pin', from, to, id, ...counts(tally) });
  }
  proposals.sort(
    (a, b) =>
      b.sessions - a.sessions ||
      b.addresses - a.addresses ||
      a.from.localeCompare(b.from) ||
      a.kind.localeCompare(b.kind) ||
      a.to.localeCompare(b.to) ||
      (a.id ?? '').localeCompare(b.id ?? ''),
  );
  return proposals.slice(0, limit);
}

/**
 * The pairs of one session's events (in the order received): for each click, the search
 * of its keyword before it, and the latest failed search of other words within
 * PROPOSAL_GAP_MS before that one. Each pair and document counts once per session.
 */
function* sessionPairs(
  list: readonly ProposalEvent[],
  keywordWords: (keyword: string) => string,
): Generator<[{ failed: string; clicked: string }, string, ProposalEvent]> {
  const seen = new Set<string>();
  for (let c = 0; c < list.length; c++) {
    const click = list[c]!;
    if (click.action !== 'click' || click.docid === null || click.docid === '') continue;
    // The search the click followed: the latest of its keyword before it, within the click window.
    let s = c - 1;
    while (s >= 0 && !(list[s]!.action === 'search' && list[s]!.keyword === click.keyword)) s--;
    if (s < 0 || click.received - list[s]!.received > CLICK_AFTER_SEARCH_MS) continue;
    const clickedSearch = list[s]!;
    const clickedWords = keywordWords(clickedSearch.keyword);
    if (clickedWords === '') continue;
    for (let f = s - 1; f >= 0; f--) {
      const failed = list[f]!;
      if (clickedSearch.received - failed.received > PROPOSAL_GAP_MS) break;
      if (failed.action !== 'search' || (failed.numberOfResults !== 0 && failed.clicked)) continue;
      const failedWords = keywordWords(failed.keyword);
      // Words still being typed (`border rad` before `border radius`) are no other words.
      if (failedWords === '' || failedWords === clickedWords || clickedWords.startsWith(failedWords) || failedWords.startsWith(clickedWords)) continue;
      const key = `${failed.keyword}${SEP}${clickedSearch.keyword}${SEP}${click.docid}`;
      if (!seen.has(key)) {
        seen.add(key);
        yield [{ failed: failed.keyword, clicked: clickedSearch.keyword }, click.docid, click];
      }
      break;
    }
  }
}
