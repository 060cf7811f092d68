/**
 * Why the ranked documents stand in their order (`explain=true`): for each ranking rule
 * the value it compared, and the rule that placed a document ahead of the next one, read
 * from the vectors the rules already compared (rankWithFacts), as Meilisearch's score
 * details are. Only explained searches come here: plain ones pay nothing for it.
 */
import type { RankingDetails } from '../../src/client/types.ts';
import { BODY_STEP, clickStep, customFieldNumber, NO_TITLE_MATCH, ruleWidth, type RankedCandidate, type RankingRule } from './rankCandidates.ts';

/** `decidedBy` of a page placed before its own section, which the rules alone would have put first. */
export const PAGE_BEFORE_SECTIONS = 'pageBeforeSections';

export const TIE_NOTE = 'tied with the next document on every rule: the earlier indexed comes first';
export const LAST_RANKED_NOTE = 'the last document the ranking rules ordered: the documents after it follow in the engine order';
export const UNRANKED_NOTE = 'not ordered by the ranking rules: beyond the documents they order (sorted and `*` searches have none), in the engine order';

/** Where a candidate's boost comes from, by its key; undefined for none. */
export type BoostSourcesOf = (key: number) => ReadonlyArray<{ source: string; factor: number }> | undefined;

/**
 * The details of each ranked candidate, in the same order. A boost is read as a click
 * boost unless `boostSources` tells where each part of it comes from.
 */
export function explainRanking(
  ranked: readonly RankedCandidate[],
  rules: readonly RankingRule[],
  maxBoost: number,
  boostSources?: BoostSourcesOf,
): RankingDetails[] {
  return ranked.map((current, i) => {
    const next = ranked[i + 1];
    const details: RankingDetails = {
      rules: rules.map((rule) => ({ rule, value: ruleValue(rule, current, maxBoost) })),
      decidedBy: next === undefined ? null : decidingRule(rules, current.vector, next.vector),
    };
    if (next === undefined) details.note = LAST_RANKED_NOTE;
    else if (details.decidedBy === null) details.note = TIE_NOTE;
    const boosts = boostSources === undefined ? clickBoost(current.candidate.boost) : boostSources(current.candidate.key);
    if (boosts !== undefined && boosts.length > 0) details.boosts = [...boosts];
    return details;
  });
}

function clickBoost(boost: number): Array<{ source: string; factor: number }> | undefined {
  return boost === 1 ? undefined : [{ source: 'clicks', factor: boost }];
}

/** The details of a document the rules did not order: no values to show. */
export function unrankedDetails(rules: readonly string[]): RankingDetails {
  return { rules: rules.map((rule) => ({ rule, value: null })), decidedBy: null, note: UNRANKED_NOTE };
}

/**
 * The first rule whose numbers differ between a document and the next; a later document
 * better by the rules is there because its page comes first (see pagesBeforeSections).
 */
function decidingRule(rules: readonly RankingRule[], a: readonly number[], b: readonly number[]): string | null {
  let at = 0;
  for (const rule of rules) {
    for (let k = 0; k < ruleWidth(rule); k++, at++) {
      if (a[at] === b[at]) continue;
      return a[at]! < b[at]! ? rule : PAGE_BEFORE_SECTIONS;
    }
  }
  return null;
}

/**
 * What a rule compared, as a reader counts it (not negated): `words`, `attribute`,
 * `clicks`, `body` (the step's share of the pool's best score), `bm25` and `desc(...)`
 * put higher values first; `typo`, `proximity`,
 * `concise`, `position` and `asc(...)` lower ones.
 */
function ruleValue(rule: RankingRule, { candidate, facts }: RankedCandidate, maxBoost: number): number | string | null {
  switch (rule) {
    case 'words':
      return facts.rarestWords;
    case 'typo':
      return facts.typos;
    case 'attribute':
      return facts.titleWords;
    case 'exactness':
      return [
        ...(facts.namedStopWords > 0 ? [`${facts.namedStopWords} stop words named`] : []),
        ...(facts.titleIsQuery ? ['title is the query'] : []),
        ...(facts.titleHasTyped ? ['title holds the term as typed'] : []),
        `${facts.wholeWords} whole`,
        `${facts.typedWords} as typed`,
      ].join(', ');
    case 'proximity':
      return facts.proximity;
    case 'clicks':
      return clickStep(candidate.boost, maxBoost);
    case 'body':
      return Math.round((1 + facts.bodyStep * BODY_STEP) * 100) / 100;
    case 'concise':
      if (facts.titleWords > 0) return facts.unmatchedTitleChars;
      return facts.unmatchedTitleChars >= NO_TITLE_MATCH
        ? 'title not matched'
        : `stem in title, ${facts.unmatchedTitleChars - NO_TITLE_MATCH / 2} letters left`;
    case 'position':
      return facts.titlePosition >= NO_TITLE_MATCH ? 'title not matched' : facts.titlePosition;
    case 'bm25':
      return candidate.score * candidate.boost;
    default:
      return customFieldNumber(rule, candidate);
  }
}
