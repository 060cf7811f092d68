import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { SessionResponse } from '../../src/client/types.ts';
import type { CatalogSession } from '../indices/catalog.ts';
import type { IndexRegistry } from '../indices/indexRegistry.ts';
import type { ApiIndices } from '../indices/apiIndices.ts';
import type { SignInLimit } from '../http/signInLimit.ts';
import { ApiError } from '../schemas/apiError.ts';

export interface SessionRouteOptions {
  indices: IndexRegistry;
  apiIndices: ApiIndices;
  signInLimit: SignInLimit;
}

const SignInBody = Type.Union(
  [
    Type.Object({ key: Type.String({ minLength: 1, maxLength: 64 }), secret: Type.String({ minLength: 1, maxLength: 512 }) }, { additionalProperties: false }),
    Type.Object({ adminKey: Type.String({ minLength: 1, maxLength: 512 }) }, { additionalProperties: false }),
  ],
  { errorMessage: 'must be {"key", "secret"} or {"adminKey"}' },
);

/**
 * Sessions for the console (an addition of the reference service): `POST /v2/session`
 * signs in with an index's key and secret or with the admin key and sets the session
 * cookie; `GET /v2/session` says who is signed in; `DELETE /v2/session` signs out, on
 * every node. Failed sign-ins count against the address (SignInLimit) and are logged
 * with the key tried, never the secret.
 */
export const sessionRoutes: FastifyPluginAsyncTypebox<SessionRouteOptions> = async (app, { indices, apiIndices, signInLimit }) => {
  const answer = async (session: CatalogSession): Promise<SessionResponse> => {
    const { identity } = session;
    const keys = identity.kind === 'admin' ? (await apiIndices.list()).map((index) => index.publicKey) : [identity.publicKey];
    return { identity, csrfToken: session.csrfToken, indices: keys.map((publicKey) => ({ publicKey })), expiresAt: session.expiresAt };
  };

  app.post('/v2/session', { schema: { body: SignInBody } }, async (request, reply): Promise<SessionResponse> => {
    signInLimit.check(request.ip);
    const body = request.body;
    let identity: CatalogSession['identity'] | null = null;
    if ('adminKey' in body) {
      if (app.access.isAdminKey(body.adminKey)) identity = { kind: 'admin' };
    } else {
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(body.key)) identity = null;
      else {
        await apiIndices.sync(body.key);
        const index = indices.find(body.key);
        // Compared even for an unknown key, so timing does not tell which keys exist.
        const matches = await app.access.secretMatches(index ?? { publicKey: body.key, secret: '\u0000' }, body.secret);
        if (index !== undefined && matches) identity = { kind: 'index', publicKey: index.publicKey };
      }
    }
    if (identity === null) {
      signInLimit.failed(request.ip);
      request.log.warn({ ip: request.ip, ...('key' in body ? { key: body.key } : { adminKey: 'wrong' }) }, 'failed sign-in');
      throw new ApiError(401, 'unauthorized', 'wrong credentials: sign in with an index key and its secret, or the admin key');
    }
    const session = await app.access.signIn(reply, identity, request.protocol === 'https');
    reply.header('cache-control', 'no-store');
    return answer(session);
  });

  app.get('/v2/session', async (request, reply): Promise<SessionResponse> => {
    const session = await app.access.session(request);
    if (session === null) throw new ApiError(401, 'unauthorized', 'no session: sign in with POST /v2/session');
    reply.header('cache-control', 'no-store');
    return answer(session);
  });

  app.delete('/v2/session', async (request, reply) => {
    await app.access.signOut(request, reply);
    reply.code(204);
  });
};
