/**
 * An index's settings: the order of the ranking rules, a custom ranking, stop words,
 * synonyms and typo settings, and what the index learns (personalization impact,
 * suggestion settings: see config/settingsInEffect.ts). The config file's
 * `indices[].ranking`, `suggestions` and `personalization.impact` are where an index
 * starts; settings written through `PATCH /v2/indices/{key}/settings` (stored in the
 * index, kind `settings`) win, field by field (grouped settings each on its own).
 */
import type { CrawlSchedule, IndexSettings } from '../../src/client/types.ts';
import type { SuggestionSettings } from '../events/learningSettings.ts';
import type { PersonalizationSettings } from '../events/personalization.ts';
import type { SteeringEntry } from '../engine/engine.ts';
import type { SettingsPatch } from '../schemas/indexSettings.ts';
import { DEFAULT_TYPO_SETTINGS } from '../ranking/fuzzyDistance.ts';
import { DEFAULT_RANKING_RULES, type RankingRule } from '../ranking/rankCandidates.ts';
import { ENGLISH_STOP_WORDS, resolveWordRules, type WordRules } from '../ranking/wordRules.ts';

/** Settings as the config file and a PATCH give them: each field optional (see schemas/indexSettings.ts). */
export type RankingConfig = SettingsPatch;

/** What an index's entry of the config file sets of its ranking and learning; settings stored in the index win. */
export interface IndexTuning {
  /** How the index ranks: rule order, custom ranking, stop words, synonyms (docs/reference-service.md). */
  ranking?: RankingConfig;
  /** Which searched keywords are suggested, and which words never are (events/learningSettings.ts). */
  suggestions?: Partial<SuggestionSettings>;
  /**
   * Personal results by `userToken` (events/personalization.ts).
   * @default { impact: 50, fields: [], halfLifeDays: 30, profileDays: 90 }
   */
  personalization?: Partial<PersonalizationSettings>;
  /** The site recrawled on schedule (crawl/crawlSchedules.ts); the settings' `crawlSchedule` wins, null removing it. */
  crawlSchedule?: CrawlSchedule;
}

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

/** Where an index's settings start: its config file's `ranking`, `suggestions`, `personalization.impact` and `crawlSchedule`. */
export function configuredSettings(index: IndexTuning): RankingConfig {
  const impact = index.personalization?.impact;
  return {
    ...index.ranking,
    ...(impact !== undefined && { personalization: { impact } }),
    ...(index.suggestions !== undefined && { suggestions: index.suggestions }),
    ...(index.crawlSchedule !== undefined && { crawlSchedule: index.crawlSchedule }),
  };
}

/** `over` laid on `base`: each field `over` gives wins, grouped settings (typos, personalization, suggestions) field by field. */
export function overlaySettings(base: RankingConfig, over: RankingConfig): RankingConfig {
  const merged: RankingConfig = { ...base, ...over };
  if (base.typos !== undefined || over.typos !== undefined) merged.typos = { ...base.typos, ...over.typos };
  if (base.personalization !== undefined || over.personalization !== undefined) merged.personalization = { ...base.personalization, ...over.personalization };
  if (base.suggestions !== undefined || over.suggestions !== undefined) merged.suggestions = { ...base.suggestions, ...over.suggestions };
  return merged;
}

/** The ranking settings in effect, the defaults filled in (config/settingsInEffect.ts adds the learning settings). */
export type RankingSettingsInEffect = Omit<IndexSettings, 'personalization' | 'suggestions' | 'crawlSchedule'>;

/** Every ranking setting of an index, the defaults filled in: what `GET .../settings` answers of them. */
export function fullSettings(config: RankingConfig): RankingSettingsInEffect {
  return {
    rules: config.rules ?? [...DEFAULT_RANKING_RULES],
    customRanking: config.customRanking ?? [],
    synonyms: config.synonyms ?? [],
    stopWords: config.stopWords ?? [...ENGLISH_STOP_WORDS],
    typos: { ...DEFAULT_TYPO_SETTINGS, ...config.typos },
  };
}

/**
 * Stored settings read back. Only `PATCH .../settings` writes them, after checking them
 * against the schema, so they are trusted here: reader threads load no schema library.
 * A body that is not a JSON object counts as none.
 */
export function parseStoredSettings(body: string | null): RankingConfig {
  if (body === null) return {};
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as RankingConfig) : {};
  } catch {
    return {};
  }
}

/** The stored settings among an index's owner data. */
export function storedSettings(entries: readonly SteeringEntry[]): RankingConfig {
  const entry = entries.find((e) => e.kind === SETTINGS_KIND && e.id === SETTINGS_ID);
  return parseStoredSettings(entry?.body ?? null);
}
