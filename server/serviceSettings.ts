/**
 * Recommendation configurations with their defaults applied. What a config file may hold
 * is checked by its schema (schemas/configFile.ts), which names the key at fault.
 */
import type { RecommendationConfig } from './config.ts';
import { DATASET_NAME_PATTERN } from './schemas/configFile.ts';

export const RECOMMENDATION_HITS_DEFAULT = 10;

/** Dataset names and configuration keys appear in paths and queries: kept plain. */
export const DATASET_NAME = new RegExp(DATASET_NAME_PATTERN);

/** Configurations (already checked) with defaults applied. */
export function resolveRecommendations(configs: Readonly<Record<string, RecommendationConfig>>): Map<string, Required<RecommendationConfig>> {
  return new Map(
    Object.entries(configs).map(([key, { dataset, itemField, maxHits }]) => [
      key,
      { dataset, itemField: itemField ?? null, maxHits: maxHits ?? RECOMMENDATION_HITS_DEFAULT },
    ]),
  );
}
