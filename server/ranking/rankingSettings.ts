/**
 * An index's ranking settings: the order of the ranking rules, a custom ranking, stop
 * words, synonyms and typo settings. The config file's `indices[].ranking` is where an
 * index starts; settings written through `PATCH /v2/indices/{key}/settings` (stored in
 * the index, kind `settings`) win, field by field (typo settings each on its own).
 */
import type { IndexSettings } from '../../src/client/types.ts';
import type { SteeringEntry } from '../engine/engine.ts';
import { isRankingSettingsPatch, type RankingSettingsPatch } from '../schemas/indexSettings.ts';
import { DEFAULT_TYPO_SETTINGS } from './fuzzyDistance.ts';
import { DEFAULT_RANKING_RULES, type RankingRule } from './rankCandidates.ts';
import { ENGLISH_STOP_WORDS, resolveWordRules, type WordRules } from './wordRules.ts';

/** Settings as the config file and a PATCH give them: each field optional (see schemas/indexSettings.ts). */
export type RankingConfig = RankingSettingsPatch;

/** Where the stored settings live in the index's owner data. */
export const SETTINGS_KIND = 'settings';
export const SETTINGS_ID = '';

/** How an index orders and reads queries, ready for searches. */
export interface RankingSettings {
  words: WordRules;
  rules: readonly RankingRule[];
  /** The largest click boost (clickRanking.maxBoost), against which the `clicks` rule steps. */
  maxBoost: number;
}

/** What an index's searches start from: its config file settings, and the click boost ceiling. */
export interface RankingBase {
  config: RankingConfig;
  maxBoost: number;
}

export const DEFAULT_RANKING_BASE: RankingBase = { config: {}, maxBoost: 1 };

export function resolveRankingSettings(config: RankingConfig = {}, maxBoost = 1): RankingSettings {
  const rules = [...((config.rules as RankingRule[] | undefined) ?? DEFAULT_RANKING_RULES)];
  const custom = (config.customRanking as RankingRule[] | undefined) ?? [];
  if (custom.length > 0) {
    const at = rules.indexOf('bm25');
    rules.splice(at < 0 ? rules.length : at, 0, ...custom);
  }
  return { words: resolveWordRules(config), rules, maxBoost };
}

export const DEFAULT_RANKING_SETTINGS: RankingSettings = resolveRankingSettings();

/** `over` laid on `base`: each field `over` gives wins, typo settings field by field. */
export function overlaySettings(base: RankingConfig, over: RankingConfig): RankingConfig {
  const merged: RankingConfig = { ...base, ...over };
  if (base.typos !== undefined || over.typos !== undefined) merged.typos = { ...base.typos, ...over.typos };
  return merged;
}

/** Every setting of an index, the defaults filled in: what `GET .../settings` answers. */
export function fullSettings(config: RankingConfig): IndexSettings {
  return {
    rules: config.rules ?? [...DEFAULT_RANKING_RULES],
    customRanking: config.customRanking ?? [],
    synonyms: config.synonyms ?? [],
    stopWords: config.stopWords ?? [...ENGLISH_STOP_WORDS],
    typos: { ...DEFAULT_TYPO_SETTINGS, ...config.typos },
  };
}

/** Stored settings read back; a body that is not (or no longer) valid settings counts as none. */
export function parseStoredSettings(body: string | null): RankingConfig {
  if (body === null) return {};
  try {
    const value: unknown = JSON.parse(body);
    return isRankingSettingsPatch(value) ? value : {};
  } catch {
    return {};
  }
}

/** The stored settings among an index's owner data. */
export function storedSettings(entries: readonly SteeringEntry[]): RankingConfig {
  const entry = entries.find((e) => e.kind === SETTINGS_KIND && e.id === SETTINGS_ID);
  return parseStoredSettings(entry?.body ?? null);
}
