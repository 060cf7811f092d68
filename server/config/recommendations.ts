/**
 * Recommendation configurations with their defaults applied. What a config file may hold
 * is checked by its schema (config/configFile.ts), which names the key at fault.
 */
import { DATASET_NAME_PATTERN } from './configFile.ts';

/** A recommendation configuration: which dataset's events, and how items name documents. */
export interface RecommendationConfig {
  /** The `{dataset_name}` whose events are used. */
  dataset: string;
  /** The custom field whose value is the item id; absent or null: items are document ids. */
  itemField?: string | null;
  /** Most hits answered. @default 10 */
  maxHits?: number;
}

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
