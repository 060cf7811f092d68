import type { HitSection } from '../../src/client/types.ts';
import type { PageSection } from '../engine/engine.ts';
import { fold } from '../text/fold.ts';
import { hasInnerCase, identifierParts } from '../text/identifiers.ts';
import { wordPattern } from '../text/words.ts';
import { passage, type HighlightTerms } from './highlight.ts';

/** Sections a hit shows at most. */
export const HIT_SECTIONS_MAX = 3;
/** A searched word in a section's heading counts this many times one in its text: the heading says what the section is about. */
const HEADING_WEIGHT = 3;

/**
 * The sections of a hit's page that match the search best (`SearchHit.sections`): by
 * the searched words each holds (distinct ones, in its heading weighed HEADING_WEIGHT
 * times those of its text), then in page order; sections without an anchor are left
 * out, having no address of their own. Each has the page's URL with its anchor and a
 * passage of its text, marked as the hit's highlight is.
 */
export function hitSections(pageUrl: string, sections: readonly PageSection[], terms: HighlightTerms): HitSection[] {
  if (terms.exact.size === 0 && terms.prefixes.length === 0) return [];
  const base = pageUrl.split('#')[0]!;
  const scored = sections.flatMap((section, order) => {
    if (section.anchor === null) return [];
    const score = HEADING_WEIGHT * matchedWords(section.title, terms) + matchedWords(section.text, terms);
    return score === 0 ? [] : [{ section, order, score }];
  });
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  return scored.slice(0, HIT_SECTIONS_MAX).map(({ section }) => {
    const text = passage(section.text, terms);
    return {
      title: section.title,
      url: `${base}#${encodeURIComponent(section.anchor!)}`,
      // A section matched by its heading alone is shown by its opening.
      highlight: text.firstMatch === null ? passage(section.text, terms, { opening: true }).html : text.html,
    };
  });
}

/** Whether some searched word or completion stands in the text as a piece. */
function holdsPiece(text: string, terms: HighlightTerms): boolean {
  return [...terms.exact].some((word) => text.includes(word)) || terms.prefixes.some((prefix) => text.includes(prefix));
}

/** How many distinct searched words a text holds (whole, by a part of an identifier, or begun by the word being typed). */
function matchedWords(text: string, terms: HighlightTerms): number {
  // A word, a part of one or a completion folds to a piece of the folded text: a text
  // holding no searched word as a piece holds none as a word, and is not read word by
  // word (most of a long page's sections).
  if (!holdsPiece(fold(text), terms)) return 0;
  // Once every searched word is found the count cannot grow: the rest is not read (a
  // long section, for a word it holds near its start).
  const most = terms.exact.size + terms.prefixes.length;
  const found = new Set<string>();
  const note = (word: string) => {
    if (terms.exact.has(word)) found.add(word);
    else {
      const prefix = terms.prefixes.find((p) => word.startsWith(p));
      if (prefix !== undefined) found.add(`${prefix}*`);
    }
  };
  const pattern = wordPattern();
  for (let m = pattern.exec(text); m !== null && found.size < most; m = pattern.exec(text)) {
    // The words of textTokens, one at a time.
    const raw = m[0];
    note(fold(raw));
    if (hasInnerCase(raw)) for (const part of identifierParts(raw)) note(fold(part));
  }
  return found.size;
}
