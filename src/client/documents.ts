import { apiUrl, type ApiContext } from './apiContext.ts';
import type { RequestOptions } from './request.ts';
import { sendRequest } from './sendRequest.ts';
import type { BatchResponse, CreateResponse, IndexDocument, IndexedDocument, WriteResponse } from './types.ts';
import { checkRequired, invalidParameter } from './validate.ts';
import { checkBatch, documentProblem } from './validateDocuments.ts';

// The indexing API (4.4-4.7), v2, HTTP Basic. Writes are queued by the hosted service.

const DOCUMENTS = '/v2/indices/{key}/documents/';

/** `POST .../documents/` (4.4): the service picks a random id. Never retried, as a retry could create a twin. */
export async function createDocument(context: ApiContext, document: IndexDocument, options?: RequestOptions): Promise<CreateResponse> {
  checkDocument(document, false);
  const answer = await sendRequest<Partial<WriteResponse>>(
    context.transport,
    { method: 'POST', url: apiUrl(context, 'indexing', DOCUMENTS), body: document, authorization: context.authorization },
    options,
  );
  const location = answer.headers.get('Location') ?? '';
  // The body's id where the service sends one, else the last segment of Location.
  const id = answer.body?.id ?? decodeURIComponent(location.replace(/\/+$/, '').split('/').pop() ?? '');
  return { id, location };
}

/**
 * `PUT .../documents/{id}`, or `PUT .../documents/` without `id` (4.5): creates or
 * replaces. Without an id the service uses the body's `id`, else the md5 of `url`.
 */
export function replaceDocument(context: ApiContext, document: IndexDocument, id?: string, options?: RequestOptions): Promise<WriteResponse> {
  checkDocument(document, id === undefined);
  const path = id === undefined ? DOCUMENTS : DOCUMENTS + encodeURIComponent(id);
  const fallback = id ?? document.id;
  return writeBody<WriteResponse>(context, 'PUT', apiUrl(context, 'indexing', path), document, options).then(
    // A service that answers 202 without a body: the id is known unless the service derives it.
    (body) => body ?? { id: fallback ?? '' },
  );
}

/** `PUT .../documents:batch` (4.6): checked whole before sending; see `batches()` to split. */
export function indexBatch(context: ApiContext, documents: readonly IndexDocument[], options?: RequestOptions): Promise<BatchResponse> {
  const json = checkBatch(documents);
  return sendRequest<BatchResponse>(
    context.transport,
    { method: 'PUT', url: apiUrl(context, 'indexing', '/v2/indices/{key}/documents:batch'), json, authorization: context.authorization },
    options,
  ).then((answer) => answer.body ?? { ids: [] });
}

/** `GET .../documents/{id}` (4.7): the document as indexed. */
export async function getDocument(context: ApiContext, id: string, options?: RequestOptions): Promise<IndexedDocument> {
  checkRequired('id', id);
  const answer = await sendRequest<IndexedDocument>(
    context.transport,
    { method: 'GET', url: apiUrl(context, 'indexing', DOCUMENTS + encodeURIComponent(id)), authorization: context.authorization },
    options,
  );
  return answer.body ?? { id };
}

/** `DELETE .../documents/{id}` (4.7). */
export async function deleteDocument(context: ApiContext, id: string, options?: RequestOptions): Promise<WriteResponse> {
  checkRequired('id', id);
  const answer = await sendRequest<WriteResponse>(
    context.transport,
    { method: 'DELETE', url: apiUrl(context, 'indexing', DOCUMENTS + encodeURIComponent(id)), authorization: context.authorization },
    options,
  );
  return answer.body ?? { id };
}

function checkDocument(document: IndexDocument, needsUrlOrId: boolean): void {
  const problem = documentProblem(document, undefined, needsUrlOrId);
  if (problem !== null) throw invalidParameter(problem.field || 'document', problem.message);
}

async function writeBody<T>(context: ApiContext, method: 'PUT' | 'POST', url: string, body: unknown, options?: RequestOptions): Promise<T | undefined> {
  const answer = await sendRequest<T>(context.transport, { method, url, body, authorization: context.authorization }, options);
  return answer.body;
}
