import { apiUrl, type ApiContext } from './apiContext.ts';
import type { RequestOptions } from './request.ts';
import { sendRequest } from './sendRequest.ts';
import type { QueryRule, QueryRuleInput, QueryRuleList, QueryRuleListParams } from './types.ts';
import { invalidParameter } from './validate.ts';

// Query rules, an addition of the reference service: HTTP Basic, JSON.

const RULES = '/v2/indices/{key}/rules';
/** The service's rule ids: 1-64 letters, digits, `_` and `-`. */
const RULE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** `GET .../rules`: a page of the index's rules, by id (100 unless `limit` says otherwise). */
export async function listRules(context: ApiContext, params: QueryRuleListParams = {}, options?: RequestOptions): Promise<QueryRuleList> {
  if (params.after !== undefined && !RULE_ID.test(params.after)) throw invalidParameter('after', 'after must be a rule id');
  const query = { ...(params.after !== undefined && { after: params.after }), ...(params.limit !== undefined && { limit: params.limit }) };
  const answer = await sendRequest<QueryRuleList>(
    context.transport,
    { method: 'GET', url: apiUrl(context, 'indexing', RULES, query), authorization: context.authorization },
    options,
  );
  return answer.body ?? { rules: [] };
}

/** Every rule of the index, by id, read a page of 1,000 at a time. */
export async function allRules(context: ApiContext, options?: RequestOptions): Promise<QueryRule[]> {
  const rules: QueryRule[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await listRules(context, { limit: 1000, ...(after !== undefined && { after }) }, options);
    rules.push(...page.rules);
    if (page.next === undefined) return rules;
    after = page.next;
  }
}

/** `GET .../rules/{ruleId}`. */
export async function getRule(context: ApiContext, id: string, options?: RequestOptions): Promise<QueryRule> {
  const answer = await sendRequest<QueryRule>(context.transport, { method: 'GET', url: ruleUrl(context, id), authorization: context.authorization }, options);
  return answer.body!;
}

/** `PUT .../rules/{ruleId}`: creates or replaces; the answer is the rule as stored. */
export async function putRule(context: ApiContext, id: string, rule: QueryRuleInput, options?: RequestOptions): Promise<QueryRule> {
  const answer = await sendRequest<QueryRule>(
    context.transport,
    { method: 'PUT', url: ruleUrl(context, id), body: rule, authorization: context.authorization },
    options,
  );
  return answer.body!;
}

/** `DELETE .../rules/{ruleId}`. */
export async function deleteRule(context: ApiContext, id: string, options?: RequestOptions): Promise<{ id: string }> {
  const answer = await sendRequest<{ id: string }>(
    context.transport,
    { method: 'DELETE', url: ruleUrl(context, id), authorization: context.authorization },
    options,
  );
  return answer.body ?? { id };
}

function ruleUrl(context: ApiContext, id: string): string {
  if (!RULE_ID.test(id)) throw invalidParameter('ruleId', 'ruleId must be 1-64 characters of A-Z, a-z, 0-9, _ and -');
  return apiUrl(context, 'indexing', `${RULES}/${id}`);
}
