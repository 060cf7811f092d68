/**
 * The query rules stage: which of an index's rules match a search, and what they do
 * together. Rules are read from the owner's data and indexed once per version (see
 * SteeringCache), by the keys of their patterns' words, so a search looks up a few keys
 * instead of testing every rule: `is` by the whole pattern, `startsWith` by its first
 * word, `endsWith` by its last, `contains` by its first (tested at every word of the
 * query). Words compare folded and by word form (`logins` matches `login`, see
 * wordFormKey), whole words only.
 */
import type { QueryRule, RuleAnchoring, RulePromotion } from '../../src/client/types.ts';
import type { FilterNode, SteeringEntry } from '../engine/engine.ts';
import { wordFormKey } from '../ranking/wordForms.ts';
import { validityTime } from '../schemas/validityTime.ts';
import { parseFilter } from '../schemas/parseFilter.ts';
import { foldedWords } from '../text/words.ts';

/** A promotion card placed by a rule; `n` is its place in the rule's `promotions`, from 0. */
export interface PlacedPromotion extends RulePromotion {
  ruleId: string;
  n: number;
}

/** What the rules that match a search do, merged. */
export interface RuleEffects {
  /** The ids of the rules that matched, most specific first. */
  applied: string[];
  /** The words searched instead of the visitor's (null: every document), when a rule replaces them. */
  replaceWords?: string[] | null;
  hide: string[];
  /** At most one per position and per document; positions are 1-based over the whole answer. */
  pins: Array<{ id: string; position: number; ruleId: string }>;
  promotions: PlacedPromotion[];
  boosts: Array<{ filter: FilterNode; factor: number; ruleId: string }>;
  redirect?: string;
  userData?: unknown;
}

const SPECIFICITY: Record<RuleAnchoring, number> = { is: 3, startsWith: 2, endsWith: 2, contains: 1 };

interface CompiledRule {
  id: string;
  rule: QueryRule;
  /** Epoch-millisecond windows; null: always. */
  windows: Array<{ from: number; until: number }> | null;
  boosts: Array<{ filter: FilterNode; factor: number }>;
  replaceWords: string[] | null | undefined;
  conditions: CompiledCondition[];
}

interface CompiledCondition {
  rule: CompiledRule;
  anchoring: RuleAnchoring;
  keys: string[];
  /** The condition's filter, in canonical form; null: any search. */
  filter: string | null;
}

/** The enabled rules of an index, indexed for matching. */
export interface RuleIndex {
  size: number;
  is: Map<string, CompiledCondition[]>;
  startsWith: Map<string, CompiledCondition[]>;
  endsWith: Map<string, CompiledCondition[]>;
  contains: Map<string, CompiledCondition[]>;
}

/** Builds the index of the rules among the owner's data (a SteeringView). */
export function ruleIndex(entries: readonly SteeringEntry[]): RuleIndex {
  const index: RuleIndex = { size: 0, is: new Map(), startsWith: new Map(), endsWith: new Map(), contains: new Map() };
  for (const entry of entries) {
    if (entry.kind !== 'rule') continue;
    const compiled = compileRule(entry);
    if (compiled === null) continue;
    index.size++;
    for (const c of compiled.conditions) {
      // An empty pattern can only be `is` (schemas/queryRule.ts): it matches `*`.
      const key = c.anchoring === 'is' ? c.keys.join(' ') : c.anchoring === 'endsWith' ? c.keys[c.keys.length - 1] : c.keys[0];
      if (key === undefined) continue;
      const map = index[c.anchoring];
      const list = map.get(key) ?? [];
      list.push(c);
      map.set(key, list);
    }
  }
  return index;
}

/**
 * A stored rule ready for matching; null when disabled, or when it cannot be read (a
 * rule the routes checked always can: one broken entry must not break every search).
 */
function compileRule(entry: SteeringEntry): CompiledRule | null {
  try {
    const rule = JSON.parse(entry.body) as QueryRule;
    if (!rule.enabled) return null;
    const compiled: CompiledRule = {
      id: entry.id,
      conditions: [],
      rule,
      windows:
        rule.validity === undefined
          ? null
          : rule.validity.map((w) => ({
              from: w.from === undefined ? -Infinity : validityTime(w.from),
              until: w.until === undefined ? Infinity : validityTime(w.until),
            })),
      boosts: (rule.consequence.boost ?? []).map((b) => ({ filter: parseFilter(JSON.stringify(b.filter)), factor: b.factor })),
      replaceWords: rule.consequence.replaceTerm === undefined ? undefined : searchWords(rule.consequence.replaceTerm),
    };
    compiled.conditions = rule.conditions.map((condition) => ({
      rule: compiled,
      anchoring: condition.anchoring,
      keys: foldedWords(condition.pattern).map(wordFormKey),
      filter: condition.filters === undefined ? null : filterKey(parseFilter(JSON.stringify(condition.filters))),
    }));
    return compiled;
  } catch {
    return null;
  }
}

/** The words a replacement term searches: `*` is every document. */
function searchWords(term: string): string[] | null {
  return term.trim() === '*' ? null : foldedWords(term);
}

/** A filter as text that is the same for filters that differ only in the order of and/or parts or keys. */
export function filterKey(node: FilterNode): string {
  switch (node.op) {
    case 'and':
    case 'or':
      return `${node.op}(${node.nodes.map(filterKey).sort().join(',')})`;
    case 'not':
      return `not(${filterKey(node.node)})`;
    default:
      // Keys sorted into a new object, not through a replacer array: a JSON.stringify
      // polyfilled by a library (PDF.js loads one) may ignore the array's order.
      return JSON.stringify(Object.fromEntries(Object.entries(node).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));
  }
}

/**
 * The rules matching a search's words (null: `*`) and filter at `now`, merged: the most
 * specific rule first (`is`, then `startsWith`/`endsWith`, then `contains`; then by id),
 * which wins a position, a replacement, a redirect and userData; hides and boosts add up.
 */
export function matchRules(index: RuleIndex, words: readonly string[] | null, filter: FilterNode | null, now: number): RuleEffects {
  const effects: RuleEffects = { applied: [], hide: [], pins: [], promotions: [], boosts: [] };
  if (index.size === 0) return effects;
  const keys = (words ?? []).map(wordFormKey);
  const search = filter === null ? null : filterKey(filter);
  const matched = new Map<CompiledRule, number>();
  const consider = (conditions: readonly CompiledCondition[] | undefined, test: (c: CompiledCondition) => boolean) => {
    for (const c of conditions ?? []) {
      if (c.filter !== null && c.filter !== search) continue;
      if (!test(c)) continue;
      matched.set(c.rule, Math.max(matched.get(c.rule) ?? 0, SPECIFICITY[c.anchoring]));
    }
  };
  const startsAt = (c: CompiledCondition, at: number) => at + c.keys.length <= keys.length && c.keys.every((k, i) => keys[at + i] === k);
  consider(index.is.get(keys.join(' ')), () => true);
  if (keys.length > 0) {
    consider(index.startsWith.get(keys[0]!), (c) => startsAt(c, 0));
    consider(index.endsWith.get(keys[keys.length - 1]!), (c) => startsAt(c, keys.length - c.keys.length));
    const seen = new Set<string>();
    keys.forEach((key, at) => {
      if (seen.has(key)) return;
      seen.add(key);
      consider(index.contains.get(key), (c) => keys.some((_, i) => i >= at && startsAt(c, i)));
    });
  }
  const rules = [...matched]
    .filter(([rule]) => rule.windows === null || rule.windows.some((w) => w.from <= now && now <= w.until))
    .sort(([a, x], [b, y]) => y - x || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map(([rule]) => rule);
  return merge(rules, effects);
}

function merge(rules: readonly CompiledRule[], effects: RuleEffects): RuleEffects {
  const positions = new Set<number>();
  const pinned = new Set<string>();
  const hidden = new Set<string>();
  for (const rule of rules) for (const id of rule.rule.consequence.hide ?? []) hidden.add(id);
  for (const compiled of rules) {
    const { consequence } = compiled.rule;
    effects.applied.push(compiled.id);
    if (compiled.replaceWords !== undefined && effects.replaceWords === undefined) effects.replaceWords = compiled.replaceWords;
    if (consequence.redirect !== undefined) effects.redirect ??= consequence.redirect;
    if (consequence.userData !== undefined && !('userData' in effects)) effects.userData = consequence.userData;
    // A rule's own pins and promotions take positions before a less specific rule's.
    for (const pin of consequence.pin ?? []) {
      if (positions.has(pin.position) || pinned.has(pin.id) || hidden.has(pin.id)) continue;
      positions.add(pin.position);
      pinned.add(pin.id);
      effects.pins.push({ id: pin.id, position: pin.position, ruleId: compiled.id });
    }
    (consequence.promotions ?? []).forEach((promotion, n) => {
      if (positions.has(promotion.position)) return;
      positions.add(promotion.position);
      effects.promotions.push({ ...promotion, ruleId: compiled.id, n });
    });
    effects.boosts.push(...compiled.boosts.map((boost) => ({ ...boost, ruleId: compiled.id })));
  }
  effects.hide = [...hidden];
  return effects;
}
