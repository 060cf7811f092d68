/**
 * The script-tag build's `request.ts` (vite.config.ts swaps it in for mode `embed`): the
 * same `buildUrl` and `getJson`, but a failure becomes a plain `Error` with the `status`
 * (0 when no answer came) and `code` a `SearchApiError` would have. The widget tells
 * failures apart by status alone, and the script-tag file does not hand its client to the
 * page, so the class, the error body, `retryAfter` and a long message would go unread.
 */
import type { QueryValue, RequestOptions } from '../client/request.ts';

// For the index client's transport, should it ever be in the graph (it is in the demo's
// dev server in mode `embed-modules`); the build leaves these out otherwise.
export { errorFromResponse, retryAfterSeconds } from '../client/request.ts';

export function buildUrl(root: string, path: string, query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) for (const item of [value].flat()) params.append(key, String(item));
  }
  const qs = String(params);
  return root + path + (qs && '?' + qs);
}

/** An error as the widget reads it: `status` (0 when no answer came) and `code`, as a `SearchApiError` has them. */
const failure = (status: number, cause?: unknown) => {
  const code = status ? `http_${status}` : 'network_error';
  return Object.assign(new Error(`Search API: ${code}`, { cause }), { status, code });
};

export const getJson = <T>(fetcher: typeof fetch, url: string, { signal }: RequestOptions = {}): Promise<T> =>
  // No `Accept` header: the API answers in JSON only.
  fetcher(url, { signal }).then(
    (response) => {
      if (!response.ok) throw failure(response.status);
      return response.json() as Promise<T>;
    },
    (error: unknown) => {
      throw signal?.aborted ? error : failure(0, error);
    },
  );
