// The npm entry: named exports only, so the public surface reads at a glance and
// index.test.ts notices any change to it.
export { mount } from './ui/mount.tsx';
export type { MountOptions, MountedWidget } from './ui/mount.tsx';
export type { AnalyticsOptions } from './tracker/createTracker.ts';
export { mountRecommendations } from './ui/mountRecommendations.tsx';
export type { RecommendationsMountOptions } from './ui/mountRecommendations.tsx';
export { Recommendations } from './ui/Recommendations.tsx';
export type { RecommendationsProps } from './ui/Recommendations.tsx';
export { createRecommendations } from './core/createRecommendations.ts';
export type { Recommendations as RecommendationsController, RecommendationsOptions, RecommendationsStatus } from './core/createRecommendations.ts';
export { SearchWidget } from './ui/SearchWidget.tsx';
export type { SearchWidgetProps } from './ui/SearchWidget.tsx';
// The parts of SearchWidget, for a layout of your own: each reads the controller from
// SearchContext and the words and settings from WidgetContext.
export { SearchContext } from './ui/SearchContext.ts';
export { WidgetContext } from './ui/WidgetContext.ts';
export type { FieldLabel, RangeField, WidgetConfig, WidgetContextValue } from './ui/WidgetContext.ts';
export { SearchBox } from './ui/SearchBox.tsx';
export type { SearchBoxProps } from './ui/SearchBox.tsx';
export { SearchOverlay } from './ui/SearchOverlay.tsx';
export type { SearchOverlayProps } from './ui/SearchOverlay.tsx';
export { SkipToResults } from './ui/SkipToResults.tsx';
export { StatsLine } from './ui/StatsLine.tsx';
export { SortSelect } from './ui/SortSelect.tsx';
export { FacetPanel } from './ui/FacetPanel.tsx';
export { FilterChips } from './ui/FilterChips.tsx';
export { Results } from './ui/Results.tsx';
export { Pager } from './ui/Pager.tsx';
export { LoadMore } from './ui/LoadMore.tsx';
export { en } from './ui/messages.ts';
export type { Messages, Plural } from './ui/messages.ts';
export { de } from './ui/messagesDe.ts';
export { createSearchController } from './core/createSearchController.ts';
export type { SearchController, SearchControllerOptions, SearchStatus } from './core/createSearchController.ts';
export type { FacetRequests, RangeSelection, SearchFilters, SearchState } from './core/searchState.ts';
export { createSuggestions } from './core/createSuggestions.ts';
export type { ComboboxKeyResult, SuggestionItem, Suggestions, SuggestionsOptions } from './core/createSuggestions.ts';
export { createRecentSearches } from './core/createRecentSearches.ts';
export type { RecentSearches, RecentSearchesOptions } from './core/createRecentSearches.ts';
export { bindUrl } from './core/bindUrl.ts';
export type { UrlOptions } from './core/bindUrl.ts';
export { parseHighlight } from './core/parseHighlight.ts';
export { markTitle } from './core/markTitle.ts';
export type { HighlightPart } from './core/parseHighlight.ts';
export { createClient, SearchApiError } from './client/index.ts';
export type { ClientOptions, RequestOptions, SearchClient } from './client/index.ts';
export type { HitImages, RecommendationHit, SearchHit, SearchParams, SearchResponse } from './client/types.ts';
