import { WIDGET_TERM_MAX_CHARS, WIDGET_TERM_MAX_WORDS } from '../client/limits.ts';

/**
 * A word as the service reads it: letters and digits, with combining marks inside a word
 * so that a decomposed accent does not split it (`a.b` is two words).
 */
export const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/**
 * The term as the widget sends it: trimmed, runs of whitespace collapsed, at most
 * `WIDGET_TERM_MAX_WORDS` words and `WIDGET_TERM_MAX_CHARS` characters. The widget
 * caps below what the service accepts so a long paste narrows the search instead of
 * failing with a 400.
 */
export function capTerm(term: string): string {
  const text = term.trim().replace(/\s+/g, ' ');
  // Cut before the first word too many, counted as the service counts them.
  const over = [...text.matchAll(WORD)][WIDGET_TERM_MAX_WORDS]?.index ?? text.length;
  return (
    text
      .slice(0, Math.min(over, WIDGET_TERM_MAX_CHARS))
      // Do not cut an astral character (emoji, CJK extension) in half: a lone
      // surrogate would be sent as U+FFFD and match nothing.
      .replace(/[\ud800-\udbff]$/, '')
      .trimEnd()
  );
}
