// Query rules (`/v2/indices/{key}/rules`): when a rule applies, and what it
// does to the answer.
import type { SearchFilter } from './search.ts';

/** Where a rule's pattern must stand in the query. */
export type RuleAnchoring = 'is' | 'startsWith' | 'endsWith' | 'contains';

/**
 * When a query rule applies: the query as the service reads it (folded, word forms as in
 * ranking) is, starts with, ends with or contains `pattern`; `"pattern": ""` with `is`
 * matches `term=*`. With `filters`, only searches that carry that `filter` match.
 */
export interface RuleCondition {
  pattern: string;
  anchoring: RuleAnchoring;
  filters?: SearchFilter;
}

/** A card that is not a document, shown at a 1-based position. */
export interface RulePromotion {
  title: string;
  url: string;
  text?: string;
  image?: string;
  position: number;
}

/** What a matching rule does to the answer. */
export interface RuleConsequence {
  /** Indexed documents placed at 1-based positions, matched or not by the words (filters still apply). */
  pin?: Array<{ id: string; position: number }>;
  /** Documents left out of the answer. */
  hide?: string[];
  /** Relevance multiplied by `factor` for documents that match `filter`. */
  boost?: Array<{ filter: SearchFilter; factor: number }>;
  promotions?: RulePromotion[];
  /** Searches these words instead of the visitor's. */
  replaceTerm?: string;
  /** The page goes there instead of showing results. */
  redirect?: string;
  /** Any JSON, handed to the site's page. */
  userData?: unknown;
}

/** A window in which a rule applies; ISO 8601 date-times, either end open. */
export interface RuleValidity {
  from?: string;
  until?: string;
}

/** A query rule as written with `PUT /v2/indices/{key}/rules/{ruleId}`. */
export interface QueryRuleInput {
  description?: string;
  /** @default true */
  enabled?: boolean;
  /** Any one of them matching is enough. */
  conditions: RuleCondition[];
  consequence: RuleConsequence;
  /** Absent: always valid. */
  validity?: RuleValidity[];
}

/** A stored query rule, as the rules endpoints answer it. */
export interface QueryRule extends QueryRuleInput {
  /** 1-64 letters, digits, `_` and `-`. */
  id: string;
  enabled: boolean;
}

/** `GET /v2/indices/{key}/rules`: a page of rules, by id. */
export interface QueryRuleList {
  rules: QueryRule[];
  /** The id to pass as `after` for the next page; absent on the last page. */
  next?: string;
}

/** Query of `GET /v2/indices/{key}/rules`. */
export interface QueryRuleListParams {
  /** The rules after this id. */
  after?: string;
  /** Rules answered, 1-1000. @default 100 */
  limit?: number;
}
