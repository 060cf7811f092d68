/**
 * The personal stage: how close a document is to the searching user's profile, for the
 * ranking's `clicks` rule (rankCandidates.ts), bounded by the index's impact.
 */
import { documentFeatures } from '../documents/documentFeatures.ts';
import type { PersonalRanking, RankedText } from '../engine/engine.ts';

/**
 * 0 (nothing in common, or no profile) to impact/100 (every feature of the document is
 * in every click of the user): the mean share of the user's clicks that had each of the
 * document's features.
 */
export function personalAffinity(personal: PersonalRanking | null, text: RankedText): number {
  if (personal === null || personal.profile.size === 0) return 0;
  const features = documentFeatures(text.url, text.customFields, personal.fields);
  if (features.length === 0) return 0;
  let shares = 0;
  for (const feature of features) shares += personal.profile.get(feature) ?? 0;
  return (shares / features.length) * (personal.impact / 100);
}
