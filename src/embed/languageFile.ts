import { loadScript } from './loadScript.ts';
import { beside, script } from './scriptUrl.ts';

/** The hashes of the language files, by code; the build writes them into `site-search.more.js` (vite.config.ts). */
declare const __LANGUAGE_HASHES__: Record<string, string>;

/**
 * Loads the file of language `code` from beside the script (once per page), pinned by its
 * own hash when the page pins the script with `integrity`.
 */
export const loadLanguage = (code: string): Promise<void> =>
  loadScript(beside(`.${code}.js`)!, script?.integrity ? { integrity: __LANGUAGE_HASHES__[code], crossOrigin: script.crossOrigin } : {});
