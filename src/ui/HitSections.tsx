import type { SearchHit } from '../client/types.ts';
import type { HighlightPart } from '../core/parseHighlight.ts';
import { sectionViews } from '../core/sectionViews.ts';
import { highlight } from './Highlight.tsx';
import { SECTION_LINK, SECTION_TEXT, SECTIONS } from './sectionStyles.ts';

export interface HitSectionsProps {
  hit: SearchHit;
  /** The hit's title as it shows: the list is named by it, so that it is announced as its page's. */
  of: HighlightPart[];
}

/**
 * The sections of a hit's page under its card on the results page: a link each, after the
 * title's link in the tab order, above the link stretched over the card. Each link is the
 * section's heading; its passage follows, one line. Nothing for a hit without sections.
 * (The overlay's listbox shows them as options of their own: OverlayList.)
 */
export function HitSections({ hit, of }: HitSectionsProps) {
  const sections = sectionViews(hit);
  if (!sections.length) return null;
  return (
    <ul class="ss-sections" style={SECTIONS} aria-label={of.map((part) => part.text).join('')}>
      {sections.map(({ title, href, passage }, index) => (
        // `auto` on the whole item: an English heading and its passage in a right-to-left page line up together.
        <li key={index} dir="auto">
          <a class="ss-section-link" style={SECTION_LINK} href={href}>
            {title}
          </a>
          {passage[0] && (
            <span class="ss-section-text" style={SECTION_TEXT}>
              {highlight(passage)}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
