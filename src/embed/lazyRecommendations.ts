/**
 * The script-tag file's `mountRecommendations` (vite.config.ts swaps it in for the real
 * one, which is in `site-search.related.js`, loaded through `site-search.more.js`): the same
 * row, mounted once those files are here.
 * `setConsent` and `destroy` work at any time; a row destroyed before then never shows.
 */
import { checkTarget } from '../ui/checkTarget.ts';
import type { RecommendationsMountOptions } from '../ui/mountRecommendations.tsx';
import { loadMore } from './loadMore.ts';

export function mountRecommendations(target: Element, options: RecommendationsMountOptions): { destroy(): void; setConsent(granted: boolean): void } {
  checkTarget(target, 'mountRecommendations');
  let row: ReturnType<typeof mountRecommendations> | undefined;
  let consent: boolean | undefined;
  let gone = false;
  loadMore()
    .then((more) => more.loadRelated())
    .then((mount) => {
      if (gone) return;
      // A file that did not run (no row to mount) fails here, and is said below.
      row = mount!(target, options);
      if (consent !== undefined) row.setConsent(consent);
    })
    .catch((error: unknown) => console.error(error));
  return {
    setConsent(granted) {
      consent = granted;
      row?.setConsent(granted);
    },
    destroy() {
      gone = true;
      row?.destroy();
    },
  };
}
