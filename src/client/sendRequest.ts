import { SearchApiError } from './errors.ts';
import { errorFromResponse, type RequestOptions } from './request.ts';
import { retryDelay, type BackoffOptions } from './retryDelay.ts';

/** How requests are sent: the `fetch`, retries and the timeout. */
export interface TransportOptions extends BackoffOptions {
  /**
   * The `fetch` to use; the platform's by default.
   * @default globalThis.fetch
   */
  fetch?: typeof fetch | undefined;
  /**
   * Retries of an idempotent call (GET, PUT, DELETE) after a 429, a 5xx, a timeout or a
   * network failure. POST calls (create, crawl, stats, hidden keywords, dataset events)
   * are never retried, since the first attempt may have taken effect. `0` disables.
   * @default 3
   */
  retries?: number | undefined;
  /**
   * Time allowed for one attempt, in milliseconds, until the answer's headers arrive
   * and its body is read. `0` disables.
   * @default 30000
   */
  timeoutMs?: number | undefined;
  /** Called before each retry, e.g. to tell a user that the service asked to slow down. */
  onRetry?: ((info: { attempt: number; delayMs: number; error: SearchApiError }) => void) | undefined;
}

export const DEFAULT_RETRIES = 3;
export const DEFAULT_TIMEOUT_MS = 30_000;

/** One call to the API. */
export interface ApiRequest {
  method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Already-serialised JSON, for callers that measured the body. */
  json?: string | undefined;
  authorization?: string | undefined;
}

/** A successful answer: status, headers, and the JSON body when there was one. */
export interface ApiAnswer<T> {
  status: number;
  headers: Headers;
  body: T | undefined;
}

const IDEMPOTENT = new Set(['GET', 'PUT', 'DELETE']);

/**
 * Sends a request with a timeout per attempt and retries with backoff and jitter for
 * idempotent methods; returns the answer, or throws a `SearchApiError` (or the
 * `AbortError` of `options.signal`).
 */
export async function sendRequest<T>(transport: TransportOptions, request: ApiRequest, options: RequestOptions = {}): Promise<ApiAnswer<T>> {
  const retries = IDEMPOTENT.has(request.method) ? (transport.retries ?? DEFAULT_RETRIES) : 0;
  const body = request.json ?? (request.body === undefined ? undefined : JSON.stringify(request.body));
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (request.authorization !== undefined) headers.Authorization = request.authorization;
  // Bound lazily so a page that replaces `fetch` after loading the client is honoured.
  const fetcher = transport.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));

  for (let attempt = 0; ; attempt++) {
    let error: SearchApiError;
    try {
      return await attemptOnce<T>(fetcher, request.method, request.url, headers, body, transport.timeoutMs ?? DEFAULT_TIMEOUT_MS, options.signal);
    } catch (thrown) {
      if (!(thrown instanceof SearchApiError)) throw thrown;
      error = thrown;
    }
    if (attempt >= retries || !retryable(error)) throw error;
    const delay = retryDelay(attempt, error.retryAfter, transport);
    if (delay === null) throw error;
    transport.onRetry?.({ attempt: attempt + 1, delayMs: delay, error });
    await sleep(delay, options.signal);
  }
}

/** Rate refusals, server failures, timeouts and lost connections may pass on a retry; a 4xx will not. */
function retryable(error: SearchApiError): boolean {
  return error.status === 429 || error.status >= 500 || error.code === 'network_error' || error.code === 'timeout';
}

async function attemptOnce<T>(
  fetcher: typeof fetch,
  method: string,
  url: string,
  headers: Record<string, string>,
  body: string | undefined,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<ApiAnswer<T>> {
  signal?.throwIfAborted();
  // One controller per attempt, aborted by the caller's signal or by the timer.
  // (AbortSignal.any would do, but older Safari lacks it.)
  const controller = new AbortController();
  let timedOut = false;
  const onAbort = (): void => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  const timer =
    timeoutMs > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs)
      : undefined;
  try {
    const init: RequestInit = { method, headers, signal: controller.signal };
    if (body !== undefined) init.body = body;
    const response = await fetcher(url, init);
    if (!response.ok) throw await errorFromResponse(response);
    const text = await response.text();
    const type = response.headers.get('Content-Type') ?? '';
    const parsed = text !== '' && /json/i.test(type) ? (JSON.parse(text) as T) : undefined;
    return { status: response.status, headers: response.headers, body: parsed };
  } catch (error) {
    if (signal?.aborted) throw signal.reason ?? error;
    if (timedOut) {
      throw new SearchApiError({ status: 0, code: 'timeout', message: `No answer within ${timeoutMs} ms from ${method} ${url}`, cause: error });
    }
    if (error instanceof SearchApiError) throw error;
    throw new SearchApiError({ status: 0, code: 'network_error', message: `The service could not be reached (${method} ${url})`, cause: error });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/** Waits `ms`, or rejects with the signal's reason as soon as it fires. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
