import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { USER_TOKEN_MAX_CHARS } from '../../src/client/limits.ts';
import type { ForgetUserResponse } from '../../src/client/types.ts';
import { authorize } from '../http/auth.ts';
import type { KeyParams } from '../schemas/requestSchemas.ts';
import { StoredText } from '../schemas/storedText.ts';
import type { RouteOptions } from './routeOptions.ts';

const UserParams = Type.Object({ key: Type.String({ minLength: 1 }), userToken: StoredText({ minLength: 1, maxLength: USER_TOKEN_MAX_CHARS }) });

/**
 * `DELETE /v2/indices/{key}/users/{userToken}` (an addition of the reference service):
 * forgets what the index keeps of a user token for personal results, its profile, at
 * once and for good. HTTP Basic auth, like indexing; a token with no profile is
 * answered alike (`forgotten: false`), so a site may forget every user who asks.
 */
export const usersRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { indices }) => {
  app.addHook('onRequest', async (request) => {
    await authorize(request, indices.get((request.params as KeyParams).key));
  });
  // A write: it shares the lane of indexing.
  app.delete(
    '/v2/indices/:key/users/:userToken',
    { schema: { params: UserParams }, config: { lane: 'heavy' } },
    async (request): Promise<ForgetUserResponse> => {
      const { key, userToken } = request.params;
      return { userToken, forgotten: await indices.get(key).profiles.forget(userToken) };
    },
  );
};
