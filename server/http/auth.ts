import type { FastifyRequest } from 'fastify';
import type { GuardedIndex } from './access.ts';

export { basicUser } from './access.ts';

/**
 * Passes when the request may act on `index`: HTTP Basic with its key and secret, the
 * admin key, or a session signed in to it (with its CSRF token for a change). Throws a
 * 401 with a Basic challenge, or a 403, otherwise (see Access).
 */
export function authorize(request: FastifyRequest, index: GuardedIndex): Promise<void> {
  return request.server.access.index(request, index);
}
