/**
 * The attributes of `<site-search>` (src/embed/index.ts, read by src/embed/readOptions.ts),
 * for the JSX and template declarations of the React and Vue entries: the element is
 * defined by the script-tag build (`site-search-widget/embed`), never by these entries.
 * A switch is on when present (even empty), off when `off` or `false`.
 */
export interface SiteSearchAttributes {
  'site-key': string;
  /** The search API's base URL (`baseUrl`). */
  api: string;
  'regional-api'?: string | undefined;
  layout?: 'page' | 'overlay' | undefined;
  theme?: 'auto' | 'light' | 'dark' | undefined;
  placeholder?: string | undefined;
  /** A language code; the words come from `site-search.<code>.js` beside the script. */
  lang?: string | undefined;
  /** Keeps the search in the query string, its parameters under this prefix. */
  url?: string | undefined;
  limit?: number | string | undefined;
  /** `field:Label, field`. */
  facets?: string | undefined;
  sorts?: string | undefined;
  fields?: string | undefined;
  paging?: 'pages' | 'more' | undefined;
  suggestions?: Switch;
  'recent-searches'?: Switch;
  'results-url'?: string | undefined;
  shortcut?: Switch;
  'user-token'?: string | undefined;
  analytics?: Switch;
  'analytics-tag'?: string | undefined;
  'require-consent'?: Switch;
  'respect-gpc'?: Switch;
  /** Any other `mount` option, as JSON. */
  config?: string | undefined;
  /** The site's own words over the language's, as JSON. */
  messages?: string | undefined;
}

type Switch = boolean | '' | 'on' | 'off' | 'true' | 'false' | undefined;
