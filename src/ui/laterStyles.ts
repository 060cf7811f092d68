import type { CSSProperties } from 'preact';

// What only the parts the script-tag build loads later show is styled here, not in
// styles.css, as a hit's sections are (sectionStyles.ts): the first load's stylesheet has
// no bytes to spare (bench/sizeBudget.ts). What the keys ring (`[aria-selected]`) stays there.

/** "See all N results", the overlay's last option. */
export const SEE_ALL: CSSProperties = { justifyContent: 'center', marginTop: '0.25rem', fontWeight: 600, color: 'var(--ss-accent)' };

/** A rule's redirect is the answer: a card with the address on a line of its own. */
export const REDIRECT: CSSProperties = {
  justifyContent: 'flex-start',
  marginBlock: '0.25rem',
  padding: '0.75rem',
  border: '1px solid var(--ss-border)',
  borderRadius: 'var(--ss-radius-small, 6px)',
};

/** The redirect card's link, the card's whole width, in the card's colours (not the site's link colours). */
export const REDIRECT_LINK: CSSProperties = { display: 'block', color: 'inherit', textDecoration: 'none' };

/** The words around the redirect's address: no wider than the option, so that the address can be cut. */
export const GO: CSSProperties = { minWidth: 0 };

/** The redirect's address whole, on a line of its own, cut at its end if longer than one. */
export const GO_URL: CSSProperties = {
  display: 'block',
  maxWidth: '100%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontWeight: 600,
  color: 'var(--ss-accent)',
};

/** The overlay's line when there is nothing to offer before typing. */
export const OVERLAY_NOTE: CSSProperties = { padding: '1.5rem 0.75rem', textAlign: 'center', color: 'var(--ss-muted)' };
