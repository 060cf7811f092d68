import { apiUrl, type ApiContext } from './apiContext.ts';
import type { RequestOptions } from './request.ts';
import { sendRequest } from './sendRequest.ts';
import type { CrawlRequest, CrawlResponse } from './types.ts';
import { invalidParameter } from './validate.ts';

/**
 * `POST /crawler` (4.8): schedules a fetch of `url` into the index (new page or
 * re-crawl). Needs `{base_url}`; the site key travels in the body as well as in the
 * credentials.
 */
export async function crawl(context: ApiContext, url: string, options?: RequestOptions): Promise<CrawlResponse> {
  if (!isWebUrl(url)) throw invalidParameter('url', `url must be an absolute http or https URL (got '${url}')`);
  const body: CrawlRequest = { action: 'FETCH', indexPublicKey: context.siteKey, url };
  const answer = await sendRequest<CrawlResponse>(
    context.transport,
    { method: 'POST', url: apiUrl(context, 'crawl', '/crawler'), body, authorization: context.authorization },
    options,
  );
  return answer.body ?? { message: 'Scheduled', docId: '' };
}

function isWebUrl(text: string): boolean {
  try {
    const { protocol } = new URL(text);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
