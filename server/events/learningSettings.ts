/**
 * The per-index settings of what the service learns from searches and clicks: which
 * searched keywords are suggested to everyone, and which failed searches are proposed as
 * fixes. Set per index in the config file (or `buildApp`'s `indices`); the suggestion
 * settings are index settings too (`PATCH /v2/indices/{key}/settings`, see
 * indices/currentLearningSettings.ts).
 */
import type { SuggestionSettings } from '../../src/client/types.ts';
import { DEFAULT_SUGGESTED_KEYWORD_RULE } from './searchedKeywords.ts';
import { foldedWords } from '../text/words.ts';

export type { SuggestionSettings };

/**
 * How many distinct sessions, address groups (IPv4 /24, IPv6 /48) and UTC days must have
 * made the same pair before it is proposed; more sessions on a keyword that fails often
 * (see PROPOSAL_SHARE in proposals.ts).
 */
export interface ProposalRule {
  /** @default 5 */
  minSessions: number;
  /** Address groups. @default 3 */
  minAddresses: number;
  /** UTC days the pair was made on, by the app's clock: a burst of one day proposes nothing. @default 2 */
  minDays: number;
}

export const DEFAULT_PROPOSAL_RULE: Readonly<ProposalRule> = { minSessions: 5, minAddresses: 3, minDays: 2 };

/** An index's suggestion settings with the defaults filled in. */
export function suggestionSettings(given: Partial<SuggestionSettings> | undefined): SuggestionSettings {
  return { ...DEFAULT_SUGGESTED_KEYWORD_RULE, blockedWords: [], ...given };
}

/** When a keyword is suggested, without the blocked words: what the event stores count by. */
export function suggestedRule({ minSessions, minAddresses }: SuggestionSettings): { minSessions: number; minAddresses: number } {
  return { minSessions, minAddresses };
}

/** An index's proposal rule with the defaults filled in. */
export function proposalRule(given: Partial<ProposalRule> | undefined): ProposalRule {
  return { ...DEFAULT_PROPOSAL_RULE, ...given };
}

/** A test of suggestions against blocked words: true for a suggestion that has none of them. */
export function withoutBlockedWords(blockedWords: readonly string[]): (suggestion: string) => boolean {
  const blocked = new Set(blockedWords.flatMap((word) => foldedWords(word)));
  if (blocked.size === 0) return () => true;
  return (suggestion) => !foldedWords(suggestion).some((word) => blocked.has(word));
}
