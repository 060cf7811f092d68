import { apiUrl, type ApiContext } from './apiContext.ts';
import type { RequestOptions } from './request.ts';
import { sendRequest } from './sendRequest.ts';
import type { DocumentContent, DocumentStatus } from './types.ts';
import { checkRequired, invalidParameter } from './validate.ts';

// Document status, content and hidden keywords (4.8), v1, HTTP Basic. Ids are md5 of the full URL.

const DOCUMENT = '/v1/indices/{key}/documents/';

/** `GET /v1/indices/{key}/documents/{id}`: `INDEXED`, `PENDING`, ... (2.4). */
export async function getStatus(context: ApiContext, id: string, options?: RequestOptions): Promise<DocumentStatus> {
  checkRequired('id', id);
  return (await get<DocumentStatus>(context, DOCUMENT + encodeURIComponent(id), options))!;
}

/** `GET /v1/indices/{key}/documents/{id}/content`: what was indexed (2.5). */
export async function getContent(context: ApiContext, id: string, options?: RequestOptions): Promise<DocumentContent> {
  checkRequired('id', id);
  return (await get<DocumentContent>(context, `${DOCUMENT}${encodeURIComponent(id)}/content`, options))!;
}

/** `POST .../content/hiddenKeywords`: space-delimited words that also find the document. */
export async function setHiddenKeywords(context: ApiContext, id: string, hiddenKeywords: string, options?: RequestOptions): Promise<void> {
  checkRequired('id', id);
  if (typeof hiddenKeywords !== 'string') throw invalidParameter('hiddenKeywords', 'hiddenKeywords must be a string of space-delimited words');
  await sendRequest(
    context.transport,
    {
      method: 'POST',
      url: apiUrl(context, 'indexing', `${DOCUMENT}${encodeURIComponent(id)}/content/hiddenKeywords`),
      body: { hiddenKeywords },
      authorization: context.authorization,
    },
    options,
  );
}

async function get<T>(context: ApiContext, path: string, options?: RequestOptions): Promise<T | undefined> {
  const answer = await sendRequest<T>(
    context.transport,
    { method: 'GET', url: apiUrl(context, 'indexing', path), authorization: context.authorization },
    options,
  );
  return answer.body;
}
