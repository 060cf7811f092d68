import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { QueryRule, QueryRuleList } from '../../src/client/types.ts';
import { authorize } from '../http/auth.ts';
import { ApiError, unsupportedMediaType } from '../schemas/apiError.ts';
import {
  INDEX_RULE_BYTES_MAX,
  readQueryRule,
  RULE_BYTES_MAX,
  RULE_ID_PATTERN,
  ruleIdCheck,
  RULES_PAGE_DEFAULT,
  RULES_PAGE_MAX,
  RULES_PER_INDEX_MAX,
} from '../schemas/queryRule.ts';
import { KeyParams } from '../schemas/requestSchemas.ts';
import type { RouteOptions } from './routeOptions.ts';

const RuleParams = Type.Object({ key: Type.String({ minLength: 1 }), ruleId: Type.String() });
const RulesQuerystring = Type.Object({
  after: Type.Optional(Type.String({ pattern: RULE_ID_PATTERN })),
  limit: Type.Integer({ minimum: 1, maximum: RULES_PAGE_MAX, default: RULES_PAGE_DEFAULT }),
});

/** The byte caps of rules (schemas/queryRule.ts); a test lowers the index's. */
export interface RuleLimits {
  ruleBytes: number;
  indexBytes: number;
}

export const DEFAULT_RULE_LIMITS: RuleLimits = { ruleBytes: RULE_BYTES_MAX, indexBytes: INDEX_RULE_BYTES_MAX };

const bytes = (n: number) => n.toLocaleString('en-US');

/** A rule write is small, but still a write: it waits with document writes when the service is overloaded. */
const WRITE = { lane: 'heavy' } as const;
const READ = { lane: 'read' } as const;

/**
 * Query rules (an addition of the reference service): `PUT`, `GET` and `DELETE
 * /v2/indices/{key}/rules/{ruleId}`, `GET /v2/indices/{key}/rules`. HTTP Basic auth with
 * the index's credentials, as the indexing API. A rule written applies to the next
 * searches on every node within a second (see pipeline/queryRules.ts).
 */
export const rulesRoutes: FastifyPluginAsyncTypebox<RouteOptions & { limits: RuleLimits }> = async (app, { indices, limits }) => {
  app.addHook('onRequest', async (request) => {
    await authorize(request, indices.get((request.params as KeyParams).key));
  });
  app.addHook('preValidation', async (request) => {
    if (request.method !== 'PUT') return;
    if (!/^application\/json\s*(?:;|$)/i.test(request.headers['content-type'] ?? '')) throw unsupportedMediaType();
  });

  // A page at a time: all the rules of an index at once could pass what a string holds.
  app.get('/v2/indices/:key/rules', { schema: { params: KeyParams, querystring: RulesQuerystring }, config: READ }, async (request) => {
    const { after, limit } = request.query;
    const stored = await indices.get(request.params.key).engine.steering.list('rule', { after: after ?? null, limit: limit + 1 });
    const page = stored.slice(0, limit);
    const body: QueryRuleList = { rules: page.map(({ body }) => JSON.parse(body) as QueryRule) };
    if (stored.length > limit) body.next = page[page.length - 1]!.id;
    return body;
  });

  app.get('/v2/indices/:key/rules/:ruleId', { schema: { params: RuleParams }, config: READ }, async (request) => {
    const id = checkRuleId(request.params.ruleId);
    const body = await indices.get(request.params.key).engine.steering.get('rule', id);
    if (body === null) throw unknownRule(id);
    return JSON.parse(body) as QueryRule;
  });

  app.put('/v2/indices/:key/rules/:ruleId', { schema: { params: RuleParams }, config: WRITE }, async (request) => {
    const id = checkRuleId(request.params.ruleId);
    const rule = readQueryRule(id, request.body);
    const text = JSON.stringify(rule);
    const size = Buffer.byteLength(text);
    if (size > limits.ruleBytes) {
      throw new ApiError(400, 'invalid_body', `a rule takes at most ${bytes(limits.ruleBytes)} bytes as JSON; this one takes ${bytes(size)}`);
    }
    const steering = indices.get(request.params.key).engine.steering;
    const before = await steering.get('rule', id);
    const stored = await steering.size('rule');
    if (before === null && stored.count >= RULES_PER_INDEX_MAX) {
      throw new ApiError(400, 'invalid_body', `an index keeps at most ${RULES_PER_INDEX_MAX} rules; delete one first`);
    }
    const total = stored.bytes - (before === null ? 0 : Buffer.byteLength(before)) + size;
    if (total > limits.indexBytes) {
      throw new ApiError(
        400,
        'invalid_body',
        `the rules of an index take at most ${bytes(limits.indexBytes)} bytes as JSON; with this one they would take ${bytes(total)}: delete or shorten a rule first`,
      );
    }
    await steering.put('rule', id, text);
    return rule;
  });

  app.delete('/v2/indices/:key/rules/:ruleId', { schema: { params: RuleParams }, config: WRITE }, async (request) => {
    const id = checkRuleId(request.params.ruleId);
    if (!(await indices.get(request.params.key).engine.steering.remove('rule', id))) throw unknownRule(id);
    return { id };
  });
};

function checkRuleId(id: string): string {
  const [problem] = ruleIdCheck.problems(id);
  if (problem !== undefined) throw new ApiError(400, 'invalid_parameter', `ruleId ${problem.message}`, { parameter: 'ruleId' });
  return id;
}

function unknownRule(id: string): ApiError {
  return new ApiError(404, 'not_found', `no rule with id '${id}' in this index`);
}
