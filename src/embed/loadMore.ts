import type { createTracker } from '../tracker/createTracker.ts';
import type { EmptyState } from '../ui/EmptyState.tsx';
import type { FacetPanel } from '../ui/FacetPanel.tsx';
import type { FilterChips } from '../ui/FilterChips.tsx';
import type { HitSections } from '../ui/HitSections.tsx';
import type { LoadMore } from '../ui/LoadMore.tsx';
import type { Pager } from '../ui/Pager.tsx';
import type { SkipToResults } from '../ui/SkipToResults.tsx';
import type { SuggestionOptions } from '../ui/SuggestionOptions.tsx';
import type { OverlayList } from '../ui/OverlayList.tsx';
import type { loadLanguage } from './languageFile.ts';
import type { loadRelated } from './relatedFile.ts';
import type { loadSources } from './sourcesFile.ts';
import { loadScript } from './loadScript.ts';
import { beside, pinned } from './scriptUrl.ts';
import { MORE_KEY } from './sharedModules.ts';

/** What `site-search.more.js` (more.ts) leaves on the page when it has run. */
export interface More {
  createTracker: typeof createTracker;
  loadRelated: typeof loadRelated;
  loadSources: typeof loadSources;
  FacetPanel: typeof FacetPanel;
  FilterChips: typeof FilterChips;
  HitSections: typeof HitSections;
  OverlayList: typeof OverlayList;
  Pager: typeof Pager;
  LoadMore: typeof LoadMore;
  SkipToResults: typeof SkipToResults;
  EmptyState: typeof EmptyState;
  SuggestionOptions: typeof SuggestionOptions;
  loadLanguage: typeof loadLanguage;
}

/** Where it leaves it. */
export const MORE = Symbol.for(MORE_KEY);

/**
 * The part of the script-tag file that is loaded only when it is needed: the facets, the
 * pager and the empty state with the first search, the overlay's list when it first opens, the suggestion dropdown's options as the visitor first types, the tracker once results are on screen or a result is clicked, and,
 * when related items are mounted, what loads their file.
 * Built beside the script (vite.config.ts). Rejects when it cannot be had.
 */
export async function loadMore(src = beside('.more.js')): Promise<More> {
  const slot = globalThis as { [MORE]?: More };
  if (!slot[MORE]) {
    if (!src) throw new Error('Site Search: site-search.more.js is loaded from beside the script tag.');
    await loadScript(src, pinned('.more.js'));
  }
  if (!slot[MORE]) throw new Error(`Site Search: ${src} did not run.`);
  return slot[MORE];
}
