import { PlanMatcher, SHORT_PART, textTokens } from '../ranking/matchText.ts';
import { CASE_BOUNDARY, hasInnerCase } from '../ranking/wordForms.ts';
import type { QueryPlan, QuerySlot } from '../ranking/queryPlan.ts';
import { escapeHtml } from '../text/escapeHtml.ts';
import { fold } from '../text/fold.ts';
import { wordPattern } from '../text/words.ts';

/** Words that count as matches (folded forms): whole, or begun by a prefix. */
export interface WordTerms {
  exact: ReadonlySet<string>;
  prefixes: readonly string[];
}

/** Which words of a text count as matches, for highlighting. */
export interface HighlightTerms extends WordTerms {
  /**
   * The query's stop words among other words (see QuerySlot.stop), each with the terms of
   * the query words just before and after it. They are not searched, so they are marked
   * only where they continue the typed phrase: right after a match of the word before
   * them in the query, or right before one of the word after (`array from` marks `from`
   * in `Array.from()`, `how to center a div` no lone `to` or `a`).
   */
  stops?: readonly StopTerm[];
  /** Whether a title holds every searched word, as the ranking's `attribute` rule reads it. */
  titleMatch?: (title: string) => boolean;
}

export interface StopTerm {
  word: string;
  before: WordTerms | null;
  after: WordTerms | null;
}

/**
 * Which words of a text count as matches for a search, whatever engine ran it: every
 * alternative's words of its plan's meaningful slots, prefixes apart; stop words only
 * beside their neighbours.
 */
export function highlightTerms(plan: QueryPlan): HighlightTerms {
  const all = slotTerms(plan.slots.filter((slot) => !slot.stop));
  const neighbour = (slot: QuerySlot | undefined) => (slot === undefined || slot.stop ? null : slotTerms([slot]));
  const stops = plan.slots.flatMap((slot, i) =>
    slot.stop ? [{ word: slot.word, before: neighbour(plan.slots[i - 1]), after: neighbour(plan.slots[i + 1]) }] : [],
  );
  const meaningful = plan.slots.flatMap((slot, i) => (slot.stop ? [] : [i]));
  let matcher: PlanMatcher | undefined;
  const titleMatch = (title: string) => {
    if (meaningful.length === 0) return false;
    matcher ??= new PlanMatcher(plan);
    const found = new Set(matcher.match(textTokens(title)).occurrences.map((o) => o.slot));
    return meaningful.every((slot) => found.has(slot));
  };
  return { ...all, stops: stops.filter((stop) => stop.before !== null || stop.after !== null), titleMatch };
}

function slotTerms(slots: readonly QuerySlot[]): WordTerms {
  const exact = new Set<string>();
  const prefixes: string[] = [];
  for (const slot of slots) {
    for (const alternative of slot.alternatives) {
      const words = alternative.words;
      words.forEach((word, i) => (alternative.prefix && i === words.length - 1 ? prefixes.push(word) : exact.add(word)));
    }
  }
  return { exact, prefixes };
}

/** Length of a highlight passage, in characters of the original text. */
export const HIGHLIGHT_CHARS = 200;
/** Context kept before the first match. */
const LEAD_CHARS = 50;
/** A match further in than this is not looked for: long texts would cost every hit a full scan. */
const SCAN_CHARS = 100_000;

/**
 * A passage of `content` around the first matched word, every matched word in `<em>`
 * and everything else HTML-escaped (the content is untrusted). Without a match, the
 * start of the content. Whitespace runs become one space.
 */
export function highlight(content: string, terms: HighlightTerms, maxChars = HIGHLIGHT_CHARS): string {
  return passage(content, terms, { maxChars }).html;
}

/** How far a stop word may stand from its query neighbour in a title and still be named with it (`String.prototype.at`), as the ranking counts it. */
const TITLE_STOP_GAP = 2;

/** The whole title, its matched words marked as in a passage; a stop word also where the title names it with its neighbour a word apart. */
export function highlightTitle(title: string, terms: HighlightTerms): string {
  return passage(title, terms, { maxChars: title.length, stopGap: TITLE_STOP_GAP }).html;
}

/** A highlighted passage (see highlight) and where its first match is in `content`, null without one. */
export interface Passage {
  html: string;
  firstMatch: number | null;
}

interface PassageOptions {
  maxChars?: number;
  /** How many words from a match of its query neighbour a stop word is still marked (1: right beside it). */
  stopGap?: number;
}

export function passage(content: string, terms: HighlightTerms, { maxChars = HIGHLIGHT_CHARS, stopGap = 1 }: PassageOptions = {}): Passage {
  if (content.length === 0) return { html: '', firstMatch: null };
  const pattern = wordPattern();
  const matches: Word[] = [];
  let first = Number.POSITIVE_INFINITY;
  let windowEnd = Number.POSITIVE_INFINITY;
  const add = (word: Word) => {
    if (matches.includes(word)) return;
    matches.push(word);
    if (word.start < first) {
      first = word.start;
      windowEnd = passageStart(content, first, maxChars) + maxChars;
    }
  };
  // A stop word is marked where it stands in one phrase with a match of each query word
  // beside it (before it in the query: before it in the text), at most `stopGap` words off.
  const recent: Word[] = [];
  const beside = (at: number, step: 1 | -1, near: WordTerms) => {
    for (let k = 1; k <= stopGap; k++) {
      const [a, b] = [recent[at + step * (k - 1)], recent[at + step * k]];
      if (a === undefined || b === undefined || !joined(content, step > 0 ? a : b, step > 0 ? b : a)) return false;
      if (isMatch(b.folded, near)) return true;
    }
    return false;
  };
  const named = (at: number, last: boolean) =>
    terms.stops?.some(
      (term) =>
        term.word === recent[at]!.folded &&
        (term.after === null) === last &&
        (term.before === null || beside(at, -1, term.before)) &&
        (term.after === null || beside(at, 1, term.after)),
    ) === true;
  for (let m = pattern.exec(content); m !== null; m = pattern.exec(content)) {
    if (m.index >= windowEnd || (matches.length === 0 && m.index > SCAN_CHARS)) break;
    const word: Word = { start: m.index, end: m.index + m[0].length, folded: fold(m[0]) };
    recent.push(word);
    if (recent.length > 2 * stopGap + 1) recent.shift();
    const at = recent.length - 1;
    const parts = isMatch(word.folded, terms) ? [word] : matchedParts(m[0], m.index, terms);
    if (parts.length > 0) {
      // Stop words just before, waiting for a match of the word after them in the query.
      for (let k = Math.max(0, at - stopGap); k < at; k++) if (named(k, false)) add(recent[k]!);
      parts.forEach(add);
    } else if (named(at, true)) {
      add(word);
    }
  }
  matches.sort((a, b) => a.start - b.start);
  const start = matches.length === 0 ? 0 : passageStart(content, matches[0]!.start, maxChars);
  const end = passageEnd(content, start + maxChars, matches[0]?.end ?? 0);

  let html = start > 0 ? '…' : '';
  let at = start;
  for (const match of matches) {
    if (match.end > end) break;
    html += escapeText(content.slice(at, match.start)) + '<em>' + escapeText(content.slice(match.start, match.end)) + '</em>';
    at = match.end;
  }
  html += escapeText(content.slice(at, end));
  if (end < content.length) html += '…';
  return { html: html.trim(), firstMatch: matches[0]?.start ?? null };
}

interface Word {
  start: number;
  end: number;
  folded: string;
}

/**
 * The parts of an identifier that match, as the ranking counts them (`Timeout` of
 * `setTimeout` for `timeout`): a part or a run of parts equal to a term, or a part a
 * prefix begins. Parts after the first count only from SHORT_PART letters.
 */
function matchedParts(raw: string, offset: number, terms: WordTerms): Word[] {
  if (!hasInnerCase(raw)) return [];
  const parts = raw.split(CASE_BOUNDARY);
  const starts = parts.map((_, k) => parts.slice(0, k).join('').length);
  const found: Word[] = [];
  let covered = 0;
  for (let k = 0; k < parts.length; k++) {
    if (starts[k]! < covered || (k > 0 && parts[k]!.length < SHORT_PART)) continue;
    for (let j = parts.length; j > k; j--) {
      const text = parts.slice(k, j).join('');
      const run = fold(text);
      if (terms.exact.has(run) || (j === k + 1 && terms.prefixes.some((prefix) => run.startsWith(prefix)))) {
        const end = starts[k]! + text.length;
        found.push({ start: offset + starts[k]!, end: offset + end, folded: run });
        covered = end;
        break;
      }
    }
  }
  return found;
}

/** Two words of one phrase or name: apart by spaces only, or by a joining mark or two (`Array.from`), not by a clause's end. */
function joined(content: string, first: Word, second: Word): boolean {
  return /^(?:\s+|\S{1,2})$/.test(content.slice(first.end, second.start));
}

function isMatch(word: string, terms: WordTerms): boolean {
  if (terms.exact.has(word)) return true;
  for (const prefix of terms.prefixes) if (word.startsWith(prefix)) return true;
  return false;
}

/** Some context before the match (more near the end of the text), starting on a word. */
function passageStart(content: string, matchStart: number, maxChars: number): number {
  const from = Math.min(matchStart - LEAD_CHARS, content.length - maxChars);
  if (from <= 0) return 0;
  const space = /\s+/.exec(content.slice(from, matchStart));
  return space === null ? matchStart : from + space.index + space[0].length;
}

/** Ends on a word boundary at or before `limit`, never before `atLeast`. */
function passageEnd(content: string, limit: number, atLeast: number): number {
  if (limit >= content.length) return content.length;
  const cut = content.slice(atLeast, limit + 1).search(/\s\S*$/);
  return cut < 0 ? Math.max(limit, atLeast) : atLeast + cut;
}

function escapeText(text: string): string {
  return escapeHtml(text.replace(/\s+/g, ' '));
}
