import { SearchApiError } from './errors.ts';
import type { ApiErrorBody } from './types.ts';

/** Options every call of the client takes. */
export interface RequestOptions {
  /** Cancels the call; the promise then rejects with an `AbortError`. */
  signal?: AbortSignal | undefined;
}

/** A query-string value; arrays repeat the key, `undefined` leaves it out. */
export type QueryValue = string | number | boolean | undefined | ReadonlyArray<string | number>;

/** Builds `root + path + ?query`, repeating keys for arrays and skipping undefined values. */
export function buildUrl(root: string, path: string, query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.append(key, String(value));
  }
  const qs = params.toString();
  return root + path + (qs ? '?' + qs : '');
}

/** Sends a GET and returns the parsed JSON, or throws a `SearchApiError`. */
export async function getJson<T>(fetcher: typeof fetch, url: string, options: RequestOptions = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetcher(url, {
      method: 'GET',
      headers: { Accept: 'application/json' },
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new SearchApiError({ status: 0, code: 'network_error', message: 'The search service could not be reached.', cause: error });
  }
  if (!response.ok) throw await errorFromResponse(response);
  return (await response.json()) as T;
}

/** Turns an unsuccessful answer into a `SearchApiError`, reading the JSON error body when there is one. */
export async function errorFromResponse(response: Response): Promise<SearchApiError> {
  let body: ApiErrorBody | undefined;
  try {
    const parsed: unknown = await response.json();
    if (isErrorBody(parsed)) body = parsed;
  } catch {
    // Not JSON (a proxy's error page, say): the status alone has to do.
  }
  return new SearchApiError({
    status: response.status,
    code: body?.error.code ?? (response.status === 429 ? 'rate_limited' : `http_${response.status}`),
    message: body?.error.message ?? `The search service answered ${response.status} ${response.statusText}`.trim(),
    parameter: body?.error.parameter,
    body,
    retryAfter: response.status === 429 ? retryAfterSeconds(response.headers) : undefined,
  });
}

/** Seconds to wait, from `Retry-After` (seconds or an HTTP date), else `X-Rate-Limit-Reset` (epoch seconds). */
export function retryAfterSeconds(headers: Headers, now: number = Date.now()): number | undefined {
  const retryAfter = headers.get('Retry-After');
  if (retryAfter !== null) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds) && seconds >= 0) return seconds;
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return Math.max(0, Math.ceil((date - now) / 1000));
  }
  const reset = Number(headers.get('X-Rate-Limit-Reset'));
  if (headers.has('X-Rate-Limit-Reset') && Number.isFinite(reset)) return Math.max(0, Math.ceil(reset - now / 1000));
  return undefined;
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const error = (value as { error?: unknown }).error;
  return typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string';
}
