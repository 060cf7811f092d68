/**
 * The personal stage: how close a document is to the searching user's profile, for the
 * ranking's `clicks` rule (rankCandidates.ts), bounded by the index's impact. The
 * profile's features are those of server/documents/documentFeatures.ts.
 */
import { documentFeatures } from '../documents/documentFeatures.ts';
import type { PersonalRanking, RankedText } from '../engine/engine.ts';

/**
 * Categories of the URLs ranked lately, by URL without its fragment (a page's sections
 * share its categories): reading them from a URL costs about 5 µs, a pool has up to 200
 * documents, and the same pages come back search after search. Emptied when full.
 */
const KEPT_URLS = 20_000;
const categoriesByUrl = new Map<string, readonly string[]>();

function categoryFeatures(url: string | null): readonly string[] {
  if (url === null) return documentFeatures(url, null, []);
  const hash = url.indexOf('#');
  const key = hash < 0 ? url : url.slice(0, hash);
  let features = categoriesByUrl.get(key);
  if (features === undefined) {
    if (categoriesByUrl.size >= KEPT_URLS) categoriesByUrl.clear();
    features = documentFeatures(key, null, []);
    categoriesByUrl.set(key, features);
  }
  return features;
}

/**
 * 0 (nothing in common, or no profile) to impact/100 (every feature of the document is
 * in every click of the user): the mean share of the user's clicks that had each of the
 * document's features.
 */
export function personalAffinity(personal: PersonalRanking | null, text: RankedText): number {
  if (personal === null || personal.profile.size === 0) return 0;
  const features = personal.fields.length === 0 ? categoryFeatures(text.url) : documentFeatures(text.url, text.customFields, personal.fields);
  if (features.length === 0) return 0;
  let shares = 0;
  for (const feature of features) shares += personal.profile.get(feature) ?? 0;
  return (shares / features.length) * (personal.impact / 100);
}
