// The core's entry: the widget's state without any view, for a UI of your own.
// Named exports only; it needs `@preact/signals-core`, and no Preact and no DOM.
export { createSearchController } from './createSearchController.ts';
export type { SearchController, SearchControllerOptions, SearchStatus } from './createSearchController.ts';
export type { FacetRequests, RangeSelection, SearchFilters, SearchState } from './searchState.ts';
export { createSuggestions } from './createSuggestions.ts';
export type { ComboboxKeyResult, SuggestionItem, Suggestions, SuggestionsOptions } from './createSuggestions.ts';
export { createRecentSearches } from './createRecentSearches.ts';
export type { RecentSearches, RecentSearchesOptions } from './createRecentSearches.ts';
export { createRecommendations } from './createRecommendations.ts';
export type { Recommendations, RecommendationsOptions, RecommendationsStatus } from './createRecommendations.ts';
export { bindUrl, readState, writeState } from './bindUrl.ts';
export type { UrlOptions } from './bindUrl.ts';
export { parseHighlight } from './parseHighlight.ts';
export { markTitle } from './markTitle.ts';
export type { HighlightPart } from './parseHighlight.ts';
export { createSources } from './createSources.ts';
export type { SourceOption, SourceSearch, Sources, SourcesOptions } from './createSources.ts';
