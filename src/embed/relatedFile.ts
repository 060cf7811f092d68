import type { mountRecommendations } from '../ui/mountRecommendations.tsx';
import { loadPinned } from './languageFile.ts';
import { RELATED_KEY } from './sharedModules.ts';

/** The hash of `site-search.related.js`; the build writes it into `site-search.more.js` (vite.config.ts). */
declare const __RELATED_HASH__: string;

type Slot = { [key: symbol]: typeof mountRecommendations | undefined };

/**
 * The related-items row, from `site-search.related.js` (related.ts), a file of its own: a
 * page that mounts none loads none of it. Rejects when it cannot be had; undefined if it did not run.
 */
export const loadRelated = (): Promise<typeof mountRecommendations | undefined> =>
  loadPinned('.related.js', __RELATED_HASH__).then(() => (globalThis as Slot)[Symbol.for(RELATED_KEY)]);
