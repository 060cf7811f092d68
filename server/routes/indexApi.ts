import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { CreateIndexResponse, DeleteIndexResponse, IndexListResponse, RotateSecretResponse } from '../../src/client/types.ts';
import type { ApiIndices } from '../indices/apiIndices.ts';
import { invalidParameter } from '../schemas/apiError.ts';
import { KeyParams } from '../schemas/requestSchemas.ts';

export interface IndexApiOptions {
  apiIndices: ApiIndices;
}

/** Keys name an index's files and schema, so they stay file-name safe, as in the config file. */
const PublicKey = Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$', errorMessage: 'must be 1 to 64 letters, digits, _ or -' });
const CreateBody = Type.Object({ publicKey: PublicKey }, { additionalProperties: false });
const DeleteQuery = Type.Object({ confirm: Type.Optional(Type.String()) });

/**
 * The index API (an addition of the reference service), for the admin key alone:
 * `POST /v2/indices` makes an index and answers its secret once, `GET /v2/indices` lists
 * every index (never a secret), `POST /v2/indices/{key}/secret` rotates a secret and
 * `DELETE /v2/indices/{key}?confirm={key}` deletes an index, its documents and its events.
 * Config-file indices are listed, never changed.
 */
export const indexApiRoutes: FastifyPluginAsyncTypebox<IndexApiOptions> = async (app, { apiIndices }) => {
  app.addHook('onRequest', async (request) => app.access.admin(request));
  app.post('/v2/indices', { schema: { body: CreateBody }, config: { lane: 'heavy' } }, async (request, reply): Promise<CreateIndexResponse> => {
    const { publicKey } = request.body;
    const secret = await apiIndices.create(publicKey);
    request.log.info({ publicKey }, 'index made through the index API');
    reply.code(201).header('cache-control', 'no-store');
    return { publicKey, secret };
  });
  app.get('/v2/indices', async (_request, reply): Promise<IndexListResponse> => {
    reply.header('cache-control', 'no-store');
    return { indices: await apiIndices.list() };
  });
  app.post('/v2/indices/:key/secret', { schema: { params: KeyParams }, config: { lane: 'heavy' } }, async (request, reply): Promise<RotateSecretResponse> => {
    const secret = await apiIndices.rotate(request.params.key);
    request.log.info({ publicKey: request.params.key }, 'index secret rotated');
    reply.header('cache-control', 'no-store');
    return { secret };
  });
  app.delete(
    '/v2/indices/:key',
    { schema: { params: KeyParams, querystring: DeleteQuery }, config: { lane: 'heavy' } },
    async (request): Promise<DeleteIndexResponse> => {
      const { key } = request.params;
      if (request.query.confirm !== key) throw invalidParameter('confirm', `deleting an index needs ?confirm=${key}: its documents and events go for good`);
      await apiIndices.remove(key);
      request.log.info({ publicKey: key }, 'index deleted through the index API');
      return { publicKey: key, deleted: true };
    },
  );
};
