/**
 * What the service logs (pino JSON lines on stdout): each request's method, path,
 * status and time, and every error. Visitors are not identified in it: no client
 * address or port, and the query parameters that carry what a visitor typed or who they
 * are (`term`, `userToken`, `session`) are logged as `*`, and so is the user token in
 * the path of `DELETE .../users/{userToken}`; the security section of the
 * docs promises that. `errors` (`--quiet`) logs errors only.
 */
import type { FastifyServerOptions } from 'fastify';
import type { LogMode } from '../config/serviceConfig.ts';

/** Query parameters whose values are never logged. */
const PRIVATE_PARAMETERS = new Set(['term', 'usertoken', 'session']);

/** The Fastify `logger` option of a mode; `stream` is where lines go (stdout by default). */
export function requestLogger(mode: LogMode, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  if (mode === false) return false;
  return {
    level: mode === 'errors' ? 'error' : 'info',
    ...(stream !== undefined && { stream }),
    serializers: {
      req: (request: { method?: string; url?: string }) => ({ method: request.method, url: loggedUrl(request.url ?? '') }),
    },
  };
}

/**
 * The path with a user token in it (forgetting a user) cut after `/users/`, judged on the
 * path as the router decodes it: `/v2/indices/demo/%75sers/TOKEN` reaches the same route.
 */
function withoutUserToken(path: string): string {
  const segments = path.split('/');
  const decoded = segments.map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  });
  const isUsers = decoded[1] === 'v2' && decoded[2] === 'indices' && decoded[4] === 'users' && segments.length > 5;
  return isUsers ? `${segments.slice(0, 5).join('/')}/*` : path;
}

/** The URL with the values of private parameters, and a user token in the path, replaced by `*`. */
export function loggedUrl(raw: string): string {
  const pathEnd = raw.indexOf('?');
  const url = pathEnd < 0 ? withoutUserToken(raw) : withoutUserToken(raw.slice(0, pathEnd)) + raw.slice(pathEnd);
  const question = url.indexOf('?');
  if (question < 0) return url;
  const query = url
    .slice(question + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A malformed name is logged as it came.
      }
      return PRIVATE_PARAMETERS.has(decoded.toLowerCase()) ? `${name}=*` : pair;
    })
    .join('&');
  return `${url.slice(0, question)}?${query}`;
}
