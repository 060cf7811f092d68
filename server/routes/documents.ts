import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { ApiErrorDetail, BatchResponse, WriteResponse } from '../../src/client/types.ts';
import { authorize } from '../http/auth.ts';
import { indexedDocument } from '../documents/indexedDocument.ts';
import { validateDocument } from '../documents/validateDocument.ts';
import type { FieldTypeConflict, PreparedDocument } from '../engine/engine.ts';
import { ApiError, unsupportedMediaType } from '../schemas/apiError.ts';
import type { SearchIndex } from '../indices/indexRegistry.ts';
import { documentIdCheck } from '../schemas/documentBody.ts';
import type { RouteOptions } from './routeOptions.ts';
import { KeyParams } from '../schemas/requestSchemas.ts';

/** Problems spelled out in the message; all of them are in `errors`. */
const MESSAGE_PROBLEMS = 10;

// Each document is checked by validateDocument, which lists every problem.
const BatchBody = Type.Object({ documents: Type.Array(Type.Unknown()) });
const IdParams = Type.Object({ key: Type.String({ minLength: 1 }), id: Type.String() });

/** Writes are heavy work for the overload guard: they share the lane of faceted searches. */
const WRITE = { lane: 'heavy' } as const;

/**
 * The indexing API (4.4-4.7): `POST .../documents/` (random id, 201 + Location),
 * `PUT .../documents:batch`, `PUT .../documents/{id}`, `PUT .../documents/` (id from the
 * body, else md5 of the URL), `GET` and `DELETE .../documents/{id}`. HTTP Basic auth;
 * JSON bodies only. A write is all or nothing, durable and searchable once answered.
 */
export const documentsRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { indices }) => {
  // Index and credentials first, before a body is even read.
  app.addHook('onRequest', async (request) => {
    const index = indices.get((request.params as KeyParams).key);
    await authorize(request, index);
  });
  // Fastify would read text/plain as a string; the API takes JSON only.
  app.addHook('preValidation', async (request) => {
    if (request.method === 'GET' || request.method === 'DELETE') return;
    if (!/^application\/json\s*(?:;|$)/i.test(request.headers['content-type'] ?? '')) throw unsupportedMediaType();
  });

  app.put('/v2/indices/:key/documents::batch', { schema: { params: KeyParams, body: BatchBody }, config: WRITE }, async (request, reply) => {
    const raw: unknown[] = request.body.documents;
    const documents = prepareAll(raw);
    await write(indexOf(request, indices), documents);
    const body: BatchResponse = { ids: documents.map((d) => d.id) };
    return reply.code(202).send(body);
  });

  const putOne = async (request: { params: KeyParams; body: unknown }, pathId: string | undefined) => {
    if (pathId !== undefined) checkPathId(pathId);
    const result = validateDocument(request.body, pathId);
    if (!result.ok) {
      const details = result.problems.map((p) => detail(p.field, p.message));
      throw new ApiError(400, 'invalid_body', `invalid document: ${details.map((d) => d.message).join('; ')}`, {
        ...(details[0]?.parameter !== undefined && { parameter: details[0].parameter }),
        details,
      });
    }
    await write(indexOf(request, indices), [result.document]);
    const body: WriteResponse = { id: result.document.id };
    return body;
  };

  app.put('/v2/indices/:key/documents/:id', { schema: { params: IdParams }, config: WRITE }, async (request, reply) =>
    reply.code(202).send(await putOne(request, request.params.id)),
  );
  app.put('/v2/indices/:key/documents/', { schema: { params: KeyParams }, config: WRITE }, async (request, reply) =>
    reply.code(202).send(await putOne(request, undefined)),
  );

  app.post('/v2/indices/:key/documents/', { schema: { params: KeyParams }, config: WRITE }, async (request, reply) => {
    const body: unknown = request.body;
    // The service picks the id (DESIGN.md); an id in the body would be silently lost.
    if (typeof body === 'object' && body !== null && 'id' in body) {
      throw new ApiError(400, 'invalid_body', 'POST assigns a random id; to choose the id, use PUT .../documents/{id}', {
        parameter: 'id',
      });
    }
    const { id } = await putOne(request, randomUUID().replaceAll('-', ''));
    const created: WriteResponse = { id };
    return reply
      .code(201)
      .header('location', `/v2/indices/${encodeURIComponent(request.params.key)}/documents/${encodeURIComponent(id)}`)
      .send(created);
  });

  app.get('/v2/indices/:key/documents/:id', { schema: { params: IdParams } }, async (request) => {
    checkPathId(request.params.id);
    const document = await indexOf(request, indices).engine.get(request.params.id);
    if (document === null) throw unknownDocument(request.params.id);
    return indexedDocument(document);
  });

  app.delete('/v2/indices/:key/documents/:id', { schema: { params: IdParams }, config: WRITE }, async (request, reply) => {
    checkPathId(request.params.id);
    if (!(await indexOf(request, indices).engine.remove(request.params.id))) throw unknownDocument(request.params.id);
    const body: WriteResponse = { id: request.params.id };
    return reply.code(202).send(body);
  });
};

/** The id of a path obeys the rules of the body's (schemas/documentBody.ts). */
export function checkPathId(id: string): void {
  const [problem] = documentIdCheck.problems(id);
  if (problem !== undefined) throw new ApiError(400, 'invalid_parameter', problem.message, { parameter: 'id' });
}

export function unknownDocument(id: string): ApiError {
  return new ApiError(404, 'not_found', `no document with id '${id}' in this index`);
}

function indexOf(request: { params: KeyParams }, indices: RouteOptions['indices']): SearchIndex {
  return indices.get(request.params.key);
}

/** Validates every document before any is written; one bad document rejects the batch. */
function prepareAll(raw: readonly unknown[]): PreparedDocument[] {
  const documents: PreparedDocument[] = [];
  const details: ApiErrorDetail[] = [];
  raw.forEach((item, position) => {
    const result = validateDocument(item);
    if (result.ok) documents.push(result.document);
    else for (const problem of result.problems) details.push(detail(problem.field, problem.message, position));
  });
  if (details.length > 0) {
    const positions = new Set(details.map((d) => d.position)).size;
    const listed = details.slice(0, MESSAGE_PROBLEMS).map((d) => `documents[${d.position}]: ${d.message}`);
    if (details.length > MESSAGE_PROBLEMS) listed.push(`and ${details.length - MESSAGE_PROBLEMS} more`);
    throw new ApiError(400, 'invalid_body', `${positions} of ${raw.length} documents are invalid; nothing was applied. ${listed.join('; ')}`, {
      parameter: 'documents',
      details,
    });
  }
  return documents;
}

async function write(index: SearchIndex, documents: readonly PreparedDocument[]): Promise<void> {
  const result = await index.engine.write(documents);
  if (result.ok) return;
  const details = result.conflicts.map((c) => detail(`custom_fields.${c.field}`, conflictMessage(c), c.position));
  const first = result.conflicts[0]!;
  throw new ApiError(
    400,
    'custom_field_type_conflict',
    `${conflictMessage(first)}; nothing was applied. A custom field keeps the type of its first value: use a new field name for values of another type`,
    { parameter: `custom_fields.${first.field}`, details },
  );
}

function conflictMessage(conflict: FieldTypeConflict): string {
  return `custom field '${conflict.field}' has type ${conflict.fieldType}, but documents[${conflict.position}] gives a ${conflict.valueType} value`;
}

function detail(field: string | undefined, message: string, position?: number): ApiErrorDetail {
  return {
    ...(position !== undefined && { position }),
    ...(field !== undefined && { parameter: field }),
    message,
  };
}
