import { loadScript } from './loadScript.ts';
import { beside, script } from './scriptUrl.ts';

/** The hashes of the language files, by code; the build writes them into `site-search.more.js` (vite.config.ts). */
declare const __LANGUAGE_HASHES__: Record<string, string>;

/**
 * Loads the file beside the script under `ending` (once per page), pinned by `hash` when
 * the page pins the script with `integrity`: a file whose hash `site-search.more.js` holds.
 */
export const loadPinned = (ending: string, hash: string): Promise<void> =>
  loadScript(beside(ending)!, script?.integrity ? { integrity: hash, crossOrigin: script.crossOrigin } : {});

/** Loads the file of language `code` from beside the script. */
export const loadLanguage = (code: string): Promise<void> => loadPinned(`.${code}.js`, __LANGUAGE_HASHES__[code]!);
