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
export type { FieldLabel, RangeField, WidgetConfig } from './ui/WidgetContext.ts';
export { en } from './ui/messages.ts';
export type { Messages, Plural } from './ui/messages.ts';
export { de } from './ui/messagesDe.ts';
export { createSearchController } from './core/createSearchController.ts';
export type { SearchController, SearchControllerOptions, SearchStatus } from './core/createSearchController.ts';
export type { FacetRequests, RangeSelection, SearchFilters, SearchState } from './core/searchState.ts';
export { createSuggestions } from './core/createSuggestions.ts';
export type { ComboboxKeyResult, SuggestionItem, Suggestions, SuggestionsOptions } from './core/createSuggestions.ts';
export { bindUrl } from './core/bindUrl.ts';
export type { UrlOptions } from './core/bindUrl.ts';
export { parseHighlight } from './core/parseHighlight.ts';
export type { HighlightPart } from './core/parseHighlight.ts';
export { createClient, SearchApiError } from './client/index.ts';
export type { ClientOptions, RequestOptions, SearchClient } from './client/index.ts';
export type { HitImages, RecommendationHit, SearchHit, SearchParams, SearchResponse } from './client/types.ts';
