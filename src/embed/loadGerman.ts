import type { Messages } from '../ui/messages.ts';
import { loadScript } from './loadScript.ts';
import { pinned } from './scriptUrl.ts';

/** Where `site-search.de.js` (built beside the script, see vite.config.ts) leaves its messages. */
export const GERMAN = Symbol.for('site-search-de');

type Slot = { [GERMAN]?: Messages };

/** The German messages once `site-search.de.js` has run. */
export const german = (): Messages | undefined => (globalThis as Slot)[GERMAN];

/**
 * Runs `then` once the messages for `lang` are here: at once unless it is `de` and
 * `site-search.de.js` has not run yet, then after loading it (once per page) from `src`
 * (beside the script, so the page's `script-src` allows it). If the file fails to load,
 * `then` still runs and the widget speaks English.
 */
export function whenLang(lang: string | null | undefined, src: string | undefined, then: () => void): void {
  if (lang !== 'de' || german() || !src) return then();
  loadScript(src, pinned('.de.js')).then(then, then);
}
