/**
 * What an engine matches for a query: the words of each slot and the ways each may be
 * matched. The plan is made above the engines (server/ranking/queryPlan.ts); engines
 * translate it into their own query language and never make it themselves.
 */

/** How an alternative relates to what was typed, best first. */
export type AlternativeKind = 'exact' | 'form' | 'join' | 'split' | 'synonym' | 'typo';

/** One way to match one or more query words. */
export interface Alternative {
  /** Folded words; more than one: a phrase, the words next to each other. */
  words: readonly string[];
  /** The last word also matches words it begins. */
  prefix: boolean;
  /** Edits from what was typed (typo alternatives only). */
  typos: number;
  kind: AlternativeKind;
  /** The query words it stands for, by index, inclusive: a join or a phrase synonym spans several. */
  from: number;
  to: number;
}

/** One query word and what may match it; the first alternative is the word as typed. */
export interface QuerySlot {
  word: string;
  /**
   * A stop word among other words: it neither has to match nor counts in ranking
   * (`how to use fetch` searches `use fetch`).
   */
  stop: boolean;
  alternatives: Alternative[];
}

export interface QueryPlan {
  slots: QuerySlot[];
  /** The folded term as typed when its punctuation carries meaning (see SearchQuery.typed). */
  typed: string | null;
  /** Whether every slot must match (`and`) or any (`or`). */
  operator: 'and' | 'or';
}
