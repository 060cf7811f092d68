import { buildUrl, type RequestOptions } from './request.ts';
import { sendRequest, type TransportOptions } from './sendRequest.ts';
import type { CreateIndexResponse, DeleteIndexResponse, IndexListResponse, RotateSecretResponse } from './types.ts';
import { invalidParameter } from './validate.ts';

/** Options of `createAdminClient`: the service and its admin key. For servers and the command line, never a web page. */
export interface AdminClientOptions extends TransportOptions {
  /** The service's base URL, e.g. `https://search.example.com`. */
  baseUrl: string;
  /** The service's admin key (`adminKey`, `SITE_SEARCH_ADMIN_KEY`), sent as `Authorization: Bearer`. */
  adminKey: string;
}

/** The index API of the reference service (an addition of it): indices made, listed, rotated and deleted while it runs. */
export interface AdminClient {
  /** `POST /v2/indices`: makes an index; its secret is answered this once. Not retried. */
  createIndex(publicKey: string, options?: RequestOptions): Promise<CreateIndexResponse>;
  /** `GET /v2/indices`: every index, its source and number of documents; never a secret. */
  listIndices(options?: RequestOptions): Promise<IndexListResponse>;
  /** `POST /v2/indices/{key}/secret`: a new secret; the old one stops at once. Not retried. */
  rotateSecret(publicKey: string, options?: RequestOptions): Promise<RotateSecretResponse>;
  /** `DELETE /v2/indices/{key}?confirm={key}`: the index, its documents and events go for good. */
  deleteIndex(publicKey: string, options?: RequestOptions): Promise<DeleteIndexResponse>;
}

const KEY = /^[A-Za-z0-9_-]{1,64}$/;

/** Creates a client of the index API, with the admin key, timeouts and retries of idempotent calls. */
export function createAdminClient(options: AdminClientOptions): AdminClient {
  const { baseUrl, adminKey, ...transport } = options;
  if (!baseUrl) throw new TypeError('createAdminClient: baseUrl is required');
  if (!adminKey) throw new TypeError('createAdminClient: adminKey is required');
  const authorization = `Bearer ${adminKey}`;
  const url = (path: string, query: Record<string, string> = {}) => buildUrl(baseUrl, path, query);
  const indexPath = (publicKey: string, rest = '') => {
    if (!KEY.test(publicKey)) throw invalidParameter('publicKey', 'an index key is 1 to 64 letters, digits, _ or -');
    return `/v2/indices/${publicKey}${rest}`;
  };
  const answered = <T>(body: T | undefined, what: string): T => {
    if (body === undefined) throw invalidParameter(what, `the service answered without ${what}`);
    return body;
  };
  return {
    createIndex: async (publicKey, o) => {
      indexPath(publicKey);
      const answer = await sendRequest<CreateIndexResponse>(transport, { method: 'POST', url: url('/v2/indices'), body: { publicKey }, authorization }, o);
      return answered(answer.body, 'the index');
    },
    listIndices: async (o) =>
      answered((await sendRequest<IndexListResponse>(transport, { method: 'GET', url: url('/v2/indices'), authorization }, o)).body, 'indices'),
    rotateSecret: async (publicKey, o) =>
      answered(
        (await sendRequest<RotateSecretResponse>(transport, { method: 'POST', url: url(indexPath(publicKey, '/secret')), authorization }, o)).body,
        'a secret',
      ),
    deleteIndex: async (publicKey, o) =>
      answered(
        (await sendRequest<DeleteIndexResponse>(transport, { method: 'DELETE', url: url(indexPath(publicKey), { confirm: publicKey }), authorization }, o))
          .body,
        'the deletion',
      ),
  };
}
