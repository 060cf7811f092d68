import type { enLater as all, enRelated as related } from '../ui/messagesLater.ts';

/**
 * The script-tag file's `enLater` and `enRelated` (vite.config.ts swaps it in for
 * src/ui/messagesLater.ts): none. Only the parts in `site-search.more.js` and
 * `site-search.related.js` show those words, and each file adds its own to `en` when it
 * runs (more.ts, related.ts).
 */
export const enLater = {} as typeof all;
export const enRelated = {} as typeof related;
