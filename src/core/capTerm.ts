import { WIDGET_TERM_MAX_CHARS, WIDGET_TERM_MAX_WORDS } from '../client/limits.ts';

/**
 * The term as the widget sends it: trimmed, runs of whitespace collapsed, at most
 * `WIDGET_TERM_MAX_WORDS` words and `WIDGET_TERM_MAX_CHARS` characters. The widget
 * caps below what the service accepts so a long paste narrows the search instead of
 * failing with a 400.
 */
export function capTerm(term: string): string {
  return (
    term
      .trim()
      .split(/\s+/)
      .slice(0, WIDGET_TERM_MAX_WORDS)
      .join(' ')
      .slice(0, WIDGET_TERM_MAX_CHARS)
      // Do not cut an astral character (emoji, CJK extension) in half: a lone
      // surrogate would be sent as U+FFFD and match nothing.
      .replace(/[\ud800-\udbff]$/, '')
      .trimEnd()
  );
}
