import { WIDGET_TERM_MAX_CHARS, WIDGET_TERM_MAX_WORDS } from '../client/limits.ts';

/**
 * The term as the widget sends it: trimmed, runs of whitespace collapsed, at most
 * `WIDGET_TERM_MAX_WORDS` words and `WIDGET_TERM_MAX_CHARS` characters. The widget
 * caps below what the service accepts so a long paste narrows the search instead of
 * failing with a 400.
 */
export function capTerm(term: string): string {
  const words = term.trim().split(/\s+/).slice(0, WIDGET_TERM_MAX_WORDS);
  let capped = words.join(' ');
  if (capped.length > WIDGET_TERM_MAX_CHARS) {
    let end = WIDGET_TERM_MAX_CHARS;
    // Do not cut an astral character (emoji, CJK extension) in half: a lone
    // surrogate would be sent as U+FFFD and match nothing.
    const last = capped.charCodeAt(end - 1);
    if (last >= 0xd800 && last <= 0xdbff) end -= 1;
    capped = capped.slice(0, end).trimEnd();
  }
  return capped;
}
