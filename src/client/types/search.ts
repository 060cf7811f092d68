// Searching: the parameters of `GET /v1/search/{key}` (4.1), its hits, facets and
// filters, and the answer's envelope (2.2, 2.3).

/** The images of a hit (2.2). */
export interface HitImages {
  main: string | null;
  /** A low-resolution thumbnail as base64 (or a `data:image/*` URL). */
  main_b64?: string | null;
  capture: string | null;
}

/** The document types a hit can have. */
export type DocumentType = 'html' | 'pdf' | 'doc' | 'docx' | 'ppt' | 'pptx' | 'xlsx';

/** One element of `hits` in a search response (2.2). */
export interface SearchHit {
  id: string;
  thumbnail_external_src?: string | null;
  url: string;
  title: string;
  meta_description: string | null;
  meta_categories: string | string[] | null;
  /** Each value is a string, or an array of strings for a multi-valued field. */
  custom_fields: Record<string, string | string[]>;
  /**
   * A passage of `main_content`; matched terms are wrapped in `<em>`, the rest is HTML-escaped.
   * The reference service gives a title match the page's meta description instead, when
   * it says more (see its documentation).
   */
  highlight: string;
  /**
   * The title with the matched words in `<em>`, the rest HTML-escaped: the words as the
   * service matched them (forms, corrections, identifier parts), stop words only where
   * the title names them with a searched word. Absent without searched words. An addition
   * of the reference service.
   */
  titleHighlight?: string;
  /**
   * Up to 3 sections of the page that match the search best, best first: each an h1–h3
   * heading of a crawled page that gives it an anchor. Absent when none matches (and for
   * documents written through the API, which have no sections). `limit`, `page` and
   * `total_hits` still count pages. An addition of the reference service.
   */
  sections?: HitSection[];
  /** Publishing date, `yyyy-MM-ddTHH:mm:ss`. */
  ts: string;
  /** `0x<domain>`, `1x<segment>`, `2x<segment>`, ..., `doctype_<type>`. */
  categories: string[];
  document_type: DocumentType;
  images: HitImages;
  score: number;
  /**
   * `organic` as the index ranked it, `pinned` by a query rule, or `promotion`: a card of
   * a rule that is no document (its id is `promotion:{ruleId}:{n}`, or, for a rule id too
   * long for a click's 32-character `docid`, `promotion:~{digest}:{n}`). An addition of the
   * reference service.
   */
  resultType?: HitResultType;
  /** With `explain=true` (authenticated): why the hit stands where it does. */
  _rankingDetails?: RankingDetails;
}

export type HitResultType = 'organic' | 'pinned' | 'promotion';

/** A section of a hit's page (`SearchHit.sections`). */
export interface HitSection {
  /** The section's heading, as on the page. */
  title: string;
  /** The page's URL with the section's anchor (`…/stdtypes.html#mapping-types-dict`). */
  url: string;
  /** A passage of the section's text, marked and escaped as the hit's `highlight` is. */
  highlight: string;
}

/** Why a hit stands where it does (`explain=true`). */
export interface RankingDetails {
  /** Each ranking rule in the index's order, with the value it compared for this hit. */
  rules: Array<{ rule: string; value: number | string | null }>;
  /** The rule that placed this hit ahead of the next one; null for the last hit or a tie. */
  decidedBy: string | null;
  /** A query rule's pin: the rule and the position. */
  pinned?: { ruleId: string; position: number };
  /**
   * Relevance multipliers applied: by query rules (`rule:{id}`) and by clicks (`clicks`,
   * with the address groups whose clicks raised the hit in `groups`).
   */
  boosts?: Array<{ source: string; factor: number; groups?: number }>;
  /** Why `decidedBy` is null, or why the rules have no values (a document they did not order). */
  note?: string;
}

/** One value of a value facet, as the reference service returns it. */
export interface FacetValue {
  value: string;
  count: number;
}

/** One bucket of a range facet: `from` inclusive, `to` exclusive. */
export interface RangeFacetBucket {
  from?: number;
  to?: number;
  count: number;
}

/** The search response envelope (2.3). */
export interface SearchResponse {
  page: number;
  total_hits: number;
  processing_time_ms: number;
  hits: SearchHit[];
  /** Per requested facet field, values ordered by count, then value; null when none were asked for. */
  facets: Record<string, FacetValue[]> | null;
  /** Per requested field, one bucket per requested range in request order; null when none were asked for. */
  rangeFacets: Record<string, RangeFacetBucket[]> | null;
  /** Ids of the query rules that shaped this answer, most specific first (absent when none). */
  appliedRules?: string[];
  /** A matching rule's `redirect`: the page should go there instead of showing results. */
  redirect?: string;
  /** A matching rule's `userData`, for the site's page. */
  userData?: unknown;
}

/** A filter on custom field values and categories (4.1). */
export type SearchFilter =
  | { and: SearchFilter[] }
  | { or: SearchFilter[] }
  | { not: SearchFilter }
  | { range: Record<string, RangeBounds> }
  | { category: string }
  | { [customField: `custom_fields.${string}`]: string | number };

/** Bounds of a range filter; both exclusive. Numbers or numeric strings. */
export interface RangeBounds {
  gt?: number | string;
  lt?: number | string;
}

/** One requested range facet: a numeric custom field and its ranges. */
export interface RangeFacetRequest {
  field: string;
  ranges: Array<{ from?: number; to?: number }>;
}

export type SortOrder = 'asc' | 'desc';

export type FuzzyMode = 'false' | 'true' | 'auto';

/** Query parameters of `GET /v1/search/{key}` (4.1). */
export interface SearchParams {
  /** The search term; `*` returns every document. */
  term: string;
  /** Results per page, 1-300. @default 10 */
  limit?: number;
  /** @default 1 */
  page?: number;
  /** Two-letter language code: only results in this language. */
  lang?: string;
  /** A domain (`0x<domain>`), a URL path level (`1x<segment>`) or a file type (`doctype_<type>`). */
  categories?: string;
  /** `relevance`, `date` or `custom_fields.<name>`. @default 'relevance' */
  sort?: string;
  /** Applies when `sort` is `date` or a custom field. @default 'desc' */
  order?: SortOrder;
  /** @default 'false' */
  fuzzy?: FuzzyMode | boolean;
  /** Match the last word as a prefix (search as you type). @default true */
  postfixWildcard?: boolean;
  /** Only results newer than this date, `yyyy-MM-dd`. */
  dateFrom?: string;
  /** Only results older than this date, `yyyy-MM-dd`. */
  dateTo?: string;
  /** Custom field equality: values of one name are ORed, names are ANDed. */
  customField?: Record<string, string | number | ReadonlyArray<string | number>>;
  /** @default 'all' */
  resultType?: 'all' | 'organic';
  userToken?: string;
  /** Facet fields: `custom_fields.<name>`, or `categorys` with `categories` set to a path level. */
  facet?: readonly string[];
  /** Values per facet field, up to 1000. @default 10 */
  numFacets?: number;
  rangeFacets?: readonly RangeFacetRequest[];
  /** Whether the search counts in the statistics. @default true */
  collectAnalytics?: boolean;
  /** At most 50 characters. */
  analyticsTag?: string;
  filter?: SearchFilter;
  /** `or`: documents may match some of the words (the reference service honours it whatever `fuzzy` is). */
  defaultOperator?: 'and' | 'or';
}

/** A search by the index's owner (`createIndexClient`), who may ask why the hits stand where they do. */
export interface IndexSearchParams extends SearchParams {
  /**
   * Every hit gets `_rankingDetails` (an addition of the reference service); sent with
   * the index's credentials, and not recorded as a visitor's search.
   * @default false
   */
  explain?: boolean;
}
