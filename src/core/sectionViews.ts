import type { SearchHit } from '../client/types.ts';
import { parseHighlight, type HighlightPart } from './parseHighlight.ts';
import { safeLinkUrl, safeText } from './safeUrl.ts';

/** A section of a hit's page as a view shows it (`SearchHit.sections`), checked as the hit is. */
export interface SectionView {
  /** The section's heading. */
  title: string;
  /** The page's URL with the section's anchor: an `http:` or `https:` URL only. */
  href: string;
  /** The section's passage, its marks parsed as the hit's are (never HTML). */
  passage: HighlightPart[];
}

/** The service sends up to 3; more from a misbehaving one would crowd the list. */
const MAX_SECTIONS = 3;

/**
 * The sections to show under a hit: the first 3 with a heading and a URL to link to;
 * one without either is left out, whatever else it holds.
 */
export function sectionViews(hit: SearchHit): SectionView[] {
  const sections: unknown = hit.sections;
  if (!Array.isArray(sections)) return [];
  return sections
    .flatMap((section: unknown) => {
      // Anything may come in place of an object: what is not one has no fields.
      const { title, url, highlight } = ((typeof section === 'object' && section) || {}) as Record<string, unknown>;
      const href = safeLinkUrl(typeof url === 'string' ? url : null);
      const heading = safeText(title);
      return href && heading ? [{ title: heading, href, passage: parseHighlight(safeText(highlight)) }] : [];
    })
    .slice(0, MAX_SECTIONS);
}
