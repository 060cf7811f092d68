// The client's entry: named exports only, so the public surface is visible at a glance.
export { createClient } from './createClient.ts';
export type { ClientOptions, SearchClient } from './createClient.ts';
export { SearchApiError, isAbortError } from './errors.ts';
export { hostFor, servedRegionally } from './hosts.ts';
export type { ApiArea, HostOptions } from './hosts.ts';
export type { RequestOptions } from './request.ts';
export { searchQuery } from './search.ts';
export * as limits from './limits.ts';
export type * from './types.ts';
