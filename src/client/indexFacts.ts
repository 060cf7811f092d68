import { apiUrl, type ApiContext } from './apiContext.ts';
import type { RequestOptions } from './request.ts';
import { sendRequest } from './sendRequest.ts';
import type { DocumentStatusList, DocumentStatusValue, IndexFieldList } from './types.ts';
import { checkRequired } from './validate.ts';

// What an index holds, for its owner (additions of the reference service), HTTP Basic.

/** `GET /v2/indices/{key}/fields`: the standard fields and each custom field with its type. */
export async function listFields(context: ApiContext, options?: RequestOptions): Promise<IndexFieldList> {
  const url = apiUrl(context, 'indexing', '/v2/indices/{key}/fields');
  return (await sendRequest<IndexFieldList>(context.transport, { method: 'GET', url, authorization: context.authorization }, options)).body!;
}

/**
 * `GET /v2/indices/{key}/statuses`: the ids of a status (`ERROR`: the latest failed
 * fetches first), or those known under one URL; at most `limit` (20 unless said).
 */
export async function listStatuses(
  context: ApiContext,
  filter: { status: Exclude<DocumentStatusValue, 'UNKNOWN'> } | { url: string },
  limit?: number,
  options?: RequestOptions,
): Promise<DocumentStatusList> {
  if ('url' in filter) checkRequired('url', filter.url);
  const url = apiUrl(context, 'indexing', '/v2/indices/{key}/statuses', { ...filter, ...(limit !== undefined && { limit }) });
  return (await sendRequest<DocumentStatusList>(context.transport, { method: 'GET', url, authorization: context.authorization }, options)).body!;
}
