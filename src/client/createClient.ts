import { hostFor, type HostOptions } from './hosts.ts';
import { buildUrl, getJson, type RequestOptions } from './request.ts';
import { searchQuery } from './search.ts';
import type {
  AutocompleteParams,
  AutocompleteResponse,
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
}

/** Creates a client for one index. Every call takes an optional `AbortSignal`. */
export function createClient(options: ClientOptions): SearchClient {
  if (!options.siteKey) throw new TypeError('createClient: siteKey is required');
  if (!options.baseUrl) throw new TypeError('createClient: baseUrl is required');
  // Bound lazily so a page that replaces `fetch` after loading the client is honoured.
  const fetcher: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const key = encodeURIComponent(options.siteKey);

  return {
    search: (params, requestOptions) =>
      getJson(fetcher, buildUrl(hostFor('search', options), `/v1/search/${key}`, searchQuery(params)), requestOptions),
    suggest: (params, requestOptions) =>
      getJson(fetcher, buildUrl(hostFor('suggest', options), `/v1/suggest/${key}`, { ...params }), requestOptions),
    autocomplete: (params, requestOptions) =>
      getJson(
        fetcher,
        buildUrl(hostFor('autocomplete', options), `/v1/autocomplete/document-field/${key}`, { ...params }),
        requestOptions,
      ),
  };
}
