// The console's sign-in (POST, GET and DELETE /v2/session) and the index API a session
// signed in with the admin key may call. The session lives in an HttpOnly cookie: the
// page keeps only the CSRF token the service answers, never a secret.
import { buildUrl, type RequestOptions } from '../../../src/client/request.ts';
import { sendRequest } from '../../../src/client/sendRequest.ts';
import type {
  CreateIndexResponse,
  DeleteIndexResponse,
  IndexListResponse,
  RotateSecretResponse,
  SessionResponse,
  SignInRequest,
} from '../../../src/client/types.ts';
import { baseUrl, sessionFetch } from './dashboardApi.ts';

const SESSION = buildUrl(baseUrl, '/v2/session');
// Sign-in and sign-out are never retried: a refused secret stays refused.
const once = { retries: 0, timeoutMs: 15_000 };

/** Signs in; a wrong key or secret rejects with a 401 `SearchApiError`. */
export async function signIn(request: SignInRequest): Promise<SessionResponse> {
  return (await sendRequest<SessionResponse>(once, { method: 'POST', url: SESSION, body: request })).body!;
}

/** The session the browser's cookie names, or null when there is none. */
export async function currentSession(options?: RequestOptions): Promise<SessionResponse | null> {
  const response = await fetch(SESSION, {
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
    ...(options?.signal && { signal: options.signal }),
  });
  return response.ok ? ((await response.json()) as SessionResponse) : null;
}

/** Ends the session on the service, for every node. */
export async function signOut(csrfToken: string): Promise<void> {
  await sendRequest({ ...once, fetch: sessionFetch(csrfToken) }, { method: 'DELETE', url: SESSION });
}

/** The index API, for a session signed in with the admin key. */
export function adminApiFor(csrfToken: string) {
  const transport = { fetch: sessionFetch(csrfToken), timeoutMs: 15_000 };
  const indexUrl = (key: string, rest = '', query: Record<string, string> = {}) => buildUrl(baseUrl, `/v2/indices/${encodeURIComponent(key)}${rest}`, query);
  return {
    listIndices: async (options?: RequestOptions) =>
      (await sendRequest<IndexListResponse>(transport, { method: 'GET', url: buildUrl(baseUrl, '/v2/indices') }, options)).body!.indices,
    createIndex: async (publicKey: string, options?: RequestOptions) =>
      (await sendRequest<CreateIndexResponse>(transport, { method: 'POST', url: buildUrl(baseUrl, '/v2/indices'), body: { publicKey } }, options)).body!,
    rotateSecret: async (publicKey: string, options?: RequestOptions) =>
      (await sendRequest<RotateSecretResponse>(transport, { method: 'POST', url: indexUrl(publicKey, '/secret') }, options)).body!,
    deleteIndex: async (publicKey: string, options?: RequestOptions) =>
      (await sendRequest<DeleteIndexResponse>(transport, { method: 'DELETE', url: indexUrl(publicKey, '', { confirm: publicKey }) }, options)).body!,
  };
}

export type AdminApi = ReturnType<typeof adminApiFor>;
