import { apiUrl, type ApiContext } from './apiContext.ts';
import type { RequestOptions } from './request.ts';
import { sendRequest } from './sendRequest.ts';
import type { CrawlJob, CrawlJobCreated, CrawlJobList, CrawlJobRequest, CrawlRemovalPage, CrawlUrlPage, CrawlUrlsParams } from './types.ts';
import { invalidParameter } from './validate.ts';

// Crawl jobs, an addition of the reference service: HTTP Basic, JSON.

const CRAWLS = '/v2/indices/{key}/crawls';
const CRAWL_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** `POST .../crawls`: starts a crawl; rejects with a 409 ApiError while another runs. Not retried. */
export async function startCrawl(context: ApiContext, request: CrawlJobRequest, options?: RequestOptions): Promise<CrawlJobCreated> {
  if ((request.start?.length ?? 0) === 0 && (request.sitemaps?.length ?? 0) === 0 && (request.changed?.length ?? 0) === 0) {
    throw invalidParameter('start', 'a crawl needs start URLs, sitemaps or the URLs changed');
  }
  const answer = await sendRequest<CrawlJobCreated>(
    context.transport,
    { method: 'POST', url: apiUrl(context, 'indexing', CRAWLS), body: request, authorization: context.authorization },
    options,
  );
  return answer.body!;
}

/** `GET .../crawls`: the recent crawls, the latest first. */
export async function listCrawls(context: ApiContext, options?: RequestOptions): Promise<CrawlJobList> {
  const answer = await sendRequest<CrawlJobList>(
    context.transport,
    { method: 'GET', url: apiUrl(context, 'indexing', CRAWLS), authorization: context.authorization },
    options,
  );
  return answer.body ?? { crawls: [] };
}

/** `GET .../crawls/{id}`: state, counts, and the first URLs of each reason. */
export async function getCrawl(context: ApiContext, id: string, options?: RequestOptions): Promise<CrawlJob> {
  const answer = await sendRequest<CrawlJob>(context.transport, { method: 'GET', url: crawlUrl(context, id), authorization: context.authorization }, options);
  return answer.body!;
}

/** `DELETE .../crawls/{id}`: cancels it; answers the crawl as it stands. */
export async function cancelCrawl(context: ApiContext, id: string, options?: RequestOptions): Promise<CrawlJob> {
  const answer = await sendRequest<CrawlJob>(
    context.transport,
    { method: 'DELETE', url: crawlUrl(context, id), authorization: context.authorization },
    options,
  );
  return answer.body!;
}

/** `GET .../crawls/latest`: the report of the latest crawl; a 404 ApiError when the index has none. */
export async function latestCrawl(context: ApiContext, options?: RequestOptions): Promise<CrawlJob> {
  const url = apiUrl(context, 'indexing', `${CRAWLS}/latest`);
  const answer = await sendRequest<CrawlJob>(context.transport, { method: 'GET', url, authorization: context.authorization }, options);
  return answer.body!;
}

/**
 * `POST .../crawls/{id}/approve` or `/discard`: makes or leaves the removals a held crawl
 * holds; a 409 ApiError when it is not held or a later crawl started. Not retried.
 */
export async function settleHeldCrawl(context: ApiContext, id: string, how: 'approve' | 'discard', options?: RequestOptions): Promise<CrawlJob> {
  const answer = await sendRequest<CrawlJob>(
    context.transport,
    { method: 'POST', url: crawlUrl(context, id, `/${how}`), authorization: context.authorization },
    options,
  );
  return answer.body!;
}

/** `GET .../crawls/{id}/removals`: a page of the pages it removed, holds or left, each with its reason. */
export async function crawlRemovals(context: ApiContext, id: string, page = 1, options?: RequestOptions): Promise<CrawlRemovalPage> {
  const url = crawlUrl(context, id, '/removals', { page });
  const answer = await sendRequest<CrawlRemovalPage>(context.transport, { method: 'GET', url, authorization: context.authorization }, options);
  return answer.body!;
}

/** `GET .../crawls/{id}/urls`: a page of the URLs it found, narrowed to an outcome or a reason. */
export async function crawlUrls(context: ApiContext, id: string, params: CrawlUrlsParams = {}, options?: RequestOptions): Promise<CrawlUrlPage> {
  const url = crawlUrl(context, id, '/urls', { outcome: params.outcome, reason: params.reason, page: params.page });
  const answer = await sendRequest<CrawlUrlPage>(context.transport, { method: 'GET', url, authorization: context.authorization }, options);
  return answer.body!;
}

function crawlUrl(context: ApiContext, id: string, tail = '', query: Record<string, string | number | undefined> = {}): string {
  if (!CRAWL_ID.test(id)) throw invalidParameter('crawlId', 'a crawl id is 1-64 characters of A-Z, a-z, 0-9, _ and -');
  return apiUrl(context, 'indexing', `${CRAWLS}/${id}${tail}`, query);
}
