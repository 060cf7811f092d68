/** The areas of the API, as far as choosing a host is concerned. */
export type ApiArea =
  | 'search'
  | 'suggest'
  | 'stats'
  | 'autocomplete'
  | 'indexing'
  | 'crawl'
  | 'recommendations';

/** The regional hosts serve only the Suggestions, Search and Analytics APIs (section 1). */
const REGIONAL_AREAS: ReadonlySet<ApiArea> = new Set(['search', 'suggest', 'stats']);

export interface HostOptions {
  /** `{base_url}`: the API host root, for every endpoint. */
  baseUrl: string;
  /**
   * `{base_url_eu}` or `{base_url_us}`: a regional host. Search, suggestions and stats
   * go there; every other call still goes to `baseUrl`.
   */
  regionalUrl?: string | undefined;
}

/** Whether a regional host may serve calls of this area. */
export function servedRegionally(area: ApiArea): boolean {
  return REGIONAL_AREAS.has(area);
}

/** The host root a call of this area goes to, without a trailing slash. */
export function hostFor(area: ApiArea, options: HostOptions): string {
  const root = options.regionalUrl && servedRegionally(area) ? options.regionalUrl : options.baseUrl;
  return root.replace(/\/+$/, '');
}
