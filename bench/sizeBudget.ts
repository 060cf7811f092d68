/**
 * The script-tag build's size budget: `dist/embed/site-search.js` plus `site-search.css`,
 * brotli quality 11, as a CDN would serve them. The size test fails above it and
 * `npm run bench` reports against it.
 */
export const EMBED_BUDGET_BYTES = 16 * 1024;

/** The files of the script-tag build whose brotli sizes count against the budget. */
export const EMBED_FILES = ['site-search.js', 'site-search.css'] as const;
