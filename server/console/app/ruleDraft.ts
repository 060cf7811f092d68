// A query rule as the rule editor holds it: every field as typed (numbers and JSON as
// text), so that nothing the owner wrote is lost while it is wrong. `ruleOfDraft` turns it
// into the API's rule, naming each problem by the path the API's 400 would name
// (`consequence.pin[0].position`), so that the form shows both kinds beside the same field.
import type { QueryRule, QueryRuleInput, RuleAnchoring, RuleConsequence, RuleValidity, SearchFilter } from '../../../src/client/types.ts';

export interface ConditionDraft {
  key: number;
  pattern: string;
  anchoring: RuleAnchoring;
  /** The search's `filter` JSON the condition also needs; '' for none. */
  filters: string;
}

export interface DocumentRef {
  key: number;
  id: string;
  /** What the picker showed, for the owner's eyes only. */
  title: string;
}

export interface PinDraft extends DocumentRef {
  position: string;
}

export interface BoostDraft {
  key: number;
  filter: string;
  factor: string;
}

export interface PromotionDraft {
  key: number;
  title: string;
  url: string;
  text: string;
  image: string;
  position: string;
}

/** A validity window as `datetime-local` values, read as UTC; '' for an open end. */
export interface ValidityDraft {
  key: number;
  from: string;
  until: string;
}

export interface RuleDraft {
  id: string;
  description: string;
  enabled: boolean;
  conditions: ConditionDraft[];
  pins: PinDraft[];
  hides: DocumentRef[];
  boosts: BoostDraft[];
  promotions: PromotionDraft[];
  replaceTerm: string;
  redirect: string;
  userData: string;
  validity: ValidityDraft[];
}

/** Problems by the API path of the field at fault; '' for the rule as a whole. */
export type Problems = Record<string, string>;

export const RULE_ID = /^[A-Za-z0-9_-]{1,64}$/;

let keys = 0;
/** A key for a new row of a list, so that Preact keeps each row's inputs with it. */
export const nextKey = (): number => ++keys;

export function emptyCondition(pattern = ''): ConditionDraft {
  return { key: nextKey(), pattern, anchoring: 'is', filters: '' };
}

export function emptyDraft(): RuleDraft {
  return {
    id: '',
    description: '',
    enabled: true,
    conditions: [emptyCondition()],
    pins: [],
    hides: [],
    boosts: [],
    promotions: [],
    replaceTerm: '',
    redirect: '',
    userData: '',
    validity: [],
  };
}

const json = (value: unknown): string => (value === undefined ? '' : JSON.stringify(value, null, 2));

/** `2026-11-27T00:00:00Z` → `2026-11-27T00:00` (UTC), the value a `datetime-local` input takes. */
export function localInputOf(iso: string | undefined): string {
  if (iso === undefined) return '';
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : new Date(time).toISOString().slice(0, 16);
}

/** `2026-11-27T00:00` (UTC) → `2026-11-27T00:00:00Z`; seconds kept when given. */
export function isoOfLocalInput(value: string): string {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? `${value}:00Z` : `${value}Z`;
}

export function draftOfRule(rule: QueryRule): RuleDraft {
  const c = rule.consequence;
  return {
    id: rule.id,
    description: rule.description ?? '',
    enabled: rule.enabled,
    conditions: rule.conditions.map((x) => ({ key: nextKey(), pattern: x.pattern, anchoring: x.anchoring, filters: json(x.filters) })),
    pins: (c.pin ?? []).map((p) => ({ key: nextKey(), id: p.id, title: '', position: String(p.position) })),
    hides: (c.hide ?? []).map((id) => ({ key: nextKey(), id, title: '' })),
    boosts: (c.boost ?? []).map((b) => ({ key: nextKey(), filter: json(b.filter), factor: String(b.factor) })),
    promotions: (c.promotions ?? []).map((p) => ({
      key: nextKey(),
      title: p.title,
      url: p.url,
      text: p.text ?? '',
      image: p.image ?? '',
      position: String(p.position),
    })),
    replaceTerm: c.replaceTerm ?? '',
    redirect: c.redirect ?? '',
    userData: json(c.userData),
    validity: (rule.validity ?? []).map((v) => ({ key: nextKey(), from: localInputOf(v.from), until: localInputOf(v.until) })),
  };
}

/** The rule the draft describes, and what is wrong with it (nothing when `problems` is empty). */
export function ruleOfDraft(draft: RuleDraft): { rule: QueryRuleInput; problems: Problems } {
  const problems: Problems = {};
  const problem = (path: string, message: string) => {
    problems[path] ??= message;
  };

  if (!RULE_ID.test(draft.id)) problem('id', 'The id needs 1 to 64 letters, digits, _ or -.');
  if (draft.conditions.length === 0) problem('conditions', 'Add at least one condition.');
  const conditions = draft.conditions.map((c, i) => {
    const filters = c.filters.trim() === '' ? undefined : filterOf(c.filters, `conditions[${i}].filters`, problem);
    return { pattern: c.pattern.trim(), anchoring: c.anchoring, ...(filters === undefined ? {} : { filters }) };
  });
  conditions.forEach((c, i) => {
    if (c.pattern === '' && c.anchoring !== 'is') problem(`conditions[${i}].pattern`, 'Only “is” may have an empty pattern (it matches the empty search).');
  });

  const consequence: RuleConsequence = {};
  if (draft.pins.length > 0) {
    consequence.pin = draft.pins.map((p, i) => ({ id: p.id, position: position(p.position, `consequence.pin[${i}].position`, problem) }));
  }
  if (draft.hides.length > 0) consequence.hide = draft.hides.map((h) => h.id);
  if (draft.boosts.length > 0) {
    consequence.boost = draft.boosts.map((b, i) => {
      const factor = Number(b.factor);
      if (b.factor.trim() === '' || !Number.isFinite(factor) || factor <= 0)
        problem(`consequence.boost[${i}].factor`, 'The factor is a number above 0, such as 2 or 0.5.');
      return { filter: filterOf(b.filter, `consequence.boost[${i}].filter`, problem) ?? {}, factor };
    });
  }
  if (draft.promotions.length > 0) {
    consequence.promotions = draft.promotions.map((p, i) => {
      if (p.title.trim() === '') problem(`consequence.promotions[${i}].title`, 'A promotion needs a title.');
      if (!webAddress(p.url)) problem(`consequence.promotions[${i}].url`, 'The link is a web address starting with https:// or http://.');
      if (p.image.trim() !== '' && !webAddress(p.image))
        problem(`consequence.promotions[${i}].image`, 'The image is a web address starting with https:// or http://.');
      return {
        title: p.title.trim(),
        url: p.url.trim(),
        ...(p.text.trim() === '' ? {} : { text: p.text.trim() }),
        ...(p.image.trim() === '' ? {} : { image: p.image.trim() }),
        position: position(p.position, `consequence.promotions[${i}].position`, problem),
      };
    });
  }
  if (draft.replaceTerm.trim() !== '') consequence.replaceTerm = draft.replaceTerm.trim();
  if (draft.redirect.trim() !== '') consequence.redirect = draft.redirect.trim();
  if (draft.userData.trim() !== '') {
    try {
      consequence.userData = JSON.parse(draft.userData) as unknown;
    } catch {
      problem('consequence.userData', 'This is not JSON: check quotes, commas and brackets.');
    }
  }
  if (Object.keys(consequence).length === 0) problem('consequence', 'The rule does nothing yet: pin, hide, boost, promote, replace the words or redirect.');

  const validity: RuleValidity[] = draft.validity.map((v, i) => {
    if (v.from === '' && v.until === '') problem(`validity[${i}].from`, 'Give a start, an end or both.');
    if (v.from !== '' && v.until !== '' && isoOfLocalInput(v.from) >= isoOfLocalInput(v.until))
      problem(`validity[${i}].until`, 'The end must be after the start.');
    return { ...(v.from === '' ? {} : { from: isoOfLocalInput(v.from) }), ...(v.until === '' ? {} : { until: isoOfLocalInput(v.until) }) };
  });

  const rule: QueryRuleInput = {
    ...(draft.description.trim() === '' ? {} : { description: draft.description.trim() }),
    enabled: draft.enabled,
    conditions,
    consequence,
    ...(validity.length === 0 ? {} : { validity }),
  };
  return { rule, problems };
}

function filterOf(text: string, path: string, problem: (path: string, message: string) => void): SearchFilter | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    problem(path, 'This is not JSON: a filter looks like {"custom_fields.area": "css"}.');
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    problem(path, 'A filter is a JSON object, such as {"custom_fields.area": "css"}.');
    return undefined;
  }
  return value as SearchFilter;
}

function position(text: string, path: string, problem: (path: string, message: string) => void): number {
  const n = Number(text);
  if (!/^\s*\d+\s*$/.test(text) || n < 1) problem(path, 'The position is a whole number from 1 (the top).');
  return n;
}

function webAddress(text: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(text.trim()).protocol);
  } catch {
    return false;
  }
}

/**
 * The field an error of the API belongs to: its `parameter` if the form has that field,
 * else the nearest enclosing one (`consequence.boost[0].filter.x` → `consequence.boost[0].filter`),
 * else the rule as a whole ('').
 */
export function fieldOfParameter(parameter: string | undefined, fields: ReadonlySet<string>): string {
  let path = parameter ?? '';
  while (path !== '') {
    if (fields.has(path)) return path;
    path = path.replace(/(\[\d+\]|\.[^.[\]]*|^[^.[\]]*)$/, '');
  }
  return '';
}

/** Every path the rule editor shows an error beside, for the draft as it stands. */
export function fieldPaths(draft: RuleDraft): Set<string> {
  const paths = [
    'id',
    'description',
    'enabled',
    'conditions',
    'consequence',
    'consequence.pin',
    'consequence.hide',
    'consequence.boost',
    'consequence.promotions',
  ];
  paths.push('consequence.replaceTerm', 'consequence.redirect', 'consequence.userData', 'validity');
  draft.conditions.forEach((_, i) => paths.push(`conditions[${i}]`, `conditions[${i}].pattern`, `conditions[${i}].anchoring`, `conditions[${i}].filters`));
  draft.pins.forEach((_, i) => paths.push(`consequence.pin[${i}]`, `consequence.pin[${i}].position`));
  draft.hides.forEach((_, i) => paths.push(`consequence.hide[${i}]`));
  draft.boosts.forEach((_, i) => paths.push(`consequence.boost[${i}]`, `consequence.boost[${i}].filter`, `consequence.boost[${i}].factor`));
  draft.promotions.forEach((_, i) => {
    for (const field of ['', '.title', '.url', '.text', '.image', '.position']) paths.push(`consequence.promotions[${i}]${field}`);
  });
  draft.validity.forEach((_, i) => paths.push(`validity[${i}]`, `validity[${i}].from`, `validity[${i}].until`));
  return new Set(paths);
}
