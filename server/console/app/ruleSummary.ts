// One line each for the rules list: when a rule matches, what it does, and when it applies.
import type { QueryRule, RuleAnchoring, RuleCondition, RuleValidity } from '../../../src/client/types.ts';

export const ANCHORING_LABELS: Record<RuleAnchoring, string> = {
  is: 'is',
  startsWith: 'starts with',
  endsWith: 'ends with',
  contains: 'contains',
};

export function conditionSummary(condition: RuleCondition): string {
  const words =
    condition.pattern === '' && condition.anchoring === 'is' ? 'the empty search' : `${ANCHORING_LABELS[condition.anchoring]} “${condition.pattern}”`;
  return condition.filters === undefined ? words : `${words}, with a filter`;
}

/** `is “login” or contains “sign in”`. */
export function conditionsSummary(rule: QueryRule): string {
  return rule.conditions.map(conditionSummary).join(' or ');
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** `pins 2 documents, hides 1, 1 promotion, redirects`. */
export function consequenceSummary(rule: QueryRule): string {
  const c = rule.consequence;
  const parts: string[] = [];
  if (c.pin?.length) parts.push(`pins ${count(c.pin.length, 'document', 'documents')}`);
  if (c.hide?.length) parts.push(`hides ${count(c.hide.length, 'document', 'documents')}`);
  if (c.boost?.length) parts.push(count(c.boost.length, 'boost', 'boosts'));
  if (c.promotions?.length) parts.push(count(c.promotions.length, 'promotion', 'promotions'));
  if (c.replaceTerm !== undefined) parts.push(`searches “${c.replaceTerm}” instead`);
  if (c.redirect !== undefined) parts.push('redirects');
  if (c.userData !== undefined) parts.push('hands over user data');
  return parts.length === 0 ? 'nothing' : parts.join(', ');
}

const dayTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

function windowSummary(v: RuleValidity): string {
  const from = v.from === undefined ? null : dayTime.format(new Date(v.from));
  const until = v.until === undefined ? null : dayTime.format(new Date(v.until));
  if (from !== null && until !== null) return `${from} to ${until}`;
  return from !== null ? `from ${from}` : `until ${until ?? ''}`;
}

export type ValidityState = 'always' | 'now' | 'later' | 'ended';

/** Whether a rule's windows include `now`, start later, or have all ended. */
export function validityState(validity: readonly RuleValidity[] | undefined, now: number): ValidityState {
  if (validity === undefined || validity.length === 0) return 'always';
  const inside = (v: RuleValidity) => (v.from === undefined || Date.parse(v.from) <= now) && (v.until === undefined || now <= Date.parse(v.until));
  if (validity.some(inside)) return 'now';
  return validity.some((v) => v.from !== undefined && Date.parse(v.from) > now) ? 'later' : 'ended';
}

const STATE_WORDS: Record<ValidityState, string> = { always: 'Always', now: 'In force', later: 'Starts later', ended: 'Ended' };

/** `In force: 27 Nov 2026, 00:00 to 30 Nov 2026, 23:59 (UTC)`. */
export function validitySummary(validity: readonly RuleValidity[] | undefined, now: number): string {
  const state = validityState(validity, now);
  if (state === 'always') return STATE_WORDS.always;
  return `${STATE_WORDS[state]}: ${validity!.map(windowSummary).join('; ')} (UTC)`;
}
