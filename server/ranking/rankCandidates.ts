/**
 * The ranking rules: the order of the documents an engine found for a query. An engine
 * hands over its best candidates (with its own text score, e.g. bm25); they are ordered
 * by each rule in turn, the next rule deciding only among documents the earlier ones
 * left tied, as Algolia's tie-breaking and Meilisearch's ranking rules do. Every engine
 * ranks through here, so they agree on what comes first.
 */
import { LRUCache } from 'lru-cache';
import type { CustomFieldValue } from '../../src/client/types.ts';
import { RANKED_FIELD_CHARS } from '../engine/engine.ts';
import { fold } from '../text/fold.ts';
import { NAME_PUNCTUATION } from '../text/nameRuns.ts';
import { PlanMatcher, textTokens, type Occurrence, type TextMatch, type TextToken } from './matchText.ts';
import type { QueryPlan } from './queryPlan.ts';

/** A document an engine found, with what the rules read of it. */
export interface Candidate {
  /** The engine's key (a rowid); the last tie-breaker, so the order is stable. */
  key: number;
  /** The document's address, if it has one: a section's (with a `#fragment`) names its page's. */
  url: string | null;
  title: string;
  /** The page's h1–h3 headings, one a line: a field weighed next to the title. @default '' */
  headings?: string;
  /** The searchable text besides the title (content and hidden keywords). */
  content: string;
  /** The engine's text score, higher is better (bm25). */
  score: number;
  /** The click boost, 1 for none (see server/events/clickBoosts.ts). */
  boost: number;
  /**
   * The share of `boost` from clicks too few address groups agree on, and how many places
   * it may move the candidate up from where it stands without it; none: not bounded.
   */
  clickBound?: ClickBound;
  /** Affinity to the searching user's profile, 0 (none) to 1 (see server/pipeline/personalAffinity.ts). @default 0 */
  personal?: number;
  customFields: Record<string, CustomFieldValue> | null;
  /**
   * The page's text runs past what the rules read of it (RANKED_FIELD_CHARS): only the
   * engine's score has seen it whole (see `body`). @default false
   */
  long?: boolean;
}

/** A click boost bounded in how far it moves its document (see server/events/clickRanking.ts, maxPlaces). */
export interface ClickBound {
  factor: number;
  maxPlaces: number;
}

/**
 * The rules, best first:
 * - `attribute`: when the query is a name typed with its punctuation (`work_mem`,
 *   `os.path.join`, `__init__`), a document holding that name first (in the title, then
 *   in the text as a whole name, then as the start of a longer one), before those
 *   holding only its parts (in the title, then in a heading, then in the text); then more
 *   query words in the title or in one heading (h1–h3) that holds two of them at least,
 *   so a section the query names counts as a title would (first: measured on the
 *   relevance benchmark, it beats `words` first, mostly for questions typed as
 *   sentences); then more in the title; then more in the title or any heading;
 * - `words`: more of the query's words matched (only with `defaultOperator=or`; a word
 *   counts as found in a heading that names a section, see namingLines, as in the title or text),
 *   giving up the most frequent words first (as Meilisearch's `frequency` matching
 *   strategy does: `use fetch api` keeps `fetch` longest);
 * - `typo`: fewer typos in the words that matched;
 * - `exactness`: a title that names the query's stop words beside their neighbouring
 *   query word (`Array.from()` for `array from`: a space typed for the dot), then a
 *   title that is the query itself, then one that holds a punctuated
 *   term as typed (`:has()`, `@keyfr`), then more words matched whole
 *   (not as a completion of what is being typed, nor as a part of an identifier), then
 *   more words matched as typed (not as another form or a synonym);
 * - `proximity`: query words closer together, in order;
 * - `clicks`: raised by clicks for the same keyword, in steps of a quarter of the
 *   largest boost, so a few stray clicks move nothing; then, among documents as
 *   clicked, by the searching user's profile (personal results), in steps of a quarter
 *   of the full affinity, which the index's impact bounds;
 * - `body`: a long page (one whose text runs past what the rules read, see
 *   Candidate.long) whose whole text the engine scores above every page the rules read
 *   whole, higher engine scores first, in steps of BODY_STEP of the pool's best; the
 *   pages the rules read whole stay tied here, left to `concise` (see bodySteps);
 * - `concise`: fewer letters of the title left unmatched (the feature's own page before
 *   its sub-pages; `CSS property: grid` before `CSS property: grid-area`), the letters
 *   of common title words (labels, see RankingContext.titleWordWeight) not counted; among titles
 *   the query misses, those holding a query word's stem first (`flex` for `flexbox`);
 * - `position`: the first query word earlier in the title;
 * - `bm25`: the engine's text score;
 * - `asc(custom_fields.NAME)` / `desc(custom_fields.NAME)`: a custom ranking from the
 *   index's settings; documents without the field come last.
 *
 * After the rules, a page comes before its own sections (see pagesBeforeSections).
 */
export type RankingRule =
  | 'words'
  | 'typo'
  | 'attribute'
  | 'exactness'
  | 'proximity'
  | 'clicks'
  | 'body'
  | 'concise'
  | 'position'
  | 'bm25'
  | `asc(custom_fields.${string})`
  | `desc(custom_fields.${string})`;

export const DEFAULT_RANKING_RULES: readonly RankingRule[] = [
  'attribute',
  'words',
  'typo',
  'exactness',
  'proximity',
  'clicks',
  'body',
  'concise',
  'position',
  'bm25',
];

/** Content read per document: the match facts of its start (the engines read no more of each field). */
const CONTENT_CHARS = RANKED_FIELD_CHARS;
/** A pair of query words in different fields, or far apart, costs this much. */
const PROXIMITY_FAR = 8;
/** What `concise` and `position` give a title the query does not match: after every one it does. */
export const NO_TITLE_MATCH = 1_000_000;
/** Click boosts count in steps of this share of the largest boost. */
const CLICK_STEPS = 4;
/** Personal affinity counts in steps of this share of the full affinity. */
const PERSONAL_STEPS = 4;
/**
 * `body` compares engine scores in steps of this share of the pool's best, counted down
 * from it: scores a few hundredths apart say more about two texts' lengths than about
 * what they hold (the demo corpus's short pages differ so for the same word).
 */
export const BODY_STEP = 0.05;

/** The facts the rules compare, per candidate; lower is better in every vector. */
export interface RankedCandidate {
  candidate: Candidate;
  /** One number per rule (five for `exactness`, see ruleWidth), as compared. */
  vector: number[];
  facts: MatchFacts;
}

/** How a query is ranked besides its plan. */
export interface RankingContext {
  rules: readonly RankingRule[];
  /** The largest click boost, against which `clicks` steps. */
  maxBoost: number;
  /**
   * Documents matching each meaningful slot (query word), in slot order: with partial
   * matches, losing a common word costs less than losing a rare one.
   */
  frequencies: readonly number[];
  /** How much a title word's unmatched letters count (common title words, such as a label, less). */
  titleWordWeight?: (word: string) => number;
}

export function rankCandidates(plan: QueryPlan, candidates: readonly Candidate[], context: RankingContext): Candidate[] {
  return rankWithFacts(plan, candidates, context).map((r) => r.candidate);
}

/** The candidates in ranked order, each with what the rules compared (what explainRanking reads). */
export function rankWithFacts(plan: QueryPlan, candidates: readonly Candidate[], context: RankingContext): RankedCandidate[] {
  const query = readQuery(plan, context);
  // Against the pool's best scores, so once for the whole pool.
  const steps = context.rules.includes('body') ? bodySteps(candidates) : null;
  const ranked = candidates.map((candidate, i): RankedCandidate => {
    const facts = matchFacts(query, candidate);
    facts.bodyStep = steps?.[i] ?? 0;
    return { candidate, vector: rankingVector(context.rules, candidate, facts, context.maxBoost), facts };
  });
  ranked.sort((a, b) => compareVectors(a.vector, b.vector) || a.candidate.key - b.candidate.key);
  return pagesBeforeSections(boundClickMoves(ranked, context));
}

/**
 * The order with each bounded click boost moving its candidate at most its `maxPlaces`
 * up from where the candidate stands without that boost (its other boosts kept): a few
 * address groups may nudge a page, not carry it from rank 60 to 1. A held candidate
 * stands exactly that many places up; the others keep their order.
 */
function boundClickMoves(ranked: readonly RankedCandidate[], context: RankingContext): RankedCandidate[] {
  if (!ranked.some((r) => r.candidate.clickBound !== undefined)) return [...ranked];
  // The vectors are worked out again, not the facts: a second sort of numbers.
  const without = ranked.map((r) => {
    const bound = r.candidate.clickBound;
    if (bound === undefined) return { r, vector: r.vector };
    return { r, vector: rankingVector(context.rules, { ...r.candidate, boost: r.candidate.boost / bound.factor }, r.facts, context.maxBoost) };
  });
  without.sort((a, b) => compareVectors(a.vector, b.vector) || a.r.candidate.key - b.r.candidate.key);
  const placeWithout = new Map(without.map(({ r }, i) => [r, i]));
  const held: Array<{ r: RankedCandidate; at: number }> = [];
  const rest: RankedCandidate[] = [];
  ranked.forEach((r, i) => {
    const bound = r.candidate.clickBound;
    const highest = bound === undefined ? 0 : placeWithout.get(r)! - bound.maxPlaces;
    if (i < highest) held.push({ r, at: highest });
    else rest.push(r);
  });
  held.sort((a, b) => a.at - b.at);
  for (const { r, at } of held) rest.splice(Math.min(at, rest.length), 0, r);
  return rest;
}

/**
 * What `body` compares, per candidate in pool order (higher first): the engine's score as
 * steps of BODY_STEP below the pool's best (0 for the best), for a long page only when
 * that is above the best of the pages the rules read whole, which all stand at that
 * best's step. So among pages alike in the earlier rules, a long page goes first when the
 * engine, which scored its whole text, scores it above every page the rules read whole
 * (and two long pages above that by their scores); pages read whole, and long pages
 * scored no higher, are left to `concise`, which judges them better (on short pages an
 * engine's scores differ mostly by their lengths; on long pages the title is a small
 * part of what they hold).
 */
export function bodySteps(candidates: readonly Candidate[]): number[] {
  const best = Math.max(0, ...candidates.map((c) => c.score));
  if (best === 0) return candidates.map(() => 0);
  const step = (score: number) => -Math.floor((1 - Math.max(0, score) / best) / BODY_STEP);
  const whole = candidates.filter((c) => c.long !== true);
  const floor = whole.length === 0 ? Number.NEGATIVE_INFINITY : Math.max(...whole.map((c) => step(c.score)));
  return candidates.map((c) => (c.long === true ? Math.max(step(c.score), floor) : floor));
}

/** What every candidate's facts read of the query, worked out once per query. */
interface QueryFacts {
  matcher: PlanMatcher;
  /** The meaningful slots (not stop words), in order. */
  slots: readonly number[];
  /** The same slots as a set. */
  meaningful: ReadonlySet<number>;
  /** The same slots, rarest first: the order in which words are given up (most frequent first) when not all match. */
  rarest: readonly number[];
  typed: string | null;
  /** Per meaningful slot, its one-word forms: what a title word may be the stem of. */
  forms: ReadonlyArray<readonly string[]>;
  /** The query's stop words beside a meaningful word: in a title next to that word, they name something. */
  stops: readonly StopWord[];
  titleWordWeight: ((word: string) => number) | undefined;
  /** The name typed whole, when the query is one (see typedName). */
  name: TypedName | null;
}

/** A stop word of the query and its meaningful neighbours (slot indices, or null). */
export interface StopWord {
  word: string;
  before: number | null;
  after: number | null;
}

function readQuery(plan: QueryPlan, context: RankingContext): QueryFacts {
  const slots = plan.slots.flatMap((slot, i) => (slot.stop ? [] : [i]));
  const byRarity = slots.map((slot, k) => ({ slot, frequency: context.frequencies[k] ?? 0 })).sort((a, b) => a.frequency - b.frequency);
  return {
    matcher: new PlanMatcher(plan),
    slots,
    meaningful: new Set(slots),
    rarest: byRarity.map((s) => s.slot),
    typed: plan.typed,
    forms: slots.map((slot) => plan.slots[slot]!.alternatives.filter((a) => a.words.length === 1).map((a) => a.words[0]!)),
    titleWordWeight: context.titleWordWeight,
    stops: queryStopWords(plan),
    name: typedName(plan.typed),
  };
}

/** A name as typed, found in a text: whole (nothing of a word follows) or as the start of a longer name. */
export interface TypedName {
  whole: RegExp;
  start: RegExp;
}

/** A word character of a name: what may not stand right before or after it for it to be whole. */
const NAME_CHAR = '[\\p{L}\\p{N}_]';

/**
 * The typed term as a name to find whole in a document, when it is one word written with
 * the punctuation names use (a call's `()` left off: `Set.prototype.has()` is written with
 * its arguments too). Null for anything else: several words, or a word without such punctuation.
 */
export function typedName(typed: string | null): TypedName | null {
  if (typed === null) return null;
  const name = typed.trim().replace(/\(\)$/, '');
  if (name === '' || /\s/.test(name) || !NAME_PUNCTUATION.test(name) || !/[\p{L}\p{N}]/u.test(name)) return null;
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const before = new RegExp(`^${NAME_CHAR}`, 'u').test(name) ? `(?<!${NAME_CHAR})` : '';
  const after = new RegExp(`${NAME_CHAR}$`, 'u').test(name) ? `(?!${NAME_CHAR})` : '';
  return { whole: new RegExp(`${before}${escaped}${after}`, 'iu'), start: new RegExp(`${before}${escaped}`, 'iu') };
}

/**
 * Where a document holds the name typed: 4 its title (whole or as the start of a longer
 * name: `justify-con` typed is the title's `justify-content` being typed), 3 a heading,
 * likewise; 2 its text, whole; 1 its text, as the start of a longer name; 0 nowhere.
 */
function namePlace(name: TypedName | null, candidate: Candidate): number {
  if (name === null) return 0;
  if (name.start.test(candidate.title)) return 4;
  if (candidate.headings !== undefined && name.start.test(candidate.headings)) return 3;
  if (name.whole.test(candidate.content)) return 2;
  return name.start.test(candidate.content) ? 1 : 0;
}

/** The query's stop words that stand beside a meaningful word, which a title may name with it. */
export function queryStopWords(plan: QueryPlan): StopWord[] {
  const meaningful = (i: number) => (plan.slots[i] !== undefined && !plan.slots[i]!.stop ? i : null);
  const stops = plan.slots.flatMap((slot, i) => (slot.stop ? [{ word: slot.word, before: meaningful(i - 1), after: meaningful(i + 1) }] : []));
  return stops.filter((stop) => stop.before !== null || stop.after !== null);
}

/** How far a stop word may stand from its neighbour in a title and still name something with it (`String.prototype.at`). */
const NAMED_STOP_GAP = 2;

/**
 * The title's tokens that are stop words of the query standing next to the query word
 * beside them, in the query's order: `from` in `Array.from()` for `array from`. Stop
 * words do not decide what matches, but where a title names them they are part of a name.
 */
export function namedStopTokens(stops: readonly StopWord[], tokens: readonly TextToken[], title: TextMatch): Set<number> {
  const named = new Set<number>();
  for (const stop of stops) {
    for (const o of title.occurrences) {
      const [from, to] =
        o.slot === stop.before ? [o.position + 1, o.position + NAMED_STOP_GAP] : o.slot === stop.after ? [o.position - NAMED_STOP_GAP, o.position - 1] : [1, 0];
      for (let p = Math.max(0, from); p <= to && p < tokens.length; p++) if (tokens[p]!.word === stop.word) named.add(p);
    }
  }
  return named;
}

/**
 * A page comes before its own sections when the query found both: the section that
 * matched best still follows right after, as a documentation search lists a page with
 * the sections under it.
 */
function pagesBeforeSections(ordered: readonly RankedCandidate[]): RankedCandidate[] {
  const pageAt = new Map<string, number>();
  ordered.forEach(({ candidate: c }, i) => {
    if (c.url !== null && !c.url.includes('#')) pageAt.set(c.url, i);
  });
  const placed = new Set<number>();
  const result: RankedCandidate[] = [];
  for (const [i, ranked] of ordered.entries()) {
    if (placed.has(i)) continue;
    const c = ranked.candidate;
    const hash = c.url?.indexOf('#') ?? -1;
    const page = hash < 0 ? undefined : pageAt.get(c.url!.slice(0, hash));
    if (page !== undefined && page > i && !placed.has(page)) {
      result.push(ordered[page]!);
      placed.add(page);
    }
    result.push(ranked);
    placed.add(i);
  }
  return result;
}

/** What the rules read of one candidate. */
export interface MatchFacts {
  /** Query words matched anywhere. */
  words: number;
  /** Of the query words from the rarest on, how many match before the first that does not. */
  rarestWords: number;
  /** Typos summed over the matched words (each word's best match). */
  typos: number;
  /** Where the name typed stands whole (see namePlace): 4 title, 3 heading, 2 text, 1 the start of a longer name, 0 nowhere or not a name. */
  namePlace: number;
  /** Query words matched in the title. */
  titleWords: number;
  /** Query words matched in the title or a heading. */
  headingWords: number;
  /** The most query words one heading holds: a section the query names. */
  sectionWords: number;
  /** The title is the query: every query word matched whole in it, nothing left over. */
  titleIsQuery: boolean;
  /** The title holds the term as typed, punctuation included (only for punctuated terms). */
  titleHasTyped: boolean;
  /** The query's stop words the title names beside their neighbouring query word (see namedStopTokens). */
  namedStopWords: number;
  /** Query words whose best match is a whole word. */
  wholeWords: number;
  /** Query words matched whole as typed (not another form, a synonym or a correction). */
  typedWords: number;
  /** Summed distance of neighbouring query words (0: next to each other, in order). */
  proximity: number;
  /** Letters of the title no query word accounts for. */
  unmatchedTitleChars: number;
  /** Position of the first query word in the title; large when none is there. */
  titlePosition: number;
  /** What `body` compares (see bodySteps); 0 when the rules do not hold `body`. */
  bodyStep: number;
}

function matchFacts(query: QueryFacts, candidate: Candidate): MatchFacts {
  const { matcher, slots, meaningful, rarest, typed, titleWordWeight } = query;
  const titleTokens = textTokens(candidate.title);
  const title = matcher.match(titleTokens, titleWordWeight);
  const content = matcher.matchContent(candidate.content.slice(0, CONTENT_CHARS));
  // Headings holding no query word are not tokenised: they would match nothing (see PlanMatcher.mayMatch).
  const read = candidate.headings ? readHeadings(candidate.url, candidate.headings) : null;
  const headingLines = read !== null && matcher.mayMatch(candidate.headings!, read.folded) ? (read.lines ??= headingTokens(candidate.headings!)) : null;
  const headings = headingLines === null ? null : matcher.match(headingLines.tokens);
  const lines = headings === null ? null : slotsByLine(headings, headingLines!.lineOf, meaningful);
  const sections = lines === null ? null : namingLines(headings!, headingLines!.lineOf, lines, meaningful.size);
  let words = 0;
  let typos = 0;
  let titleWords = 0;
  let headingWords = 0;
  let wholeWords = 0;
  let typedWords = 0;
  let wholeInTitle = 0;
  for (const slot of slots) {
    const inTitle = best(title, slot);
    // The headings span the whole page, whose text is read only from its start.
    const inHeading = sections === null ? null : best(sections, slot);
    const inContent = best(content, slot);
    const found = [inTitle, inHeading, inContent].filter((o): o is Occurrence => o !== null);
    if (found.length === 0) continue;
    words++;
    typos += Math.min(...found.map((o) => o.typos));
    if (inTitle !== null) titleWords++;
    if (inTitle !== null || (headings !== null && best(headings, slot) !== null)) headingWords++;
    // Judged where the word is best placed: in the title when it is there, then in the text.
    const placed = inTitle ?? inContent ?? inHeading!;
    if (placed.whole) wholeWords++;
    if (placed.whole && placed.asTyped) typedWords++;
    if (inTitle?.whole === true) wholeInTitle++;
  }
  let rarestWords = 0;
  const anywhere = (slot: number) => best(title, slot) ?? (sections === null ? null : best(sections, slot)) ?? best(content, slot);
  while (rarestWords < rarest.length && anywhere(rarest[rarestWords]!) !== null) rarestWords++;
  let proximity = 0;
  for (let i = 1; i < slots.length; i++) {
    proximity += Math.min(pairDistance(title, slots[i - 1]!, slots[i]!), pairDistance(content, slots[i - 1]!, slots[i]!));
  }
  const titlePositions = title.occurrences.map((o) => o.position);
  const named = namedStopTokens(query.stops, titleTokens, title);
  let namedLetters = 0;
  let namedWeighted = 0;
  for (const p of named) {
    const word = titleTokens[p]!.word;
    namedLetters += word.length;
    namedWeighted += word.length * (titleWordWeight?.(word) ?? 1);
  }
  return {
    words,
    rarestWords,
    typos,
    namePlace: namePlace(query.name, candidate),
    titleWords,
    headingWords,
    sectionWords: lines === null ? 0 : Math.max(0, ...[...lines.values()].map((line) => line.size)),
    titleIsQuery: slots.length > 0 && wholeInTitle === slots.length && title.unmatchedChars - namedLetters === 0,
    titleHasTyped: typed !== null && fold(candidate.title).includes(typed),
    namedStopWords: named.size,
    wholeWords,
    typedWords,
    proximity,
    // Only titles the query matched are compared by what they leave over.
    unmatchedTitleChars: titleWords === 0 ? stemOnlyTitle(query.forms, titleTokens) : title.weightedUnmatched - namedWeighted,
    titlePosition: titlePositions.length === 0 ? NO_TITLE_MATCH : Math.min(...titlePositions),
    bodyStep: 0,
  };
}

/** A page's headings as searches read them: folded, and tokenised once a search needs their words. */
interface ReadHeadings {
  text: string;
  folded: string;
  lines: { tokens: TextToken[]; lineOf: number[] } | null;
}

/**
 * The headings last read of each page, by address (a page without one is read afresh): a common word brings the same pages
 * to the pool search after search, and folding and tokenising their headings was a
 * sizeable part of each. An entry serves only while the page's headings are the same
 * text; bounded by the characters kept.
 */
const HEADINGS_READ = new LRUCache<string, ReadHeadings>({ max: 5000, maxSize: 4_000_000, sizeCalculation: (read) => read.text.length + 1 });

function readHeadings(url: string | null, text: string): ReadHeadings {
  const kept = url === null ? undefined : HEADINGS_READ.get(url);
  if (kept?.text === text) return kept;
  const read = { text, folded: fold(text), lines: null };
  if (url !== null) HEADINGS_READ.set(url, read);
  return read;
}

/** The headings' tokens, one text, with the line (heading) each token stands on. */
function headingTokens(headings: string): { tokens: TextToken[]; lineOf: number[] } {
  const tokens: TextToken[] = [];
  const lineOf: number[] = [];
  headings.split('\n').forEach((line, i) => {
    for (const token of textTokens(line)) {
      tokens.push(token);
      lineOf.push(i);
    }
  });
  return { tokens, lineOf };
}

/** The distinct meaningful query words matched on each line (heading) they were matched on. */
function slotsByLine(match: TextMatch, lineOf: readonly number[], meaningful: ReadonlySet<number>): Map<number, Set<number>> {
  const byLine = new Map<number, Set<number>>();
  for (const o of match.occurrences) {
    if (!meaningful.has(o.slot)) continue;
    const line = lineOf[o.position] ?? -1;
    const slots = byLine.get(line) ?? new Set<number>();
    slots.add(o.slot);
    byLine.set(line, slots);
  }
  return byLine;
}

/**
 * The occurrences on the heading lines that name a section the query asks for: holding
 * as many query words as SECTION_MIN_WORDS, or all of a shorter query's (`words` the
 * query's meaningful words). A page's text is read from its start only; such a heading
 * shows what the rest of it holds.
 */
function namingLines(match: TextMatch, lineOf: readonly number[], byLine: ReadonlyMap<number, ReadonlySet<number>>, words: number): TextMatch {
  const need = Math.min(SECTION_MIN_WORDS, words);
  const occurrences = match.occurrences.filter((o) => (byLine.get(lineOf[o.position] ?? -1)?.size ?? 0) >= need);
  return { ...match, occurrences };
}

/** A title word this long at least, and half of the query word, counts as its stem. */
const STEM_MIN_LETTERS = 4;

/**
 * What `concise` gives a title the query does not match: after the titles it matches,
 * but titles holding the stem of a query word (`flex` for `flexbox` or `flexbx`) come
 * first, by the letters they leave over. The document itself matched elsewhere.
 */
function stemOnlyTitle(slotForms: ReadonlyArray<readonly string[]>, tokens: readonly TextToken[]): number {
  const words = tokens.flatMap((t) => [t.word, ...(t.parts ?? [])]);
  let stems = 0;
  for (const forms of slotForms) {
    const stem = words.find((w) => w.length >= STEM_MIN_LETTERS && forms.some((f) => f.length > w.length && f.startsWith(w) && w.length * 2 >= f.length));
    if (stem !== undefined) stems += stem.length;
  }
  if (stems === 0) return NO_TITLE_MATCH;
  const letters = tokens.reduce((sum, t) => sum + t.word.length, 0);
  return NO_TITLE_MATCH / 2 + letters - stems;
}

function rankingVector(rules: readonly RankingRule[], candidate: Candidate, facts: MatchFacts, maxBoost: number): number[] {
  const vector: number[] = [];
  for (const rule of rules) {
    switch (rule) {
      case 'words':
        vector.push(-facts.rarestWords);
        break;
      case 'typo':
        vector.push(facts.typos);
        break;
      case 'attribute':
        vector.push(-facts.namePlace, -titleOrSectionWords(facts), -facts.titleWords, -facts.headingWords);
        break;
      case 'exactness':
        vector.push(-facts.namedStopWords, facts.titleIsQuery ? 0 : 1, facts.titleHasTyped ? 0 : 1, -facts.wholeWords, -facts.typedWords);
        break;
      case 'proximity':
        vector.push(facts.proximity);
        break;
      case 'clicks': {
        // One number: everyone's clicks first, then the user's own profile among documents clicked alike.
        const personal = Math.floor((candidate.personal ?? 0) * PERSONAL_STEPS);
        vector.push(-(clickStep(candidate.boost, maxBoost) * (PERSONAL_STEPS + 1) + personal));
        break;
      }
      case 'body':
        vector.push(-facts.bodyStep);
        break;
      case 'concise':
        vector.push(facts.unmatchedTitleChars);
        break;
      case 'position':
        vector.push(facts.titlePosition);
        break;
      case 'bm25':
        vector.push(-candidate.score * candidate.boost * (1 + (candidate.personal ?? 0)));
        break;
      default:
        vector.push(customValue(rule, candidate));
    }
  }
  return vector;
}

/**
 * A heading holding this many query words at least names a section the query asks for;
 * one word in one of a long page's many headings says little.
 */
const SECTION_MIN_WORDS = 2;

/** The query words in the title, or in one heading when that heading names a section (SECTION_MIN_WORDS): more of them first. */
function titleOrSectionWords(facts: MatchFacts): number {
  return Math.max(facts.titleWords, facts.sectionWords >= SECTION_MIN_WORDS ? facts.sectionWords : 0);
}

/** How many numbers a rule adds to a ranking vector. */
export function ruleWidth(rule: RankingRule): number {
  return rule === 'exactness' ? 5 : rule === 'attribute' ? 4 : 1;
}

/** The step of a click boost, 0 (none) to CLICK_STEPS (the largest boost). */
export function clickStep(boost: number, maxBoost: number): number {
  return Math.floor(((boost - 1) / maxBoost) * CLICK_STEPS);
}

const CUSTOM_RULE = /^(asc|desc)\(custom_fields\.(.+)\)$/;

/** A custom rule's value, negated for `desc`; missing or non-numeric values last. */
function customValue(rule: string, candidate: Candidate): number {
  const value = customFieldNumber(rule, candidate);
  if (value === null) return Number.POSITIVE_INFINITY;
  return rule.startsWith('desc') ? -value : value;
}

/** The number a custom rule reads of a candidate, or null when the field is missing or not a number. */
export function customFieldNumber(rule: string, candidate: Candidate): number | null {
  const field = CUSTOM_RULE.exec(rule)?.[2];
  const raw = field === undefined ? undefined : candidate.customFields?.[field];
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : Number.NaN;
  return Number.isFinite(value) ? value : null;
}

/** Whether a string names a ranking rule. */
export function isRankingRule(value: string): value is RankingRule {
  return (DEFAULT_RANKING_RULES as readonly string[]).includes(value) || CUSTOM_RULE.test(value);
}

function best(match: TextMatch, slot: number): Occurrence | null {
  let found: Occurrence | null = null;
  for (const o of match.occurrences) {
    if (o.slot !== slot) continue;
    if (found === null || o.typos < found.typos || (o.typos === found.typos && rank(o) > rank(found))) found = o;
  }
  return found;
}

/** Among occurrences with as many typos: whole words as typed, then whole words, then the rest. */
function rank(o: Occurrence): number {
  return Number(o.whole) * 2 + Number(o.whole && o.asTyped);
}

/** The cost of the closest pair of occurrences of two slots in one text. */
function pairDistance(match: TextMatch, a: number, b: number): number {
  let cost = PROXIMITY_FAR;
  for (const x of match.occurrences) {
    if (x.slot !== a) continue;
    for (const y of match.occurrences) {
      if (y.slot !== b) continue;
      const d = y.position - x.position;
      // Same word (a join, or two parts of one identifier): 0; next in order: 0; reversed costs one more.
      const c = d === 0 ? 0 : d > 0 ? d - 1 : 1 - d;
      if (c < cost) cost = c;
    }
  }
  return cost;
}

function compareVectors(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    const d = a[i]! - b[i]!;
    if (d !== 0) return d;
  }
  return 0;
}
