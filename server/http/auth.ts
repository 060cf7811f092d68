import { createHash, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../schemas/apiError.ts';
import type { IndexCredentials } from '../config/serviceConfig.ts';

const CHALLENGE = { 'www-authenticate': 'Basic realm="site-search"' };

/**
 * Checks HTTP Basic credentials against an index: username = its public key,
 * password = its secret. Throws a 401 with a Basic challenge otherwise.
 */
export function checkBasicAuth(index: IndexCredentials, authorization: string | undefined): void {
  const credentials = parseBasic(authorization);
  if (credentials === null) {
    throw new ApiError(401, 'unauthorized', 'credentials are required: HTTP Basic with the index key and its secret', {
      headers: CHALLENGE,
    });
  }
  // Both compared, always, so timing does not tell which one was wrong.
  const userOk = sameSecret(credentials.user, index.publicKey);
  const passwordOk = sameSecret(credentials.password, index.secret);
  if (!userOk || !passwordOk) {
    throw new ApiError(401, 'unauthorized', `wrong credentials for index '${index.publicKey}'`, { headers: CHALLENGE });
  }
}

/** The username of a Basic `Authorization` header (for the crawl endpoint, the index key), or null. */
export function basicUser(authorization: string | undefined): string | null {
  return parseBasic(authorization)?.user ?? null;
}

function parseBasic(header: string | undefined): { user: string; password: string } | null {
  const m = /^Basic\s+([A-Za-z0-9+/=._~-]+)\s*$/i.exec(header ?? '');
  if (m === null) return null;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** Constant-time equality: hashing first gives both sides the same length. */
function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}
