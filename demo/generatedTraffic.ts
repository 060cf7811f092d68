/**
 * Generated search and click traffic for the demo's dashboard: about two months of
 * visitors searching for words of the corpus's titles (a few words far more than the
 * rest), some searching for what the corpus lacks, and clicking mostly near the top.
 * Deterministic (a seeded generator and a fixed end day), so a run loads the same
 * traffic for the same day.
 */
import type { IndexDocument, StatsEvent } from '../src/client/types.ts';
import { seededRandom } from './seededRandom.ts';

const DAY = 86_400_000;

/** Searches the corpus cannot answer: other products, other languages, typos. */
const MISSES = ['jquery', 'tailwind', 'wordpress plugin', 'php', 'bootsrap grid', 'react hooks', 'flexbox cheatsheet', 'python'];
/**
 * What visitors type before finding the word the site uses: a no-hit search, then within
 * seconds the site's word and a click on its page. Enough sessions make these pairs the
 * proposed fixes the service lists (`GET /v2/indices/{key}/stats/proposals`). Pairs whose
 * word no title has are left out.
 */
const REPHRASES: ReadonlyArray<readonly [failed: string, found: string]> = [
  ['rounded corners', 'border-radius'],
  ['drop shadow', 'box-shadow'],
  ['center text', 'text-align'],
  ['http request', 'fetch'],
];
/** Visits a day that rephrase, of the about 150 a weekday has. */
const REPHRASE_VISITS = 3;
/**
 * Searches that find pages but not what the visitor wanted: the results (pages on the
 * first word) go unclicked. The dashboard lists them as searched often, rarely clicked.
 * Phrases whose first word no title has are left out.
 */
const UNWANTED = ['scroll to top', 'color picker', 'animation examples'];
/** Visits a day that search one of UNWANTED; about one in twenty clicks something. */
const UNWANTED_VISITS = 3;
/** Where searches come from: the results page, or the overlay in the page header. */
const TAGS = ['results-page', 'header'] as const;

export interface TrafficOptions {
  /** The last moment of traffic, in epoch milliseconds. */
  now: number;
  /** @default 60 */
  days?: number;
  /** @default 11 */
  seed?: number;
}

/** A stats event and when it was received. */
export interface PastEvent {
  event: StatsEvent;
  received: number;
}

/** Events oldest first, with sessions, no-hit searches, clicks at 1-based positions and tags. */
export function generatedTraffic(documents: readonly IndexDocument[], options: TrafficOptions): PastEvent[] {
  const next = seededRandom(options.seed ?? 11);
  const days = options.days ?? 60;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const keywords = keywordPool(documents, next);
  // Zipf-like: the k-th keyword is searched about 1/k^0.9 as often as the first.
  const weights = keywords.map((_, k) => 1 / (k + 1) ** 0.9);
  const total = weights.reduce((a, b) => a + b, 0);
  const weighted = (): (typeof keywords)[number] => {
    let r = next() * total;
    for (let k = 0; k < keywords.length; k++) {
      r -= weights[k]!;
      if (r <= 0) return keywords[k]!;
    }
    return keywords[keywords.length - 1]!;
  };

  const events: PastEvent[] = [];
  const firstDay = Math.floor(options.now / DAY) - (days - 1);
  let sessions = 0;
  for (let d = 0; d < days; d++) {
    const dayStart = (firstDay + d) * DAY;
    const weekday = new Date(dayStart).getUTCDay();
    const weekend = weekday === 0 || weekday === 6;
    // Growing over the weeks, quieter at weekends, with some noise.
    const visits = Math.round((weekend ? 70 : 150) * (0.8 + (0.4 * d) / days) * (0.85 + 0.3 * next()));
    const times = Array.from({ length: visits }, () => dayStart + Math.floor(next() * (DAY - 3_600_000)))
      .filter((t) => t <= options.now)
      .sort((a, b) => a - b);
    for (const start of times) {
      const session = `gen${(sessions++).toString(36).padStart(6, '0')}`;
      const tag = next() < 0.7 ? TAGS[0] : TAGS[1];
      let time = start;
      // One search, sometimes a second one.
      for (let s = next() < 0.25 ? 2 : 1; s > 0; s--) {
        const keyword = next() < 0.06 ? { word: pick(MISSES), matches: [] } : weighted();
        const matches = keyword.matches;
        const typed = spelling(keyword.word, next);
        events.push({ event: { action: 'search', session, keyword: typed, numberOfResults: matches.length, tag }, received: time });
        time += 2_000 + Math.floor(next() * 20_000);
        if (matches.length === 0 || next() > 0.55) continue;
        // Clicks near the top: position k about 1/k^1.4 as likely as the first, within 20.
        const depth = Math.min(matches.length, 20);
        const clickCount = next() < 0.2 ? 2 : 1;
        for (let c = 0; c < clickCount; c++) {
          const position = topBiased(depth, next);
          const docid = matches[position - 1]!;
          events.push({ event: { action: 'click', session, keyword: typed, docid, position, tag }, received: time });
          time += 20_000 + Math.floor(next() * 60_000);
        }
      }
    }
  }
  events.push(...rephrasingVisits(documents, options.now, firstDay, days, (options.seed ?? 11) + 1));
  events.push(...unwantedVisits(documents, options.now, firstDay, days, (options.seed ?? 11) + 2));
  return events.sort((a, b) => a.received - b.received);
}

/** Visits that fail, then find with the site's word (see REPHRASES); from a generator of their own, so the other traffic stays as it was. */
function rephrasingVisits(documents: readonly IndexDocument[], now: number, firstDay: number, days: number, seed: number): PastEvent[] {
  const next = seededRandom(seed);
  const pairs = REPHRASES.flatMap(([failed, found]) => {
    const page = documents
      .filter(
        (doc) =>
          doc.id !== undefined &&
          doc.title !== undefined &&
          doc.title
            .toLowerCase()
            .split(/[^a-z0-9-]+/)
            .includes(found),
      )
      .sort((a, b) => a.title!.length - b.title!.length)
      .map((doc) => doc.id!);
    return page.length === 0 ? [] : [{ failed, found, matches: page.length, docid: page[0]! }];
  });
  const events: PastEvent[] = [];
  if (pairs.length === 0) return events;
  let sessions = 0;
  for (let d = 0; d < days; d++) {
    for (let v = 0; v < REPHRASE_VISITS; v++) {
      let time = (firstDay + d) * DAY + Math.floor(next() * (DAY - 3_600_000));
      const pair = pairs[Math.floor(next() * pairs.length)]!;
      if (time > now) continue;
      const session = `fix${(sessions++).toString(36).padStart(5, '0')}`;
      const tag = TAGS[0];
      events.push({ event: { action: 'search', session, keyword: pair.failed, numberOfResults: 0, tag }, received: time });
      time += 5_000 + Math.floor(next() * 15_000);
      events.push({ event: { action: 'search', session, keyword: pair.found, numberOfResults: pair.matches, tag }, received: time });
      time += 3_000 + Math.floor(next() * 10_000);
      events.push({ event: { action: 'click', session, keyword: pair.found, docid: pair.docid, position: 1, tag }, received: time });
    }
  }
  return events;
}

/** Visits whose search finds pages no one clicks (see UNWANTED); from a generator of their own, so the other traffic stays as it was. */
function unwantedVisits(documents: readonly IndexDocument[], now: number, firstDay: number, days: number, seed: number): PastEvent[] {
  const next = seededRandom(seed);
  const searches = UNWANTED.flatMap((phrase) => {
    const first = phrase.split(' ')[0]!;
    const matches = documents.filter((doc) => doc.id !== undefined && doc.title !== undefined && titleWords(doc.title).includes(first)).map((doc) => doc.id!);
    return matches.length === 0 ? [] : [{ phrase, matches }];
  });
  const events: PastEvent[] = [];
  if (searches.length === 0) return events;
  let sessions = 0;
  for (let d = 0; d < days; d++) {
    for (let v = 0; v < UNWANTED_VISITS; v++) {
      const time = (firstDay + d) * DAY + Math.floor(next() * (DAY - 3_600_000));
      const { phrase, matches } = searches[Math.floor(next() * searches.length)]!;
      if (time > now) continue;
      const session = `skip${(sessions++).toString(36).padStart(5, '0')}`;
      const tag = TAGS[1];
      events.push({ event: { action: 'search', session, keyword: phrase, numberOfResults: matches.length, tag }, received: time });
      if (next() < 0.05) {
        events.push({ event: { action: 'click', session, keyword: phrase, docid: matches[0]!, position: 1, tag }, received: time + 15_000 });
      }
    }
  }
  return events;
}

function titleWords(title: string): string[] {
  return title.toLowerCase().split(/[^a-z0-9-]+/);
}

/** Words of the titles (at least 3 letters), most popular first, each with its documents shortest title first. */
function keywordPool(documents: readonly IndexDocument[], next: () => number): Array<{ word: string; matches: string[] }> {
  const byWord = new Map<string, Array<{ id: string; title: string }>>();
  for (const doc of documents) {
    if (doc.id === undefined || doc.title === undefined) continue;
    // A label before ": " (`CSS property: d`) names the kind of page, not what it is about:
    // its words would make `property` a keyword whose shortest titles (`d`, `r`, `x`) get the clicks.
    const about = doc.title.slice(doc.title.indexOf(': ') + 1);
    for (const word of new Set(about.toLowerCase().split(/[^a-z0-9-]+/))) {
      if (word.length < 3 || word === 'constructor') continue;
      const list = byWord.get(word) ?? [];
      list.push({ id: doc.id, title: doc.title });
      byWord.set(word, list);
    }
  }
  // People search for what the site has much of: words in many titles, jumbled a little.
  const words = [...byWord.keys()]
    .sort()
    .map((word) => ({ word, weight: Math.log(1 + byWord.get(word)!.length) * (0.4 + next()) }))
    .sort((a, b) => b.weight - a.weight)
    .slice(0, 150)
    .map(({ word }) => word);
  return words.map((word) => ({
    word,
    matches: byWord
      .get(word)!
      .sort((a, b) => a.title.length - b.title.length || (a.title < b.title ? -1 : 1))
      .map((d) => d.id),
  }));
}

/** Mostly as listed; sometimes capitalised or padded, as people type. */
function spelling(word: string, next: () => number): string {
  const r = next();
  if (r < 0.1) return word[0]!.toUpperCase() + word.slice(1);
  if (r < 0.15) return ` ${word} `;
  return word;
}

function topBiased(depth: number, next: () => number): number {
  const weights = Array.from({ length: depth }, (_, k) => 1 / (k + 1) ** 1.4);
  let r = next() * weights.reduce((a, b) => a + b, 0);
  for (let k = 0; k < depth; k++) {
    r -= weights[k]!;
    if (r <= 0) return k + 1;
  }
  return depth;
}
