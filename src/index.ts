// The npm entry: named exports only, so the public surface reads at a glance and
// index.test.ts notices any change to it.
export { mount } from './ui/mount.tsx';
export type { MountOptions, MountedWidget } from './ui/mount.tsx';
export { createSearchController } from './core/createSearchController.ts';
export type { SearchController, SearchControllerOptions, SearchStatus } from './core/createSearchController.ts';
export { parseHighlight } from './core/parseHighlight.ts';
export type { HighlightPart } from './core/parseHighlight.ts';
export { createClient, SearchApiError } from './client/index.ts';
export type { ClientOptions, RequestOptions, SearchClient } from './client/index.ts';
export type { HitImages, SearchHit, SearchParams, SearchResponse } from './client/types.ts';
