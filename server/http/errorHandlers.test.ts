// No engine: how a route schema's 400 is worded, beside the service's own schema checks.
import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../src/client/types.ts';
import { errorHandler, ROUTE_SCHEMA_OPTIONS } from './errorHandlers.ts';
import { schemaCheck } from '../schemas/schemaProblems.ts';

const Query = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: 300 }),
  sort: Type.Optional(Type.Union([Type.Literal('date'), Type.Literal('relevance')])),
  code: Type.Optional(Type.String({ pattern: '^[a-z]+$', errorMessage: 'must be lower-case letters' })),
});
const Body = Type.Object({
  name: Type.String({ minLength: 1 }),
  tags: Type.Optional(Type.Array(Type.String(), { maxItems: 2 })),
  code: Type.Optional(Type.String({ pattern: '^[a-z]+$', errorMessage: 'must be lower-case letters' })),
});

let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  app = Fastify({ ajv: ROUTE_SCHEMA_OPTIONS }).withTypeProvider<TypeBoxTypeProvider>();
  app.setErrorHandler(errorHandler);
  app.get('/things', { schema: { querystring: Query } }, async () => ({}));
  app.post('/things', { schema: { body: Body } }, async () => ({}));
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app.close();
});

async function refusal(path: string, body?: unknown): Promise<ApiErrorBody['error']> {
  const response = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body !== undefined && { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  expect(response.status).toBe(400);
  return ((await response.json()) as ApiErrorBody).error;
}

describe('a 400 from a route schema', () => {
  it('words a query parameter as the service words the same value in its own checks', async () => {
    const query = schemaCheck(Query, 'the request');
    for (const [search, value] of [
      ['limit=0', { limit: 0 }],
      ['limit=301', { limit: 301 }],
      ['limit=2.5', { limit: 2.5 }],
      ['limit=1&sort=size', { limit: 1, sort: 'size' }],
      ['limit=1&code=ABC', { limit: 1, code: 'ABC' }],
      ['sort=date', { sort: 'date' }],
    ] as const) {
      const [problem] = query.problems(value);
      expect(await refusal(`/things?${search}`), search).toMatchObject({
        code: 'invalid_parameter',
        parameter: problem!.field,
        message: problem!.message,
      });
    }
  });

  it('words a body field as the service words the same value in its own checks', async () => {
    const body = schemaCheck(Body, 'the body');
    for (const value of [{}, { name: '' }, { name: 'a', tags: ['a', 'b', 'c'] }, { name: 'a', code: 'ABC' }]) {
      const [problem] = body.problems(value);
      expect(await refusal('/things', value), JSON.stringify(value)).toMatchObject({
        code: 'invalid_body',
        parameter: problem!.field,
        message: problem!.message,
      });
    }
  });

  it('says a query parameter given twice must be given once', async () => {
    expect(await refusal('/things?limit=1&limit=2')).toMatchObject({ parameter: 'limit', message: 'limit must be given only once' });
  });
});
