import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './errorHandlers.ts';
import { ApiError } from '../schemas/apiError.ts';

/**
 * Answers what Node's HTTP parser refuses before Fastify sees a request (a request or
 * its headers too slow, headers or URL too large, bytes that are not HTTP) with the
 * service's error JSON, then closes the connection: the parser cannot go on with it.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  // A reset or an already closed socket has no one left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const apiError = clientError(error.code);
  if (socket.writable) {
    const body = JSON.stringify(apiError.toBody());
    socket.write(
      `HTTP/1.1 ${apiError.status} ${STATUS_TEXT[apiError.status] ?? 'Bad Request'}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy();
}

function clientError(code: string | undefined): ApiError {
  switch (code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new ApiError(408, 'request_timeout', 'the request, headers and body, did not arrive in time');
    case 'HPE_HEADER_OVERFLOW':
      // Node counts the request line with the headers, so a long URL lands here too.
      return new ApiError(431, 'headers_too_large', 'the URL and headers together exceed 16 KB');
    default:
      return new ApiError(400, 'invalid_body', 'the request is not valid HTTP');
  }
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

/** The longest path segment the router matches. Document ids may be up to 512 characters; its default stops at 100. */
export const PATH_SEGMENT_MAX = 2048;

/**
 * Errors of Fastify's router, raised before any route or error handler: a path segment
 * longer than the router takes (an id or key over 2,048 characters) and a path that is
 * not valid percent-encoding.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): FastifyReply {
  switch (error.code) {
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return sendError(reply, new ApiError(414, 'uri_too_long', `a path segment (an id or key) is longer than ${PATH_SEGMENT_MAX} characters`));
    case 'FST_ERR_BAD_URL':
      return sendError(reply, new ApiError(400, 'invalid_parameter', 'the path is not valid percent-encoding'));
    default:
      return sendError(reply, new ApiError(400, 'invalid_parameter', error.message));
  }
}
