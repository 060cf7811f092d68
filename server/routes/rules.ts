import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { QueryRule, QueryRuleList } from '../../src/client/types.ts';
import { checkBasicAuth } from '../http/auth.ts';
import { ApiError, unsupportedMediaType } from '../schemas/apiError.ts';
import { readQueryRule, ruleIdCheck, RULES_PER_INDEX_MAX } from '../schemas/queryRule.ts';
import { KeyParams } from '../schemas/requestSchemas.ts';
import type { RouteOptions } from './routeOptions.ts';

const RuleParams = Type.Object({ key: Type.String({ minLength: 1 }), ruleId: Type.String() });

/** A rule write is small, but still a write: it waits with document writes when the service is overloaded. */
const WRITE = { lane: 'heavy' } as const;
const READ = { lane: 'read' } as const;

/**
 * Query rules (an addition of the reference service): `PUT`, `GET` and `DELETE
 * /v2/indices/{key}/rules/{ruleId}`, `GET /v2/indices/{key}/rules`. HTTP Basic auth with
 * the index's credentials, as the indexing API. A rule written applies to the next
 * searches on every node within a second (see pipeline/queryRules.ts).
 */
export const rulesRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { indices }) => {
  app.addHook('onRequest', async (request) => {
    checkBasicAuth(indices.get((request.params as KeyParams).key), request.headers.authorization);
  });
  app.addHook('preValidation', async (request) => {
    if (request.method !== 'PUT') return;
    if (!/^application\/json\s*(?:;|$)/i.test(request.headers['content-type'] ?? '')) throw unsupportedMediaType();
  });

  app.get('/v2/indices/:key/rules', { schema: { params: KeyParams }, config: READ }, async (request) => {
    const stored = await indices.get(request.params.key).engine.steering.list('rule');
    const body: QueryRuleList = { rules: stored.map(({ body }) => JSON.parse(body) as QueryRule) };
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
    const steering = indices.get(request.params.key).engine.steering;
    if ((await steering.get('rule', id)) === null && (await steering.count('rule')) >= RULES_PER_INDEX_MAX) {
      throw new ApiError(400, 'invalid_body', `an index keeps at most ${RULES_PER_INDEX_MAX} rules; delete one first`);
    }
    await steering.put('rule', id, JSON.stringify(rule));
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
