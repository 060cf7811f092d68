import { PlanMatcher, SHORT_PART, textTokens } from '../ranking/matchText.ts';
import type { QueryPlan } from '../ranking/queryPlan.ts';
import { namedStopTokens, queryStopWords } from '../ranking/rankCandidates.ts';
import { CASE_BOUNDARY, hasInnerCase } from '../text/identifiers.ts';
import { escapeHtml } from '../text/escapeHtml.ts';
import { fold, NON_ASCII_WORD_CHAR } from '../text/fold.ts';
import { wordPattern } from '../text/words.ts';

/**
 * Which words of a text count as matches, for highlighting (folded forms): whole, or
 * begun by a prefix. Stop words among other words are not among them: they are not
 * searched, so marking them (`to`, `a` of `how to center a div`) would point at nothing.
 */
export interface HighlightTerms {
  exact: ReadonlySet<string>;
  prefixes: readonly string[];
  /** What the ranking reads of a title; absent without a plan (nothing then matches a title). */
  title?: (title: string) => TitleFacts;
}

export interface TitleFacts {
  /** The title holds every searched word, as the ranking's `attribute` rule counts it. */
  match: boolean;
  /** Its words (by position) that are stop words it names beside a query word, as `exactness` counts them: `from` of `Array.from()` for `array from`. */
  namedStops: ReadonlySet<number>;
}

/**
 * Which words of a text count as matches for a search, whatever engine ran it: every
 * alternative's words of its plan's meaningful slots (all slots for a query of stop
 * words alone), prefixes apart.
 */
export function highlightTerms(plan: QueryPlan): HighlightTerms {
  const exact = new Set<string>();
  const prefixes: string[] = [];
  for (const slot of plan.slots) {
    if (slot.stop) continue;
    for (const alternative of slot.alternatives) {
      const words = alternative.words;
      words.forEach((word, i) => (alternative.prefix && i === words.length - 1 ? prefixes.push(word) : exact.add(word)));
    }
  }
  const meaningful = plan.slots.flatMap((slot, i) => (slot.stop ? [] : [i]));
  const stops = queryStopWords(plan);
  let matcher: PlanMatcher | undefined;
  const title = (text: string): TitleFacts => {
    if (meaningful.length === 0) return { match: false, namedStops: new Set() };
    matcher ??= new PlanMatcher(plan);
    const tokens = textTokens(text);
    const matched = matcher.match(tokens);
    const found = new Set(matched.occurrences.map((o) => o.slot));
    return { match: meaningful.every((slot) => found.has(slot)), namedStops: namedStopTokens(stops, tokens, matched) };
  };
  return { exact, prefixes, title };
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

/**
 * The whole title, marked as a passage is, except that a word completing what is being
 * typed is marked only as far as typed (`[glob]al`), and the stop words the title names
 * beside a query word are marked too.
 */
export function highlightTitle(title: string, terms: HighlightTerms): string {
  const named = terms.title?.(title).namedStops;
  return passage(title, terms, { maxChars: title.length, typedPart: true, ...(named !== undefined && { named }) }).html;
}

/** A highlighted passage (see highlight) and where its first match is in `content`, null without one. */
export interface Passage {
  html: string;
  firstMatch: number | null;
}

interface PassageOptions {
  maxChars?: number;
  /** Words to mark besides the matches, by position among the text's words. */
  named?: ReadonlySet<number>;
  /** A completion is marked only as far as its prefix. */
  typedPart?: boolean;
  /** The passage is the text's opening, whatever it matches. */
  opening?: boolean;
}

export function passage(
  content: string,
  terms: HighlightTerms,
  { maxChars = HIGHLIGHT_CHARS, named, typedPart = false, opening = false }: PassageOptions = {},
): Passage {
  if (content.length === 0) return { html: '', firstMatch: null };
  const pattern = wordPattern();
  const matches: Word[] = [];
  let windowEnd = opening ? maxChars : Number.POSITIVE_INFINITY;
  let position = 0;
  // Word positions count only for `named`: without it, the words that cannot match are skipped unread.
  if (!opening && named === undefined) pattern.lastIndex = scanFrom(content, terms);
  for (let m = pattern.exec(content); m !== null; m = pattern.exec(content), position++) {
    if (m.index >= windowEnd || (matches.length === 0 && m.index > SCAN_CHARS)) break;
    const folded = fold(m[0]);
    const end = m.index + m[0].length;
    let found: Word[];
    if (terms.exact.has(folded) || named?.has(position) === true) found = [{ start: m.index, end }];
    else {
      const prefix = terms.prefixes.find((p) => folded.startsWith(p));
      // Folding keeps the length of most words; where it does not, the whole word is marked.
      const typedEnd = typedPart && prefix !== undefined && folded.length === m[0].length ? m.index + prefix.length : end;
      found = prefix !== undefined ? [{ start: m.index, end: typedEnd }] : matchedParts(m[0], m.index, terms);
    }
    if (found.length > 0 && matches.length === 0 && !opening) windowEnd = passageStart(content, found[0]!.start, maxChars) + maxChars;
    matches.push(...found);
  }
  const start = matches.length === 0 || opening ? 0 : passageStart(content, matches[0]!.start, maxChars);
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

/** A character of the word pattern's (letter, digit, mark). */
const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;

/**
 * Where the first word that may match starts, so that the words before it are skipped
 * unread (on a long page, folding them one by one up to a late first match cost most of
 * its passage). A word of ASCII letters and digits matches (whole, by a part of an
 * identifier, or as a completion) only by holding a searched word as a piece of the text
 * lower-cased, where its offsets stay those of the text; a word with other letters may
 * fold to one. So no word ending before the first such piece, or the first such letter,
 * can match. The text's length when no word within SCAN_CHARS can; 0 (every word read)
 * when lower-casing moves the offsets.
 */
function scanFrom(content: string, terms: HighlightTerms): number {
  // The scan's range: to the end of the word standing across SCAN_CHARS, which is still read.
  let limit = Math.min(SCAN_CHARS, content.length);
  while (limit < content.length && WORD_CHAR.test(content[limit]!)) limit++;
  const scanned = limit === content.length ? content : content.slice(0, limit);
  const lower = scanned.toLowerCase();
  if (lower.length !== scanned.length) return 0;
  let first = NON_ASCII_WORD_CHAR.exec(scanned)?.index ?? -1;
  for (const piece of [...terms.exact, ...terms.prefixes]) {
    if (piece === '') return 0;
    const at = lower.indexOf(piece);
    if (at >= 0 && (first < 0 || at < first)) first = at;
  }
  if (first < 0) return content.length;
  while (first > 0 && WORD_CHAR.test(content[first - 1]!)) first--;
  return first;
}

/** A span of the text to mark. */
interface Word {
  start: number;
  end: number;
}

/**
 * The parts of an identifier that match, as the ranking counts them (`Timeout` of
 * `setTimeout` for `timeout`): a part or a run of parts equal to a term, or a part a
 * prefix begins. Parts after the first count only from SHORT_PART letters.
 */
function matchedParts(raw: string, offset: number, terms: HighlightTerms): Word[] {
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
        found.push({ start: offset + starts[k]!, end: offset + end });
        covered = end;
        break;
      }
    }
  }
  return found;
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
