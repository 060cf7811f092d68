import type { CustomFieldValue } from '../../src/client/types.ts';
import { urlCategories } from './urlCategories.ts';

/** The most features one document counts: a document with hundreds of values cannot swell a profile. */
export const FEATURES_PER_CLICK_MAX = 32;

/**
 * What a user's profile counts of a document (personal results): its categories (from
 * its URL) as `c:...`, and the values of the chosen custom fields as `f:name=value`.
 */
export function documentFeatures(url: string | null, customFields: Readonly<Record<string, CustomFieldValue>> | null, fields: readonly string[]): string[] {
  const features = urlCategories(url).map((category) => `c:${category}`);
  for (const field of fields) {
    const raw = customFields?.[field];
    const values = raw === undefined || raw === null ? [] : Array.isArray(raw) ? raw : [raw];
    for (const value of values) features.push(`f:${field}=${String(value)}`);
  }
  return [...new Set(features)].slice(0, FEATURES_PER_CLICK_MAX);
}
