/**
 * An index's ranking settings from the config file (`indices[].ranking`): the order of
 * the ranking rules, a custom ranking, stop words and synonyms.
 */
import { DEFAULT_RANKING_RULES, isRankingRule, type RankingRule } from './rankCandidates.ts';
import { checkWordSettings, resolveWordRules, type WordRules, type WordSettings } from './wordRules.ts';

export interface RankingConfig extends WordSettings {
  /** The ranking rules in order; replaces the default order. */
  rules?: RankingRule[];
  /** `desc(custom_fields.NAME)` / `asc(...)` rules placed before `bm25` (after the text rules). */
  customRanking?: RankingRule[];
}

/** How an index orders and reads queries, ready for searches. */
export interface RankingSettings {
  words: WordRules;
  rules: readonly RankingRule[];
  /** The largest click boost (clickRanking.maxBoost), against which the `clicks` rule steps. */
  maxBoost: number;
}

export function resolveRankingSettings(config: RankingConfig = {}, maxBoost = 1): RankingSettings {
  const rules = [...(config.rules ?? DEFAULT_RANKING_RULES)];
  const custom = config.customRanking ?? [];
  if (custom.length > 0) {
    const at = rules.indexOf('bm25');
    rules.splice(at < 0 ? rules.length : at, 0, ...custom);
  }
  return { words: resolveWordRules(config), rules, maxBoost };
}

export const DEFAULT_RANKING_SETTINGS: RankingSettings = resolveRankingSettings();

/** Checks `ranking` of a config file's index; throws an Error that names the setting at fault. */
export function checkRankingConfig(value: unknown, where: string): RankingConfig {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${where} must be an object`);
  const { rules, customRanking, ...words } = value as Record<string, unknown>;
  const config: RankingConfig = checkWordSettings(words, where);
  if (rules !== undefined) config.rules = ruleList(rules, `${where}.rules`);
  if (customRanking !== undefined) {
    config.customRanking = ruleList(customRanking, `${where}.customRanking`);
    if (!config.customRanking.every((rule) => rule.includes('('))) {
      throw new Error(`${where}.customRanking takes asc(custom_fields.NAME) and desc(custom_fields.NAME) rules`);
    }
  }
  return config;
}

function ruleList(value: unknown, where: string): RankingRule[] {
  const known = `${DEFAULT_RANKING_RULES.join(', ')}, asc(custom_fields.NAME), desc(custom_fields.NAME)`;
  if (!Array.isArray(value)) throw new Error(`${where} must be an array of rules (${known})`);
  const seen = new Set<string>();
  return value.map((rule: unknown, i) => {
    if (typeof rule !== 'string' || !isRankingRule(rule)) throw new Error(`${where}[${i}] must be one of ${known}`);
    if (seen.has(rule)) throw new Error(`${where} lists '${rule}' twice`);
    seen.add(rule);
    return rule;
  });
}
