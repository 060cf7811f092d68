/**
 * The types of the Site Search API: resources (section 2), request parameters
 * (section 4) and error bodies. This is the one place they are written down; the
 * client, the widget and the reference service all import them from here.
 */

/** A custom field value as indexed: text, integer, double, or several strings. */
export type CustomFieldValue = string | number | readonly string[];

/** Input of the create, replace and batch operations (2.1). */
export interface IndexDocument {
  /** When absent on the replace operations, the md5 (hex) of `url`. */
  id?: string;
  url?: string;
  /** URL of the document's default thumbnail. */
  thumbnail_external_src?: string;
  /**
   * A small inline thumbnail (base64, or a `data:image/*` URL), returned as
   * `images.main_b64`. An addition of the reference service; the hosted service makes
   * this image itself.
   */
  thumbnail_b64?: string;
  /** Two-letter language code. */
  language?: string;
  title?: string;
  /** The automatic highlight of search hits comes only from this field. */
  main_content?: string;
  /** `yyyy-MM-dd`, a date-time with `Z` or an offset, or epoch milliseconds as a string. */
  doc_date?: string;
  custom_fields?: Record<string, CustomFieldValue>;
}

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

/** Why a hit stands where it does (`explain=true`). */
export interface RankingDetails {
  /** Each ranking rule in the index's order, with the value it compared for this hit. */
  rules: Array<{ rule: string; value: number | string | null }>;
  /** The rule that placed this hit ahead of the next one; null for the last hit or a tie. */
  decidedBy: string | null;
  /** A query rule's pin: the rule and the position. */
  pinned?: { ruleId: string; position: number };
  /** Relevance multipliers applied: by query rules (`rule:{id}`) and by clicks (`clicks`). */
  boosts?: Array<{ source: string; factor: number }>;
  /** Why `decidedBy` is null, or why the rules have no values (a document they did not order). */
  note?: string;
}

/** A hit returned by recommendations: a search hit plus its `type`. */
export interface RecommendationHit extends SearchHit {
  type: string;
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
  /** Only with `fuzzy=auto`. */
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

/** A suggestion or autocomplete item (2.6). */
export interface ValueItem {
  value: string;
}

/** Query parameters of `GET /v1/suggest/{key}` (4.2). */
export interface SuggestParams {
  term: string;
  /** @default 10 */
  size?: number;
}

export interface SuggestResponse {
  suggestions: ValueItem[];
}

/** Query parameters of `GET /v1/autocomplete/document-field/{key}` (4.3). */
export interface AutocompleteParams {
  term: string;
  /** `custom_fields.<name>`. */
  source: string;
}

export interface AutocompleteResponse {
  autocomplete: ValueItem[];
}

/** Body of `PUT .../documents:batch` (4.6). */
export interface BatchRequest {
  documents: IndexDocument[];
}

/** Answer of a batch: the ids written, in request order. */
export interface BatchResponse {
  ids: string[];
}

/**
 * A document as the reference service indexed it (`GET .../documents/{id}`, 4.7): the
 * fields of 2.1 that are set, plus `id`; `doc_date` as ISO 8601 with milliseconds and `Z`.
 */
export interface IndexedDocument extends IndexDocument {
  id: string;
}

/** Body of `POST /v1/indices/{key}/documents/{id}/content/hiddenKeywords` (4.8). */
export interface HiddenKeywordsRequest {
  /** Space-delimited keywords; an empty string clears them. */
  hiddenKeywords: string;
}

/** Answer of a single create, replace or delete. */
export interface WriteResponse {
  id: string;
}

/** Answer of a create: the id the service chose and the `Location` of the new document. */
export interface CreateResponse {
  id: string;
  /** The `Location` header: a URL of the created document. */
  location: string;
}

/** Body of `POST .../recommendations-datasets/{name}/events:batch` (4.11). */
export interface DatasetEventsRequest {
  events: RecommendationEvent[];
}

/** Query parameters of `GET /v1/recommendations/{key}` (4.10). */
export interface RecommendationsParams {
  /** The configuration, which decides which events are used. */
  configurationKey: string;
  /** A document id or a custom field value, as the configuration says. */
  ItemId: string;
}

/** Document status values (2.4, section 3). */
export type DocumentStatusValue = 'INDEXED' | 'EXCLUDED' | 'PENDING' | 'ERROR' | 'UNKNOWN';

/** Document status (2.4). */
export interface DocumentStatus {
  indexPublicKey: string;
  docId: string;
  status: DocumentStatusValue;
  statusInfo: string;
  /** ISO 8601 with milliseconds and `Z`; null when never fetched (queued, or unknown). */
  lastFetched: string | null;
  duplicateOf?: { href: string };
  content?: { href: string };
}

/** Indexed content of a document (2.5). */
export interface DocumentContent {
  title: string;
  h1: string;
  h2: string;
  mainContent: string;
  documentDate: string;
  language: string;
  hiddenKeywords: string | null;
}

/** A search event for `POST /v1/stats/{key}` (4.9). */
export interface SearchEvent {
  action: 'search';
  session: string;
  keyword: string;
  numberOfResults: number;
  tag?: string;
  /**
   * An addition of the reference service: the sender's id for this event, 1-64 of
   * `A-Z a-z 0-9 _ -`. An event resent with the same id is stored once.
   */
  eventId?: string;
}

/** A click event for `POST /v1/stats/{key}` (4.9). */
export interface ClickEvent {
  action: 'click';
  session: string;
  keyword: string;
  docid: string;
  /** Counting from 1. */
  position: number;
  tag?: string;
  /** As on `SearchEvent`: resending the same id stores the event once. */
  eventId?: string;
  /**
   * An addition of the reference service: the signed-in user the site names (1-64
   * characters), whose clicks shape their own personal results. Never made up per visitor.
   */
  userToken?: string;
}

export type StatsEvent = SearchEvent | ClickEvent;

/**
 * A stats event as the reference service stored it (an addition of that service):
 * `source` is `stats` for events sent to the stats endpoint and `search` for searches
 * the search endpoint recorded itself; `received` is an ISO 8601 date-time.
 */
export type StoredStatsEvent = StatsEvent & { source: 'stats' | 'search'; received: string };

/** Answer of `DELETE /v2/indices/{key}/users/{userToken}` (an addition of the reference service). */
export interface ForgetUserResponse {
  userToken: string;
  /** Whether the index kept a profile of that user (it keeps none now). */
  forgotten: boolean;
}

/** Answer of `GET /v2/indices/{key}/stats/events` (an addition of the reference service). */
export interface StoredStatsEventsResponse {
  events: StoredStatsEvent[];
}

/** Query of `GET /v2/indices/{key}/stats/events` (an addition of the reference service). */
export interface StoredStatsEventsParams {
  /** How many stored events to skip, oldest first. @default 0 */
  after?: number;
  /** Events answered, 1-1000. @default 100 */
  limit?: number;
  /** Only the events of this session (`after` then counts within them). */
  session?: string;
}

/** Query of `GET /v2/indices/{key}/stats/report` (an addition of the reference service). */
export interface StatsReportParams {
  /** First UTC day, `yyyy-MM-dd`, inclusive. @default 29 days before `to` */
  from?: string;
  /** Last UTC day, `yyyy-MM-dd`, inclusive; at most 366 days after `from`. @default today (UTC) */
  to?: string;
  /** Only events with this tag (`analyticsTag`); an empty string: only events without one. */
  tag?: string;
  /** Rows of each top list, 1-100. @default 20 */
  limit?: number;
}

/** Searches and clicks counted together; rates are null where nothing was searched. */
export interface StatsReportCounts {
  searches: number;
  /** Searches with `numberOfResults` 0. */
  noHitSearches: number;
  clicks: number;
  /** Searches followed by at least one click with the same session and keyword within 30 minutes. */
  clickedSearches: number;
  /** `clickedSearches / searches`, from 0 to 1; null without searches. */
  clickThroughRate: number | null;
}

/** One UTC day of a stats report; days without events are there with zeros. */
export interface StatsReportDay extends StatsReportCounts {
  /** `yyyy-MM-dd`. */
  date: string;
}

/** A keyword (trimmed, lower case, spaces collapsed) and its counts. */
export interface StatsReportKeyword extends StatsReportCounts {
  keyword: string;
}

/** Clicks at positions `from` to `to` (inclusive; `to` null: and beyond). */
export interface StatsReportPositionBucket {
  from: number;
  to: number | null;
  clicks: number;
}

/**
 * A clicked document; `title` and `url` are null when the index no longer has it. A
 * clicked promotion card names its query rule in `promotion`, with the card's `title`
 * and `url` while the rule still has it.
 */
export interface StatsReportDocument {
  docid: string;
  clicks: number;
  title: string | null;
  url: string | null;
  /** The rule and the card's place among its `promotions` (from 0), for a promotion's id. */
  promotion?: { ruleId: string; n: number };
}

/** The counts of one `tag`; null is events without a tag. */
export interface StatsReportTag extends StatsReportCounts {
  tag: string | null;
}

/** Answer of `GET /v2/indices/{key}/stats/report` (an addition of the reference service). */
export interface StatsReport {
  from: string;
  to: string;
  /** The `tag` asked for, else null (every event). */
  tag: string | null;
  totals: StatsReportCounts & {
    /** Mean 1-based position of the clicks; null without clicks. */
    meanClickPosition: number | null;
  };
  days: StatsReportDay[];
  /** Most searched first. */
  topKeywords: StatsReportKeyword[];
  /** Most no-hit searches first. */
  noHitKeywords: StatsReportKeyword[];
  /**
   * Searched often, rarely clicked: keywords with at least 5 searches that found
   * something, under 10% of their searches clicked; most such searches first.
   */
  lowClickKeywords: StatsReportKeyword[];
  /** Positions 1 to 10 one by one, then 11 and beyond. */
  positions: StatsReportPositionBucket[];
  /** Most clicked first. */
  topDocuments: StatsReportDocument[];
  /** Most searched first. */
  tags: StatsReportTag[];
}

/**
 * A fix the analytics suggest (an addition of the reference service): visitors searched
 * `from` and found nothing or clicked nothing, then within minutes searched `to` and
 * clicked a result. `synonym`: make `from` find what `to` finds; `pin`: put document `id`
 * (clicked after searching `to`) first for `from`. Nothing is applied: the owner decides.
 */
export interface StatsProposal {
  kind: 'synonym' | 'pin';
  from: string;
  to: string;
  /** The clicked document; for `pin` only. */
  id?: string;
  /** Distinct sessions that made this pair. */
  sessions: number;
  /** Distinct client addresses those sessions came from. */
  addresses: number;
}

/** Parameters of `GET /v2/indices/{key}/stats/proposals`. */
export interface StatsProposalsParams {
  /** Most proposals answered, 1-100. @default 50 */
  limit?: number;
}

/** Answer of `GET /v2/indices/{key}/stats/proposals` (an addition of the reference service): the most sessions first. */
export interface StatsProposals {
  proposals: StatsProposal[];
}

/** An item-viewed-together event (2.8). */
export interface RecommendationEvent {
  transaction: string;
  item: string;
  time: string;
}

/** Answer of a recommendation events batch (reference service): how many events it held. */
export interface RecommendationEventsResponse {
  events: number;
}

/** Answer of the reference service's `GET /health`: not part of the API. */
export interface HealthResponse {
  /**
   * `ok`; `degraded`: searches are answered but something fails (events cannot be saved);
   * `unavailable` (HTTP 503): a database does not answer.
   */
  status: 'ok' | 'degraded' | 'unavailable';
  indices: Array<{
    publicKey: string;
    /** null when the database does not answer. */
    documents: number | null;
    /** Events waiting to be saved, and those given up on since the start. */
    events: { queued: number; dropped: number };
  }>;
  /** What is wrong, in words; only when the status is not `ok`. */
  problems?: string[];
}

export interface RecommendationsResponse {
  total_hits: number;
  processing_time_ms: number;
  hits: RecommendationHit[];
}

/** Body of `POST /crawler` (4.8). */
export interface CrawlRequest {
  action: 'FETCH';
  indexPublicKey: string;
  url: string;
}

export interface CrawlResponse {
  message: 'Scheduled';
  docId: string;
}

/** Machine-readable error codes of the reference service. */
export type ErrorCode =
  | 'invalid_parameter'
  | 'invalid_body'
  | 'custom_field_type_conflict'
  | 'unauthorized'
  | 'not_found'
  | 'method_not_allowed'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'request_timeout'
  | 'uri_too_long'
  | 'headers_too_large'
  | 'overloaded'
  | 'origin_not_allowed'
  | 'unavailable'
  | 'insufficient_storage'
  | 'internal_error';

/** The body of every error answer. */
export interface ApiErrorBody {
  error: {
    status: number;
    code: ErrorCode | (string & {});
    message: string;
    /** The parameter or field at fault, where there is one. */
    parameter?: string;
    /** One entry per problem when there are several, e.g. each invalid document of a batch. */
    errors?: ApiErrorDetail[];
  };
}

/** One problem among several in an error answer. */
export interface ApiErrorDetail {
  /** Position (from 0) of the document in the batch, where the problem is in one. */
  position?: number;
  /** The field at fault, e.g. `doc_date` or `custom_fields.price`. */
  parameter?: string;
  message: string;
}

/** Where a rule's pattern must stand in the query. */
export type RuleAnchoring = 'is' | 'startsWith' | 'endsWith' | 'contains';

/**
 * When a query rule applies: the query as the service reads it (folded, word forms as in
 * ranking) is, starts with, ends with or contains `pattern`; `"pattern": ""` with `is`
 * matches `term=*`. With `filters`, only searches that carry that `filter` match.
 */
export interface RuleCondition {
  pattern: string;
  anchoring: RuleAnchoring;
  filters?: SearchFilter;
}

/** A card that is not a document, shown at a 1-based position. */
export interface RulePromotion {
  title: string;
  url: string;
  text?: string;
  image?: string;
  position: number;
}

/** What a matching rule does to the answer. */
export interface RuleConsequence {
  /** Indexed documents placed at 1-based positions, matched or not by the words (filters still apply). */
  pin?: Array<{ id: string; position: number }>;
  /** Documents left out of the answer. */
  hide?: string[];
  /** Relevance multiplied by `factor` for documents that match `filter`. */
  boost?: Array<{ filter: SearchFilter; factor: number }>;
  promotions?: RulePromotion[];
  /** Searches these words instead of the visitor's. */
  replaceTerm?: string;
  /** The page goes there instead of showing results. */
  redirect?: string;
  /** Any JSON, handed to the site's page. */
  userData?: unknown;
}

/** A window in which a rule applies; ISO 8601 date-times, either end open. */
export interface RuleValidity {
  from?: string;
  until?: string;
}

/** A query rule as written with `PUT /v2/indices/{key}/rules/{ruleId}`. */
export interface QueryRuleInput {
  description?: string;
  /** @default true */
  enabled?: boolean;
  /** Any one of them matching is enough. */
  conditions: RuleCondition[];
  consequence: RuleConsequence;
  /** Absent: always valid. */
  validity?: RuleValidity[];
}

/** A stored query rule, as the rules endpoints answer it. */
export interface QueryRule extends QueryRuleInput {
  /** 1-64 letters, digits, `_` and `-`. */
  id: string;
  enabled: boolean;
}

/** `GET /v2/indices/{key}/rules`. */
export interface QueryRuleList {
  rules: QueryRule[];
}

/** How near a typed word may be to an indexed one. */
export interface TypoSettings {
  /** Words shorter than this are never corrected. */
  minWordLengthForOneTypo: number;
  /** Words shorter than this take at most one typo. */
  minWordLengthForTwoTypos: number;
  /** Words matched only as typed. */
  disableOnWords: string[];
}

/** How far a user's own clicks move their results (personal results by `userToken`). */
export interface PersonalizationImpact {
  /** 0-100: how far a profile may move results; 0 turns personal results off. @default 50 */
  impact: number;
}

/** When a searched keyword is suggested to everyone, and words never suggested. */
export interface SuggestionSettings {
  /** Distinct sessions that searched a keyword (with results, in the last 30 days). @default 5 */
  minSessions: number;
  /** Distinct client addresses they searched from. @default 3 */
  minAddresses: number;
  /** Words never suggested, case and accents aside. @default [] */
  blockedWords: string[];
}

/** An index's settings (`GET`/`PATCH /v2/indices/{key}/settings`): ranking, and what it learns from searches and clicks. */
export interface IndexSettings {
  /** The ranking rules in order (`words`, `typo`, ..., `asc(custom_fields.NAME)`). */
  rules: string[];
  /** `asc(custom_fields.NAME)` / `desc(...)` rules placed before `bm25`. */
  customRanking: string[];
  /** Groups of equivalent words, or one-way `{from, to}` entries. */
  synonyms: Array<string[] | { from: string; to: string[] }>;
  stopWords: string[];
  typos: TypoSettings;
  personalization: PersonalizationImpact;
  suggestions: SuggestionSettings;
}

/** A `PATCH` of the settings: the fields given replace the stored ones (the grouped ones field by field). */
export type IndexSettingsPatch = Partial<Omit<IndexSettings, 'typos' | 'personalization' | 'suggestions'>> & {
  typos?: Partial<TypoSettings>;
  personalization?: Partial<PersonalizationImpact>;
  suggestions?: Partial<SuggestionSettings>;
};
