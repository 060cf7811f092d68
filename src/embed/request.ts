/**
 * The script-tag build's `request.ts` (vite.config.ts swaps it in for mode `embed`): the
 * same `buildUrl` and `getJson`, but a failed answer becomes a `SearchApiError` with its
 * status only. The widget tells failures apart by status alone, and the script-tag file
 * does not hand its client to the page, so the error body and `retryAfter` would go unread.
 */
import { SearchApiError } from '../client/errors.ts';
import type { QueryValue, RequestOptions } from '../client/request.ts';

// For the index client's transport, should it ever be in the graph (it is in the demo's
// dev server with E2E_EMBED_MODULES=1); the build leaves these out otherwise.
export { errorFromResponse, retryAfterSeconds } from '../client/request.ts';

export function buildUrl(root: string, path: string, query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const qs = params.toString();
  return root + path + (qs ? '?' + qs : '');
}

export async function getJson<T>(fetcher: typeof fetch, url: string, options: RequestOptions = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetcher(url, { headers: { Accept: 'application/json' }, signal: options.signal });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new SearchApiError({ status: 0, code: 'network_error', message: 'The search service could not be reached.', cause: error });
  }
  const { ok, status } = response;
  if (!ok) throw new SearchApiError({ status, code: `http_${status}`, message: `The search service answered ${status}` });
  return (await response.json()) as T;
}
