import { hostFor, type ApiArea, type HostOptions } from './hosts.ts';
// The script-tag build swaps this for src/embed/request.ts (vite.config.ts).
import { buildUrl, getJson, type QueryValue, type RequestOptions } from './request.ts';
import { searchQuery } from './search.ts';
import type {
  AutocompleteParams,
  AutocompleteResponse,
  RecommendationsParams,
  RecommendationsResponse,
  SearchParams,
  SearchResponse,
  SuggestParams,
  SuggestResponse,
} from './types.ts';

/** Options of `createClient`. */
export interface ClientOptions extends HostOptions {
  /** The public site key of the index. */
  siteKey: string;
  /**
   * The `fetch` to use; the platform's by default. Pass one to add headers or to run
   * where there is no global `fetch`.
   * @default globalThis.fetch
   */
  fetch?: typeof fetch | undefined;
}

/** The public (unauthenticated) calls of the API. */
export interface SearchClient {
  /** `GET /v1/search/{key}` (4.1). */
  search(params: SearchParams, options?: RequestOptions): Promise<SearchResponse>;
  /** `GET /v1/suggest/{key}` (4.2). */
  suggest(params: SuggestParams, options?: RequestOptions): Promise<SuggestResponse>;
  /** `GET /v1/autocomplete/document-field/{key}` (4.3). */
  autocomplete(params: AutocompleteParams, options?: RequestOptions): Promise<AutocompleteResponse>;
  /** `GET /v1/recommendations/{key}` (4.10): the items related to one item, most likely first. */
  recommendations(params: RecommendationsParams, options?: RequestOptions): Promise<RecommendationsResponse>;
}

/** Creates a client for one index. Every call takes an optional `AbortSignal`. */
export function createClient(options: ClientOptions): SearchClient {
  for (const required of ['siteKey', 'baseUrl'] as const) {
    if (!options[required]) throw new TypeError(`createClient: ${required} is required`);
  }
  // Bound lazily so a page that replaces `fetch` after loading the client is honoured.
  const fetcher: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  /** One GET call: its area, the path after `/v1/` (the area's name by default) and how its parameters become the query. */
  const call =
    (area: ApiArea, path: string = area, query: (params: never) => Record<string, QueryValue> = (params: object) => params as Record<string, QueryValue>) =>
    (params: never, requestOptions?: RequestOptions) =>
      getJson<never>(fetcher, buildUrl(hostFor(area, options), `/v1/${path}/${encodeURIComponent(options.siteKey)}`, query(params)), requestOptions);

  return {
    search: call('search', undefined, searchQuery),
    suggest: call('suggest'),
    autocomplete: call('autocomplete', 'autocomplete/document-field'),
    recommendations: call('recommendations'),
  };
}
