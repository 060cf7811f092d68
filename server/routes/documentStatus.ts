import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { DocumentContent, DocumentStatus, WriteResponse } from '../../src/client/types.ts';
import { authorize } from '../http/auth.ts';
import { ApiError, unsupportedMediaType } from '../schemas/apiError.ts';
import { hiddenKeywordsCheck } from '../schemas/hiddenKeywords.ts';
import { checkPathId, unknownDocument } from './documents.ts';
import type { RouteOptions } from './routeOptions.ts';
import type { KeyParams } from '../schemas/requestSchemas.ts';

const IdParams = Type.Object({ key: Type.String({ minLength: 1 }), id: Type.String() });

// The value is checked in the handler (schemas/hiddenKeywords.ts), not here: Ajv would turn a number into a string.
const HiddenKeywordsBody = Type.Object({ hiddenKeywords: Type.Unknown() }, { additionalProperties: false });

/**
 * Status, indexed content and hidden keywords of a document (2.4, 2.5, 4.8). Like every
 * endpoint but search, suggest and autocomplete, they take HTTP Basic auth with the
 * index key and secret: status and content show what the site owner indexed.
 */
export const documentStatusRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { indices }) => {
  app.addHook('onRequest', async (request) => {
    await authorize(request, indices.get((request.params as KeyParams).key));
  });
  app.addHook('preValidation', async (request) => {
    if (request.method !== 'POST') return;
    if (!/^application\/json\s*(?:;|$)/i.test(request.headers['content-type'] ?? '')) throw unsupportedMediaType();
  });
  app.addHook('preHandler', async (request) => checkPathId((request.params as { id: string }).id));

  app.get('/v1/indices/:key/documents/:id', { schema: { params: IdParams } }, async (request) => {
    const { key, id } = request.params;
    const state = await indices.get(key).engine.status(id);
    const base = `/v1/indices/${encodeURIComponent(key)}/documents`;
    if (state === null) {
      const unknown: DocumentStatus = {
        indexPublicKey: key,
        docId: id,
        status: 'UNKNOWN',
        statusInfo: 'the index has no document with this id',
        lastFetched: null,
      };
      return unknown;
    }
    const status: DocumentStatus = {
      indexPublicKey: key,
      docId: id,
      status: state.status,
      statusInfo: state.duplicateOf === null ? state.statusInfo : `duplicates document ${state.duplicateOf}`,
      lastFetched: state.lastFetched === null ? null : new Date(state.lastFetched).toISOString(),
      ...(state.duplicateOf !== null && { duplicateOf: { href: `${base}/${encodeURIComponent(state.duplicateOf)}` } }),
      ...(state.indexed && { content: { href: `${base}/${encodeURIComponent(id)}/content` } }),
    };
    return status;
  });

  app.get('/v1/indices/:key/documents/:id/content', { schema: { params: IdParams } }, async (request) => {
    const document = await indices.get(request.params.key).engine.get(request.params.id);
    if (document === null) throw unknownDocument(request.params.id);
    const content: DocumentContent = {
      title: document.title,
      h1: document.h1,
      h2: document.h2,
      mainContent: document.mainContent,
      documentDate: new Date(document.docDate ?? document.firstIndexed).toISOString(),
      language: document.language ?? '',
      hiddenKeywords: document.hiddenKeywords,
    };
    return content;
  });

  app.post('/v1/indices/:key/documents/:id/content/hiddenKeywords', { schema: { params: IdParams, body: HiddenKeywordsBody } }, async (request) => {
    const sent: unknown = request.body;
    if (!hiddenKeywordsCheck.check(sent)) {
      const [problem] = hiddenKeywordsCheck.problems(sent);
      throw new ApiError(400, 'invalid_body', problem?.message ?? 'invalid body', { parameter: problem?.field || 'hiddenKeywords' });
    }
    const keywords = sent.hiddenKeywords
      .trim()
      .split(/\s+/)
      .filter((w) => w !== '')
      .join(' ');
    const found = await indices.get(request.params.key).engine.setHiddenKeywords(request.params.id, keywords || null);
    if (!found) throw unknownDocument(request.params.id);
    const body: WriteResponse = { id: request.params.id };
    return body;
  });
};
