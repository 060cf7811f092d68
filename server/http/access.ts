import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IndexCredentials } from '../config/serviceConfig.ts';
import type { ApiIndices } from '../indices/apiIndices.ts';
import type { CatalogSession, ServiceCatalog, SessionIdentity } from '../indices/catalog.ts';
import { ApiError } from '../schemas/apiError.ts';

/** The session cookie's name. */
export const SESSION_COOKIE = 'site_search_session';
/** How long a session lasts from sign-in. */
export const SESSION_LIFETIME_MS = 12 * 3600_000;

const CHALLENGE = { 'www-authenticate': 'Basic realm="site-search"' };
/** Methods that change nothing: a session needs no CSRF token for them. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyInstance {
    /** Who may do what (http/access.ts). */
    access: Access;
  }
}

/** An index as access knows it: its credentials, and whether the catalog holds its secret. */
export type GuardedIndex = Pick<IndexCredentials, 'publicKey' | 'secret'> & { fromApi?: boolean };

/**
 * Every way a request proves who sent it: HTTP Basic with an index's key and secret
 * (scripts, the CLI), `Bearer` with the admin key, or the session cookie of a sign-in
 * (the console). A call made with the cookie that changes anything must also carry the
 * session's CSRF token and, when the browser names an `Origin`, the service's own or an
 * allowed one: a page of another site cannot make the browser act for the owner.
 */
export class Access {
  constructor(
    private readonly settings: {
      adminKey: string | null;
      allowedOrigins: readonly string[];
      catalog: ServiceCatalog;
      apiIndices: ApiIndices;
      clock: () => number;
    },
  ) {}

  /** Passes when the request may act on `index`; throws 401 or 403 otherwise. */
  async index(request: FastifyRequest, index: GuardedIndex): Promise<void> {
    const authorization = request.headers.authorization;
    if (authorization !== undefined) {
      if (this.isAdminBearer(authorization)) return;
      const basic = parseBasic(authorization);
      if (basic !== null) {
        // Both compared, always, so timing does not tell which one was wrong.
        const userOk = sameSecret(basic.user, index.publicKey);
        const passwordOk = await this.secretMatches(index, basic.password);
        if (userOk && passwordOk) return;
      }
      throw new ApiError(401, 'unauthorized', `wrong credentials for index '${index.publicKey}'`, { headers: CHALLENGE });
    }
    const session = await this.session(request);
    if (session === null) {
      throw new ApiError(401, 'unauthorized', 'credentials are required: HTTP Basic with the index key and its secret', { headers: CHALLENGE });
    }
    if (session.identity.kind === 'index' && session.identity.publicKey !== index.publicKey) {
      throw new ApiError(403, 'forbidden', `this session is signed in to index '${session.identity.publicKey}', not '${index.publicKey}'`);
    }
    this.checkCsrf(request, session);
  }

  /** Passes for the admin key, sent as `Bearer` or signed in with. */
  async admin(request: FastifyRequest): Promise<void> {
    if (this.settings.adminKey === null) throw new ApiError(403, 'forbidden', 'the index API is off: no admin key is set (adminKey, SITE_SEARCH_ADMIN_KEY)');
    const authorization = request.headers.authorization;
    if (authorization !== undefined) {
      if (this.isAdminBearer(authorization)) return;
      throw new ApiError(401, 'unauthorized', 'the admin key is required: Authorization: Bearer <admin key>');
    }
    const session = await this.session(request);
    if (session === null) throw new ApiError(401, 'unauthorized', 'the admin key is required: Authorization: Bearer <admin key>');
    if (session.identity.kind !== 'admin') throw new ApiError(403, 'forbidden', 'this session is signed in to one index, not with the admin key');
    this.checkCsrf(request, session);
  }

  /** Whether `given` is the admin key (false when none is set). */
  isAdminKey(given: string): boolean {
    const { adminKey } = this.settings;
    return sameSecret(given, adminKey ?? randomBytes(16).toString('hex')) && adminKey !== null;
  }

  /** Whether `secret` is the index's secret now: the config file's, or the catalog's for an index made through the API. */
  async secretMatches(index: GuardedIndex, secret: string): Promise<boolean> {
    return index.fromApi === true ? this.settings.apiIndices.secretMatches(index.publicKey, secret) : sameSecret(secret, index.secret);
  }

  /** The session the request's signed cookie names, unless it is gone or expired. */
  async session(request: FastifyRequest): Promise<CatalogSession | null> {
    const cookie = request.cookies[SESSION_COOKIE];
    if (cookie === undefined) return null;
    const unsigned = request.unsignCookie(cookie);
    if (!unsigned.valid || unsigned.value === null) return null;
    return this.settings.catalog.session(unsigned.value, this.settings.clock());
  }

  /** Starts a session: stored in the catalog, so every node of a database accepts its cookie. */
  async signIn(reply: FastifyReply, identity: SessionIdentity, secure: boolean): Promise<CatalogSession> {
    const session: CatalogSession = {
      id: randomBytes(32).toString('base64url'),
      identity,
      csrfToken: randomBytes(32).toString('base64url'),
      expiresAt: this.settings.clock() + SESSION_LIFETIME_MS,
    };
    await this.settings.catalog.addSession(session);
    reply.setCookie(SESSION_COOKIE, session.id, {
      signed: true,
      httpOnly: true,
      secure,
      sameSite: 'strict',
      path: '/',
      maxAge: Math.floor(SESSION_LIFETIME_MS / 1000),
    });
    return session;
  }

  /** Ends the request's session on every node, and clears its cookie. */
  async signOut(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const session = await this.session(request);
    if (session !== null) {
      this.checkCsrf(request, session);
      await this.settings.catalog.removeSession(session.id);
    }
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
  }

  /** For a call that changes anything: the session's token, and an own or allowed `Origin` when one is sent. */
  private checkCsrf(request: FastifyRequest, session: CatalogSession): void {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== `${request.protocol}://${request.host}` && !this.settings.allowedOrigins.includes(origin)) {
      throw new ApiError(
        403,
        'forbidden',
        `a call made with the session cookie from origin ${origin} is refused: only the service's own origin or an allowed one may`,
      );
    }
    const token = request.headers['x-csrf-token'];
    if (typeof token !== 'string' || !sameSecret(token, session.csrfToken)) {
      throw new ApiError(403, 'forbidden', "a call made with the session cookie that changes anything needs the session's token in X-CSRF-Token");
    }
  }

  private isAdminBearer(authorization: string): boolean {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    return m !== null && this.isAdminKey(m[1]!);
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
export function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}
