/**
 * The script-tag build's size budget: `dist/embed/site-search.js` plus `site-search.css`,
 * brotli quality 11, as a CDN would serve them, with every feature and the official
 * Preact and signals packages inside (issue #14). `npm run bench` reports against it.
 */
export const EMBED_BUDGET_BYTES = 24 * 1024;

/**
 * What the size test enforces: the size the build has reached, with a little room, never
 * above the budget. It only moves down; a new feature raises it by what the feature
 * costs, and one that would take it past the budget has to win the bytes back first.
 * A change that makes the build bigger than this fails the test.
 */
export const EMBED_CEILING_BYTES = 24_460;

/** The files of the script-tag build whose brotli sizes count against the budget. */
export const EMBED_FILES = ['site-search.js', 'site-search.css'] as const;
