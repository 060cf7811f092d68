import type { MountOptions, Started } from '../ui/mount.tsx';
import { SOURCES_KEY } from './sharedModules.ts';

/**
 * The script-tag file's `startSources` (vite.config.ts swaps it in for the real one): the
 * real one, from `site-search.sources.js`, which the script loads before it mounts a widget
 * whose tag has `data-sources` (whenLang, index.ts), so that a page without sources loads none
 * of it. A page that calls `SiteSearch.mount` with `sources` by hand has such a tag, or a
 * `<site-search sources>` element, on the page.
 */
export const startSources = (target: Element, options: MountOptions): Started =>
  (globalThis as { [key: symbol]: typeof startSources })[Symbol.for(SOURCES_KEY)]!(target, options);
