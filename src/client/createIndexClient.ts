import type { ApiContext } from './apiContext.ts';
import { basicAuth } from './basicAuth.ts';
import { checkSearchParams } from './checkSearchParams.ts';
import { crawl } from './crawl.ts';
import { cancelCrawl, crawlRemovals, crawlUrls, getCrawl, latestCrawl, listCrawls, settleHeldCrawl, startCrawl } from './crawlJobs.ts';
import { createDocument, deleteDocument, getDocument, indexBatch, replaceDocument } from './documents.ts';
import { checkedHostFor, type RegionalHostOptions } from './hosts.ts';
import { getRecommendations, sendDatasetEvents } from './recommendations.ts';
import { allRules, deleteRule, getRule, listRules, putRule } from './rules.ts';
import { buildUrl, type RequestOptions } from './request.ts';
import { searchQuery } from './search.ts';
import { sendRequest, type TransportOptions } from './sendRequest.ts';
import { getSettings, updateSettings } from './settings.ts';
import { postStatsEvent } from './stats.ts';
import { getStatsProposals, getStatsReport, listStatsEvents } from './statsReport.ts';
import { getContent, getStatus, setHiddenKeywords } from './status.ts';
import { listFields, listStatuses } from './indexFacts.ts';
import { forgetUser } from './users.ts';
import type {
  DocumentStatusList,
  DocumentStatusValue,
  IndexFieldList,
  BatchResponse,
  CrawlJob,
  CrawlJobCreated,
  CrawlJobList,
  CrawlJobRequest,
  CrawlRemovalPage,
  CrawlUrlPage,
  CrawlUrlsParams,
  CrawlResponse,
  CreateResponse,
  DocumentContent,
  DocumentStatus,
  ForgetUserResponse,
  IndexDocument,
  IndexSearchParams,
  IndexSettings,
  IndexSettingsPatch,
  RecommendationEvent,
  RecommendationsParams,
  RecommendationsResponse,
  SearchResponse,
  StatsEvent,
  StatsProposals,
  StatsProposalsParams,
  StatsReport,
  StatsReportParams,
  IndexedDocument,
  QueryRule,
  QueryRuleInput,
  QueryRuleList,
  QueryRuleListParams,
  StoredStatsEventsParams,
  StoredStatsEventsResponse,
  WriteResponse,
} from './types.ts';

/**
 * Options of `createIndexClient`: the index's keys, its hosts, and how requests are
 * sent. Meant for servers, build jobs and the command line: the secret never belongs
 * in a web page.
 */
export interface IndexClientOptions extends RegionalHostOptions, TransportOptions {
  /** The public site key: the Basic auth username and the `{key}` of every path. */
  siteKey: string;
  /** The secret API key: the Basic auth password. */
  secret: string;
}

/** Every endpoint of the API for one index, with credentials. Every call takes an `AbortSignal`. */
export interface IndexClient {
  /** `POST /v2/indices/{key}/documents/` (4.4): the service picks the id. */
  createDocument(document: IndexDocument, options?: RequestOptions): Promise<CreateResponse>;
  /** `PUT .../documents/{id}`, or `PUT .../documents/` when `id` is left out (4.5). */
  replaceDocument(document: IndexDocument, id?: string, options?: RequestOptions): Promise<WriteResponse>;
  /** `PUT .../documents:batch` (4.6): at most 1,000,000 bytes; split with `batches()`. */
  indexBatch(documents: readonly IndexDocument[], options?: RequestOptions): Promise<BatchResponse>;
  /** `GET /v2/indices/{key}/documents/{id}` (4.7). */
  getDocument(id: string, options?: RequestOptions): Promise<IndexedDocument>;
  /** `DELETE /v2/indices/{key}/documents/{id}` (4.7). */
  deleteDocument(id: string, options?: RequestOptions): Promise<WriteResponse>;
  /** `GET /v1/indices/{key}/documents/{id}` (4.8); the id is the md5 of the full URL. */
  getStatus(id: string, options?: RequestOptions): Promise<DocumentStatus>;
  /** `GET /v2/indices/{key}/fields` (an addition): the fields and their types. */
  listFields(options?: RequestOptions): Promise<IndexFieldList>;
  /** `GET /v2/indices/{key}/statuses` (an addition): the ids of a status, latest fetch first, or of one URL. */
  listStatuses(
    filter: { status: Exclude<DocumentStatusValue, 'UNKNOWN'> } | { url: string },
    limit?: number,
    options?: RequestOptions,
  ): Promise<DocumentStatusList>;
  /** `GET /v1/indices/{key}/documents/{id}/content` (4.8). */
  getContent(id: string, options?: RequestOptions): Promise<DocumentContent>;
  /** `POST /v1/indices/{key}/documents/{id}/content/hiddenKeywords` (4.8). */
  setHiddenKeywords(id: string, hiddenKeywords: string, options?: RequestOptions): Promise<void>;
  /** `POST /crawler` (4.8): schedules a fetch of the page. */
  crawl(url: string, options?: RequestOptions): Promise<CrawlResponse>;
  /** Crawl jobs at `/v2/indices/{key}/crawls` (an addition of the reference service). */
  crawls: CrawlJobsClient;
  /** `POST /v1/stats/{key}` (4.9). */
  sendStatsEvent(event: StatsEvent, options?: RequestOptions): Promise<void>;
  /** `GET /v1/recommendations/{key}` (4.10). */
  getRecommendations(params: RecommendationsParams, options?: RequestOptions): Promise<RecommendationsResponse>;
  /** `POST /v2/indices/{key}/recommendations-datasets/{dataset}/events:batch` (4.11). */
  sendDatasetEvents(dataset: string, events: readonly RecommendationEvent[], options?: RequestOptions): Promise<void>;
  /**
   * `GET /v2/indices/{key}/stats/report` (an addition of the reference service): searches
   * per day, top and no-hit keywords, clicks, click-through rate, positions, top documents
   * and tags, over whole UTC days (the last 30 by default).
   */
  getStatsReport(params?: StatsReportParams, options?: RequestOptions): Promise<StatsReport>;
  /**
   * `GET /v2/indices/{key}/stats/proposals` (an addition of the reference service): synonyms
   * and pins that failed searches followed by clicked ones suggest, the most sessions first.
   */
  getStatsProposals(params?: StatsProposalsParams, options?: RequestOptions): Promise<StatsProposals>;
  /** `GET /v2/indices/{key}/stats/events` (an addition of the reference service): stored events, oldest first. */
  listStatsEvents(params?: StoredStatsEventsParams, options?: RequestOptions): Promise<StoredStatsEventsResponse>;
  /**
   * `GET /v1/search/{key}` (4.1), checked against the limits and retried like every GET.
   * With `explain`, sent with the credentials, and every hit says why it stands there.
   */
  search(params: IndexSearchParams, options?: RequestOptions): Promise<SearchResponse>;
  /** The index's ranking settings (an addition of the reference service). */
  settings: {
    /** `GET /v2/indices/{key}/settings`: every setting in effect. */
    get(options?: RequestOptions): Promise<IndexSettings>;
    /** `PATCH /v2/indices/{key}/settings`: replaces the fields given; answers every setting in effect. Not retried. */
    update(patch: IndexSettingsPatch, options?: RequestOptions): Promise<IndexSettings>;
  };
  /** Query rules at `/v2/indices/{key}/rules` (an addition of the reference service). */
  rules: RulesClient;
  /** The users the index keeps profiles of for personal results (an addition of the reference service). */
  users: {
    /** `DELETE /v2/indices/{key}/users/{userToken}`: forgets one user's profile, at once and for good. */
    forget(userToken: string, options?: RequestOptions): Promise<ForgetUserResponse>;
  };
}

/** The query rules of an index: pins, hidden results, boosts, promotions, replaced terms, redirects. */
export interface RulesClient {
  /** `GET .../rules`: a page of rules, by id (`next` names the `after` of the next page). */
  list(params?: QueryRuleListParams, options?: RequestOptions): Promise<QueryRuleList>;
  /** Every rule, by id, a page at a time. */
  all(options?: RequestOptions): Promise<QueryRule[]>;
  /** `GET .../rules/{ruleId}`. */
  get(id: string, options?: RequestOptions): Promise<QueryRule>;
  /** `PUT .../rules/{ruleId}`: creates or replaces a rule; resolves to the rule as stored. */
  put(id: string, rule: QueryRuleInput, options?: RequestOptions): Promise<QueryRule>;
  /** `DELETE .../rules/{ruleId}`. */
  delete(id: string, options?: RequestOptions): Promise<{ id: string }>;
}

/** The crawl jobs of an index: the service finds, reads and indexes a site's pages. */
export interface CrawlJobsClient {
  /** `POST .../crawls`: starts a crawl (202); a 409 ApiError names the crawl already running. */
  start(request: CrawlJobRequest, options?: RequestOptions): Promise<CrawlJobCreated>;
  /** `GET .../crawls`: the recent crawls, the latest first. */
  list(options?: RequestOptions): Promise<CrawlJobList>;
  /** `GET .../crawls/{id}`: state, counts by reason, the first URLs of each reason. */
  get(id: string, options?: RequestOptions): Promise<CrawlJob>;
  /** `DELETE .../crawls/{id}`: cancels the crawl. */
  cancel(id: string, options?: RequestOptions): Promise<CrawlJob>;
  /** `GET .../crawls/{id}/urls`: a page of its URLs, narrowed to an outcome or a reason. */
  urls(id: string, params?: CrawlUrlsParams, options?: RequestOptions): Promise<CrawlUrlPage>;
  /** `GET .../crawls/latest`: the latest crawl's report; a 404 ApiError before the first crawl. */
  latest(options?: RequestOptions): Promise<CrawlJob>;
  /** `POST .../crawls/{id}/approve`: a held crawl's removals are made. */
  approve(id: string, options?: RequestOptions): Promise<CrawlJob>;
  /** `POST .../crawls/{id}/discard`: a held crawl's removals are left; the pages stay. */
  discard(id: string, options?: RequestOptions): Promise<CrawlJob>;
  /** `GET .../crawls/{id}/removals`: a page of the pages it removed, holds or left, with the reasons. */
  removals(id: string, page?: number, options?: RequestOptions): Promise<CrawlRemovalPage>;
}

/**
 * Creates a client for every endpoint of one index, with HTTP Basic credentials,
 * checks before sending, timeouts and retries. Kept apart from `createClient` so the
 * widget's bundle carries none of it.
 */
export function createIndexClient(options: IndexClientOptions): IndexClient {
  if (!options.siteKey) throw new TypeError('createIndexClient: siteKey is required');
  if (!options.secret) throw new TypeError('createIndexClient: secret is required');
  if (!options.baseUrl) throw new TypeError('createIndexClient: baseUrl is required');
  const { siteKey, secret, baseUrl, regionalUrl, regionalUrls, ...transport } = options;
  const context: ApiContext = {
    siteKey,
    hosts: { baseUrl, regionalUrl, regionalUrls },
    transport,
    authorization: basicAuth(siteKey, secret),
  };
  // Checks throw synchronously inside the area functions; `async` turns them into rejections.
  return {
    createDocument: async (document, o) => createDocument(context, document, o),
    replaceDocument: async (document, id, o) => replaceDocument(context, document, id, o),
    indexBatch: async (documents, o) => indexBatch(context, documents, o),
    getDocument: async (id, o) => getDocument(context, id, o),
    deleteDocument: async (id, o) => deleteDocument(context, id, o),
    getStatus: async (id, o) => getStatus(context, id, o),
    getContent: async (id, o) => getContent(context, id, o),
    listFields: async (o) => listFields(context, o),
    listStatuses: async (filter, limit, o) => listStatuses(context, filter, limit, o),
    setHiddenKeywords: async (id, words, o) => setHiddenKeywords(context, id, words, o),
    crawl: async (url, o) => crawl(context, url, o),
    crawls: {
      start: async (request, o) => startCrawl(context, request, o),
      list: async (o) => listCrawls(context, o),
      get: async (id, o) => getCrawl(context, id, o),
      cancel: async (id, o) => cancelCrawl(context, id, o),
      urls: async (id, params, o) => crawlUrls(context, id, params, o),
      latest: async (o) => latestCrawl(context, o),
      approve: async (id, o) => settleHeldCrawl(context, id, 'approve', o),
      discard: async (id, o) => settleHeldCrawl(context, id, 'discard', o),
      removals: async (id, page, o) => crawlRemovals(context, id, page, o),
    },
    sendStatsEvent: async (event, o) => postStatsEvent(context, event, o),
    getRecommendations: async (params, o) => getRecommendations(context, params, o),
    sendDatasetEvents: async (dataset, events, o) => sendDatasetEvents(context, dataset, events, o),
    getStatsReport: async (params, o) => getStatsReport(context, params, o),
    listStatsEvents: async (params, o) => listStatsEvents(context, params, o),
    getStatsProposals: async (params, o) => getStatsProposals(context, params, o),
    search: async ({ explain, ...params }, o) => {
      checkSearchParams(params);
      const query = { ...searchQuery(params), ...(explain === true && { explain: true }) };
      const url = buildUrl(checkedHostFor('search', context.hosts), `/v1/search/${encodeURIComponent(siteKey)}`, query);
      // A plain search is public: the secret goes along only where it is needed.
      const request = { method: 'GET' as const, url, ...(explain === true && { authorization: context.authorization }) };
      return (await sendRequest<SearchResponse>(context.transport, request, o)).body!;
    },
    settings: {
      get: async (o) => getSettings(context, o),
      update: async (patch, o) => updateSettings(context, patch, o),
    },
    rules: {
      list: async (p, o) => listRules(context, p, o),
      all: async (o) => allRules(context, o),
      get: async (id, o) => getRule(context, id, o),
      put: async (id, rule, o) => putRule(context, id, rule, o),
      delete: async (id, o) => deleteRule(context, id, o),
    },
    users: { forget: async (userToken, o) => forgetUser(context, userToken, o) },
  };
}
