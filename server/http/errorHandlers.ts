import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '../../src/client/types.ts';
import { ApiError, UNAVAILABLE_RETRY_AFTER_S, unsupportedMediaType } from '../schemas/apiError.ts';
import { BODY_MAX_BYTES } from '../../src/client/limits.ts';
import type { RouteTable } from './routeTable.ts';
import { problemsOf, relevant, type ValidationIssue } from '../schemas/problemWords.ts';
import { storageProblem } from '../storage/storageErrors.ts';

export function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  return reply.code(error.status).headers(error.headers).type('application/json; charset=utf-8').send(error.toBody());
}

/** Refusals of an overloaded service are logged at most this often, with their count, even when quiet: a line and a stack each would add to the load. */
const OVERLOAD_LOG_MS = 1_000;
/** Per app (the server the request came to), so that each service counts its own. */
const overloadLogs = new WeakMap<object, { at: number; refused: number }>();

/** The app's error handler: every failure becomes the error JSON, never an HTML page or a stack. */
export function errorHandler(error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const apiError = toApiError(error, request);
  if (apiError.code === 'overloaded') {
    let overloadLog = overloadLogs.get(request.server);
    if (overloadLog === undefined) overloadLogs.set(request.server, (overloadLog = { at: Number.NEGATIVE_INFINITY, refused: 0 }));
    overloadLog.refused++;
    const now = performance.now();
    if (now - overloadLog.at >= OVERLOAD_LOG_MS) {
      request.log.error({ refused: overloadLog.refused }, 'overloaded: requests refused with 503 since the last line');
      overloadLog.at = now;
      overloadLog.refused = 0;
    }
  } else if (apiError.code === 'insufficient_storage' || apiError.code === 'unavailable') {
    // The storage's state, not a fault of the code: one short line each, not a stack per request.
    request.log.error({ code: (error as { code?: unknown }).code, reason: error.message }, `request failed: ${apiError.code}`);
  } else if (apiError.status >= 500) request.log.error({ err: error }, 'request failed');
  return sendError(reply, apiError);
}

/** Unknown paths are 404; a known path asked with a method it lacks is 405 with `Allow`. */
export function notFoundHandler(routes: RouteTable) {
  return (request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    const path = request.url.split('?', 1)[0] ?? '';
    const allowed = routes.methodsFor(path);
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      return sendError(
        reply,
        new ApiError(405, 'method_not_allowed', `${request.method} is not allowed on ${path}; use ${allowed.join(', ')}`, {
          headers: { allow: allowed.join(', ') },
        }),
      );
    }
    return sendError(reply, new ApiError(404, 'not_found', `no route for ${request.method} ${path}`));
  };
}

function toApiError(error: FastifyError | ApiError, request: FastifyRequest): ApiError {
  if (error instanceof ApiError) return error;
  if (error.validation !== undefined && error.validation.length > 0) return validationError(error, request);
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(413, 'payload_too_large', `the request body exceeds ${BODY_MAX_BYTES} bytes`);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return unsupportedMediaType();
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError(400, 'invalid_body', 'the request body is empty; send a JSON object');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ApiError(400, 'invalid_body', 'the request body is not valid JSON');
  }
  switch (storageProblem(error)) {
    case 'storage_full':
      return new ApiError(507, 'insufficient_storage', 'the service cannot store this: its disk is full; retry once space is freed');
    case 'unavailable':
      return new ApiError(503, 'unavailable', 'the database does not answer; retry later', {
        headers: { 'retry-after': String(UNAVAILABLE_RETRY_AFTER_S) },
      });
  }
  const status = error.statusCode ?? 500;
  if (status === 400 && error instanceof SyntaxError) {
    return new ApiError(400, 'invalid_body', 'the request body is not valid JSON');
  }
  if (status >= 400 && status < 500) return new ApiError(status, codeForStatus(status), error.message);
  return new ApiError(500, 'internal_error', 'internal error');
}

function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'unauthorized';
    case 404:
      return 'not_found';
    case 405:
      return 'method_not_allowed';
    case 413:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    case 429:
      return 'rate_limited';
    default:
      return 'invalid_body';
  }
}

/** Fastify's validator options: a route schema may word its own 400 (`errorMessage`), as the service's other schemas do. */
export const ROUTE_SCHEMA_OPTIONS = { customOptions: { keywords: ['errorMessage'] } };

type AjvIssue = NonNullable<FastifyError['validation']>[number];

/**
 * Turns the route schema's (Ajv's) first failure worth reporting (see `relevant`) into a
 * 400 naming the parameter or body field, worded as every schema problem is
 * (problemWords.ts). In a query string an array is a parameter given more than once.
 */
function validationError(error: FastifyError, request: FastifyRequest): ApiError {
  const context = error.validationContext;
  const inBody = context === 'body';
  const schema = context === undefined ? undefined : (request.routeOptions.schema as Record<string, unknown> | undefined)?.[context];
  const query = context === 'querystring' && isRecord(request.query) ? request.query : undefined;
  const [issue] = relevant(error.validation!.map(issueOf));
  const [problem] =
    issue === undefined
      ? []
      : problemsOf(schema, issue, {
          subject: inBody ? 'the body' : 'the request',
          unknown: (_, name) => `unknown field '${name}'`,
          repeated: (field) => query !== undefined && Array.isArray(query[field]),
        });
  const { field, message } = problem ?? { field: '', message: 'the request is invalid' };
  return new ApiError(400, inBody ? 'invalid_body' : 'invalid_parameter', message, field === '' ? {} : { parameter: field });
}

/** Ajv's issue as problemWords reads one: its schema path without the keyword, its lists as lists. */
function issueOf(issue: AjvIssue): ValidationIssue {
  const params = issue.params as Record<string, unknown>;
  const schemaPath = issue.schemaPath.slice(0, issue.schemaPath.lastIndexOf('/'));
  switch (issue.keyword) {
    case 'required':
      return { ...issue, schemaPath, params: { requiredProperties: [params.missingProperty] } };
    case 'additionalProperties':
      return { ...issue, schemaPath, params: { additionalProperties: [params.additionalProperty] } };
    default:
      return { ...issue, schemaPath };
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
