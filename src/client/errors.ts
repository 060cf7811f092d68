import type { ApiErrorBody } from './types.ts';

/**
 * The one error type of the client: an answer of the API that was not a success,
 * or a request the client refused to send. `status` is 0 when no answer came back.
 */
export class SearchApiError extends Error {
  override name = 'SearchApiError';
  /** HTTP status of the answer; 0 for a network failure or a refused request. */
  readonly status: number;
  /** Machine-readable code, e.g. `invalid_parameter`, `rate_limited`, `network_error`. */
  readonly code: string;
  /** The parameter or field at fault, where the API named one. */
  readonly parameter: string | undefined;
  /** The parsed error body, when the API sent one. */
  readonly body: ApiErrorBody | undefined;
  /** On 429: seconds to wait before trying again, from `Retry-After` or `X-Rate-Limit-Reset`. */
  readonly retryAfter: number | undefined;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    parameter?: string | undefined;
    body?: ApiErrorBody | undefined;
    retryAfter?: number | undefined;
    cause?: unknown;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.parameter = init.parameter;
    this.body = init.body;
    this.retryAfter = init.retryAfter;
  }
}

/** True for the rejection of a call whose `AbortSignal` fired. */
export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}
