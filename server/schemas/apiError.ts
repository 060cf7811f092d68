import type { ApiErrorBody, ApiErrorDetail, ErrorCode } from '../../src/client/types.ts';

/** Seconds a client is told to wait before retrying while the database does not answer. */
export const UNAVAILABLE_RETRY_AFTER_S = 5;

/** An error answer: thrown anywhere in a request, sent as DESIGN.md's error JSON. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly parameter: string | undefined;
  readonly details: ApiErrorDetail[] | undefined;
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    options: { parameter?: string; details?: ApiErrorDetail[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.parameter = options.parameter;
    this.details = options.details;
    this.headers = options.headers ?? {};
  }

  toBody(): ApiErrorBody {
    const error: ApiErrorBody['error'] = { status: this.status, code: this.code, message: this.message };
    if (this.parameter !== undefined) error.parameter = this.parameter;
    if (this.details !== undefined) error.errors = this.details;
    return { error };
  }
}

/** A 400 for a query parameter. */
export function invalidParameter(parameter: string, message: string): ApiError {
  return new ApiError(400, 'invalid_parameter', message, { parameter });
}

export function unsupportedMediaType(): ApiError {
  return new ApiError(415, 'unsupported_media_type', 'send the request body as JSON with Content-Type: application/json');
}
