import type { Alternative, QueryPlan } from './matchPlan.ts';

/**
 * Every word becomes a quoted FTS5 string, so no input (quotes, `*`, `:`, `^`,
 * parentheses, NEAR, AND, OR) can be read as query syntax.
 */
export function quoteFts(word: string): string {
  return `"${word.replaceAll('"', '""')}"`;
}

/** An FTS5 MATCH expression for query words: one group per word, joined by AND or OR. */
export interface FtsMatch {
  expression: string;
  /** Each word's own expression (the word, its prefix, its near words). */
  groups: string[];
  operator: 'and' | 'or';
}

/** The plan's slots as FTS5 groups (a slot's alternatives ORed), joined by the plan's operator; null when no slot takes part. */
export function ftsMatch(plan: QueryPlan): FtsMatch | null {
  const groups = plan.slots
    .filter((slot) => !slot.stop)
    .map((slot) => {
      const parts = slot.alternatives.map(ftsAlternative);
      return parts.length === 1 ? parts[0]! : `(${parts.join(' OR ')})`;
    });
  if (groups.length === 0) return null;
  return { expression: groups.join(plan.operator === 'or' ? ' OR ' : ' AND '), groups, operator: plan.operator };
}

/** A word or a phrase (its words next to each other); `*` lets the last word be a prefix. */
function ftsAlternative(alternative: Alternative): string {
  return quoteFts(alternative.words.join(' ')) + (alternative.prefix ? '*' : '');
}

/** The words as one phrase, the last word a prefix: what suggestions complete. */
export function ftsPhrasePrefix(words: readonly string[]): string {
  return `${quoteFts(words.join(' '))}*`;
}
