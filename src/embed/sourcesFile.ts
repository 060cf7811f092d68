import { loadPinned } from './languageFile.ts';

/** The hash of `site-search.sources.js`; the build writes it into `site-search.more.js` (vite.config.ts). */
declare const __SOURCES_HASH__: string;

/**
 * Loads `site-search.sources.js` (sources.ts), the widget of several indices, a file of its own:
 * a page whose tags have no `data-sources` loads none of it. Rejects when it cannot be had.
 */
export const loadSources = (): Promise<void> => loadPinned('.sources.js', __SOURCES_HASH__);
