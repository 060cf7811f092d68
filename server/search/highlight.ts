import type { QueryPlan } from '../ranking/queryPlan.ts';
import { escapeHtml } from '../text/escapeHtml.ts';
import { fold } from '../text/fold.ts';
import { wordPattern } from '../text/words.ts';

/** Which words of a text count as matches, for highlighting (folded forms). */
export interface HighlightTerms {
  exact: ReadonlySet<string>;
  prefixes: readonly string[];
}

/**
 * Which words of a text count as matches for a search, whatever engine ran it: every
 * alternative's words of its plan, prefixes apart.
 */
export function highlightTerms(plan: QueryPlan): HighlightTerms {
  const exact = new Set<string>();
  const prefixes: string[] = [];
  for (const slot of plan.slots) {
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
  if (content.length === 0) return '';
  const pattern = wordPattern();
  const matches: Array<{ start: number; end: number }> = [];
  let windowEnd = Number.POSITIVE_INFINITY;
  for (let m = pattern.exec(content); m !== null; m = pattern.exec(content)) {
    if (m.index >= windowEnd || (matches.length === 0 && m.index > SCAN_CHARS)) break;
    if (isMatch(fold(m[0]), terms)) {
      if (matches.length === 0) windowEnd = passageStart(content, m.index, maxChars) + maxChars;
      matches.push({ start: m.index, end: m.index + m[0].length });
    }
  }
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
  return html.trim();
}

function isMatch(word: string, terms: HighlightTerms): boolean {
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
