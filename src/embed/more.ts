/**
 * `site-search.more.js`: what the script-tag file loads only once it is needed (see
 * loadMore.ts): the facets, the filter chips, the pager, the skip link, the empty state, a hit's sections, the overlay's list, the suggestion dropdown's options, the analytics tracker and the loading of the language files, of the related-items row (`site-search.related.js`) and of the widget of several indices (`site-search.sources.js`). It imports
 * Preact, the signals, the contexts and the client from the script that loaded it
 * (sharedModules.ts).
 */
import { createTracker } from '../tracker/createTracker.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { FacetPanel } from '../ui/FacetPanel.tsx';
import { en } from '../ui/messages.ts';
import { enLater } from '../ui/messagesLater.ts';
import { FilterChips } from '../ui/FilterChips.tsx';
import { HitSections } from '../ui/HitSections.tsx';
import { LoadMore } from '../ui/LoadMore.tsx';
import { Pager } from '../ui/Pager.tsx';
import { SkipToResults } from '../ui/SkipToResults.tsx';
import { SuggestionOptions } from '../ui/SuggestionOptions.tsx';
import { OverlayList } from '../ui/OverlayList.tsx';
import { loadLanguage } from './languageFile.ts';
import { MORE, type More } from './loadMore.ts';
import { loadRelated } from './relatedFile.ts';
import { loadSources } from './sourcesFile.ts';

// The script's `en` lacks the words only the parts of this file show (lazyMessages.ts): they
// come with them. The site's own words (data-messages) are made over `en`, and see them too.
Object.assign(en, enLater);

(globalThis as { [MORE]?: More })[MORE] = {
  createTracker,
  loadRelated,
  loadSources,
  FacetPanel,
  FilterChips,
  HitSections,
  OverlayList,
  Pager,
  LoadMore,
  SkipToResults,
  EmptyState,
  SuggestionOptions,
  loadLanguage,
};
