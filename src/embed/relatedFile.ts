import type { mountRecommendations } from '../ui/mountRecommendations.tsx';
import { loadPinned } from './languageFile.ts';
import { RELATED_KEY } from './sharedModules.ts';

/** The hash of `site-search.related.js`; the build writes it into `site-search.more.js` (vite.config.ts). */
declare const __RELATED_HASH__: string;

type Slot = { [key: symbol]: typeof mountRecommendations | undefined };

/**
 * The related-items row, from `site-search.related.js` (related.ts), a file of its own: a
 * page that mounts none loads none of it. Rejects when it cannot be had.
 */
export async function loadRelated(): Promise<typeof mountRecommendations> {
  await loadPinned('.related.js', __RELATED_HASH__);
  const mount = (globalThis as Slot)[Symbol.for(RELATED_KEY)];
  if (!mount) throw new Error('Site Search: site-search.related.js did not run.');
  return mount;
}
