import type { StoredDocument } from '../engine/engine.ts';
import { wordPattern } from '../text/words.ts';
import { HIGHLIGHT_CHARS, passage, type HighlightTerms } from './highlight.ts';

/** Words of the description looked for in the content, to find where the page's own text starts. */
const COPY_WORDS = 8;
/** The description's copy is looked for this far into the content (pages repeat it near the top). */
const COPY_SCAN_CHARS = 20_000;

/**
 * A hit's highlighted passage. For a title match the title already shows the searched
 * words, so the passage should say what the page is rather than where else the words
 * occur (on a reference site, mostly in support notes far down the page):
 * - the meta description when it holds a searched word, when the content holds none,
 *   or when the content's match stands above the page's own text (before the content's
 *   copy of the description, which most pages repeat as their first paragraph: a support
 *   banner, a notice);
 * - without a meta description, the opening of the content, where a page says what it is;
 * - otherwise the content's passage around its first match, as for any other hit.
 */
export function hitPassage(document: Pick<StoredDocument, 'title' | 'metaDescription' | 'mainContent'>, terms: HighlightTerms): string {
  if (terms.title?.(document.title).match !== true) return passage(document.mainContent, terms).html;
  const description = document.metaDescription?.trim() ?? '';
  if (description === '') return passage(document.mainContent, terms, { opening: true }).html;
  const described = passage(description, terms);
  const body = passage(document.mainContent, terms);
  if (described.firstMatch !== null || body.firstMatch === null) return described.html;
  const copy = copyStart(document.mainContent, description);
  return copy !== null && body.firstMatch < copy ? described.html : body.html;
}

/** Room a passage may read past its first match: its length, and more. */
const PASSAGE_ROOM = HIGHLIGHT_CHARS + 100;

/**
 * The passage hitPassage gives of the whole body, from its start alone
 * (StoredDocument.contentCut), when the start decides it: its first match stands far
 * enough before the start's last space that every word the passage reads lies whole in
 * the start, or the passage is the page's description or its opening. Null when the
 * start holds no match, or the description's copy must be looked for further in: only
 * the whole body can tell. Found once, the passage is not looked for again.
 */
export function passageFromStart(document: Pick<StoredDocument, 'title' | 'metaDescription' | 'mainContent'>, terms: HighlightTerms): string | null {
  const start = document.mainContent;
  const last = Math.max(start.lastIndexOf(' '), start.lastIndexOf('\n'), start.lastIndexOf('\t')) - PASSAGE_ROOM;
  if (terms.title?.(document.title).match !== true) {
    const found = passage(start, terms);
    return found.firstMatch !== null && found.firstMatch <= last ? found.html : null;
  }
  const description = document.metaDescription?.trim() ?? '';
  if (description === '') return last >= 0 ? passage(start, terms, { opening: true }).html : null;
  const described = passage(description, terms);
  return described.firstMatch !== null ? described.html : null;
}

/** Where `content` repeats the start of `description` (its first words, case and punctuation aside); null when it does not. */
function copyStart(content: string, description: string): number | null {
  const words = description.match(wordPattern())?.slice(0, COPY_WORDS) ?? [];
  if (words.length === 0) return null;
  // Words are letters, digits and marks only: nothing in them needs escaping.
  const found = new RegExp(words.join('[^\\p{L}\\p{N}\\p{M}]+'), 'iu').exec(content.slice(0, COPY_SCAN_CHARS));
  return found === null ? null : found.index;
}
