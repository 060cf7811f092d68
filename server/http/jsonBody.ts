import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../schemas/apiError.ts';

/** Methods whose requests carry no body in practice: many clients still send a JSON Content-Type with them. */
const BODILESS = new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS']);
const CHARSET = /;\s*charset\s*=\s*"?([^";\s]*)"?/i;

/**
 * The parser of JSON bodies: Fastify's own (which refuses `__proto__` keys), behind two
 * checks. A body declared in a charset other than UTF-8 is a 415 rather than misread as
 * UTF-8. An empty body on GET, HEAD, DELETE or OPTIONS is no body at all, as widely used
 * HTTP clients send `Content-Type: application/json` with every request.
 */
export function jsonBodyParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  return (request: FastifyRequest, body: string | Buffer, done: (error: Error | null, value?: unknown) => void): void => {
    const charset = CHARSET.exec(request.headers['content-type'] ?? '')?.[1]?.toLowerCase();
    if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
      done(new ApiError(415, 'unsupported_media_type', `the request body must be UTF-8 JSON (charset=${charset} was given)`));
      return;
    }
    if (body.length === 0 && BODILESS.has(request.method)) {
      done(null, undefined);
      return;
    }
    parse(request, body.toString(), done);
  };
}
