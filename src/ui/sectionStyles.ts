import type { CSSProperties } from 'preact';

// A hit's sections are laid out here, not in styles.css: they come with the part the
// script-tag build loads later, and the first load's stylesheet has no bytes to spare
// (bench/sizeBudget.ts). Their colours, hover and ring stay in styles.css.

/** The list under a hit's passage on the results page, indented behind a line. */
export const SECTIONS: CSSProperties = {
  display: 'grid',
  // No wider than the card: a passage kept to one line would otherwise widen its column.
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: '0.25rem',
  margin: '0.5rem 0 0',
  paddingInlineStart: '0.75rem',
  fontSize: '0.875rem',
  listStyle: 'none',
  borderInlineStart: '2px solid var(--ss-border)',
};

/** A section's link: above the link stretched over the card, so that it takes its own clicks. */
export const SECTION_LINK: CSSProperties = { position: 'relative', fontWeight: 600 };

/** A section's passage: one line, cut at its end. */
export const SECTION_TEXT: CSSProperties = {
  display: 'block',
  overflow: 'hidden',
  color: 'var(--ss-muted)',
  whiteSpace: 'nowrap',
  textOverflow: 'ellipsis',
};

/** A section's option in the overlay's listbox, indented under its page's. */
export const SECTION_OPTION: CSSProperties = { display: 'block', marginInlineStart: '1.5rem', fontSize: '0.875rem' };
