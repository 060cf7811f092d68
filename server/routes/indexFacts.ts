import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { DocumentStatusEntry, DocumentStatusList, IndexField, IndexFieldList } from '../../src/client/types.ts';
import { authorize } from '../http/auth.ts';
import { ApiError } from '../schemas/apiError.ts';
import { DecimalInteger, KeyParams, OneOf } from '../schemas/requestSchemas.ts';
import type { RouteOptions } from './routeOptions.ts';

/** The standard fields (2.1), which every index has; `doc_date` is read as a date. */
const STANDARD: ReadonlyArray<Pick<IndexField, 'name' | 'type'>> = [
  { name: 'id', type: 'text' },
  { name: 'url', type: 'text' },
  { name: 'title', type: 'text' },
  { name: 'main_content', type: 'text' },
  { name: 'language', type: 'text' },
  { name: 'doc_date', type: 'date' },
  { name: 'thumbnail_external_src', type: 'text' },
];

const StatusesQuery = Type.Object(
  {
    status: Type.Optional(OneOf('INDEXED', 'EXCLUDED', 'PENDING', 'ERROR')),
    url: Type.Optional(Type.String({ minLength: 1, maxLength: 2048 })),
    limit: DecimalInteger(1, 100, 20),
  },
  { additionalProperties: false },
);

const READ = { lane: 'read' } as const;

/**
 * What an index holds, for its owner (an addition of the reference service; the console's
 * Index page reads them): `GET /v2/indices/{key}/fields` lists its fields and their types,
 * `GET /v2/indices/{key}/statuses?status=ERROR` the ids of a status, latest fetch first,
 * and `?url=` the ids known under an address. HTTP Basic auth with the index's
 * credentials (or the console's session), as the indexing API.
 */
export const indexFactsRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { indices }) => {
  app.addHook('onRequest', async (request) => {
    await authorize(request, indices.get((request.params as KeyParams).key));
  });

  app.get('/v2/indices/:key/fields', { schema: { params: KeyParams }, config: READ }, async (request) => {
    const { types, multiValued } = await indices.get(request.params.key).engine.customFields();
    const body: IndexFieldList = {
      fields: [
        ...STANDARD.map((field) => ({ ...field, standard: true, multiValued: false })),
        ...[...types].map(([name, type]) => ({ name, type, standard: false, multiValued: multiValued.has(name) })),
      ],
    };
    return body;
  });

  app.get('/v2/indices/:key/statuses', { schema: { params: KeyParams, querystring: StatusesQuery }, config: READ }, async (request) => {
    const { status, url, limit } = request.query;
    if ((status === undefined) === (url === undefined)) {
      throw new ApiError(400, 'invalid_parameter', 'give either status or url', { parameter: status === undefined ? 'status' : 'url' });
    }
    const states = await indices.get(request.params.key).engine.statuses(status === undefined ? { url: url! } : { status }, limit);
    const body: DocumentStatusList = {
      statuses: states.map((state): DocumentStatusEntry => ({
        docId: state.id,
        url: state.url,
        status: state.status,
        statusInfo: state.duplicateOf === null ? state.statusInfo : `duplicates document ${state.duplicateOf}`,
        lastFetched: state.lastFetched === null ? null : new Date(state.lastFetched).toISOString(),
      })),
    };
    return body;
  });
};
