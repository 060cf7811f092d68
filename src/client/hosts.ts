import { SearchApiError } from './errors.ts';

/** The areas of the API, as far as choosing a host is concerned. */
export type ApiArea = 'search' | 'suggest' | 'stats' | 'autocomplete' | 'indexing' | 'crawl' | 'recommendations';

export interface HostOptions {
  /** `{base_url}`: the API host root, for every endpoint. */
  baseUrl: string;
  /**
   * `{base_url_eu}` or `{base_url_us}`: a regional host. Search, suggestions and stats
   * go there; every other call still goes to `baseUrl`.
   */
  regionalUrl?: string | undefined;
}

/** Whether a regional host may serve calls of this area: they serve only the Suggestions, Search and Analytics APIs (section 1). */
export function servedRegionally(area: ApiArea): boolean {
  return /^(search|suggest|stats)$/.test(area);
}

/** Options that let the client tell a regional host when it sees one. */
export interface RegionalHostOptions extends HostOptions {
  /**
   * The regional hosts you know of (`{base_url_eu}`, `{base_url_us}`). Indexing, crawl
   * and recommendation calls are refused, before any request, when `baseUrl` is one of
   * them or equals `regionalUrl`: the regional hosts serve only search, suggestions and
   * analytics, so such a call could never succeed there.
   * @default []
   */
  regionalUrls?: readonly string[] | undefined;
}

/**
 * The host root for a call of this area, as `hostFor` gives it, after refusing a
 * regional `baseUrl` for an area the regional hosts do not serve.
 */
export function checkedHostFor(area: ApiArea, options: RegionalHostOptions): string {
  const root = hostFor(area, options);
  if (!servedRegionally(area)) {
    const regional = [options.regionalUrl, ...(options.regionalUrls ?? [])].filter((u): u is string => !!u).map(trimSlash);
    if (regional.includes(root)) {
      throw new SearchApiError({
        status: 0,
        code: 'regional_host',
        parameter: 'baseUrl',
        message: `${root} is a regional host, which serves only search, suggestions and analytics; ${area} calls must use the main API host ({base_url}) as baseUrl`,
      });
    }
  }
  return root;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** The host root a call of this area goes to, without a trailing slash. */
export function hostFor(area: ApiArea, options: HostOptions): string {
  const root = options.regionalUrl && servedRegionally(area) ? options.regionalUrl : options.baseUrl;
  return root.replace(/\/+$/, '');
}
