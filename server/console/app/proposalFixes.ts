// What accepting a proposed fix writes: a one-way synonym added to the index's synonyms,
// or a rule that pins the clicked document first when the search is exactly the failed words;
// and the rules that fix a keyword searched often but rarely clicked (a pin, a redirect).
import type { IndexSettings, QueryRuleInput, StatsProposal } from '../../../src/client/types.ts';

type Synonym = IndexSettings['synonyms'][number];

/** The synonyms with `from => to` added; unchanged when an entry says it already. */
export function synonymsWith(synonyms: readonly Synonym[], proposal: StatsProposal): Synonym[] {
  const known = synonyms.some((s) =>
    Array.isArray(s) ? s.includes(proposal.from) && s.includes(proposal.to) : s.from === proposal.from && s.to.includes(proposal.to),
  );
  return known ? [...synonyms] : [...synonyms, { from: proposal.from, to: [proposal.to] }];
}

/** A readable rule id for the pin of `from`: `fix-rounded-corners`, within the 64 characters an id has; `prefix` for other fixes. */
export function pinRuleId(from: string, prefix = 'fix'): string {
  const words = from
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${prefix}-${words || 'search'}`.slice(0, 64).replace(/-+$/, '');
}

export function pinRuleOf(proposal: StatsProposal & { id: string }): QueryRuleInput {
  return {
    description: `Proposed fix: “${proposal.from}” finds what “${proposal.to}” found`,
    conditions: [{ pattern: proposal.from, anchoring: 'is' }],
    consequence: { pin: [{ id: proposal.id, position: 1 }] },
  };
}

/** A rule that pins `document` first when the search is exactly `keyword` (searched often, rarely clicked). */
export function keywordPinRule(keyword: string, document: { id: string; title: string }): QueryRuleInput {
  return {
    description: `Rarely clicked: “${keyword}” shows ${document.title} first`,
    conditions: [{ pattern: keyword, anchoring: 'is' }],
    consequence: { pin: [{ id: document.id, position: 1 }] },
  };
}

/** A rule that sends a search for exactly `keyword` to `url` instead of showing results. */
export function keywordRedirectRule(keyword: string, url: string): QueryRuleInput {
  return {
    description: `Rarely clicked: “${keyword}” goes to ${url}`,
    conditions: [{ pattern: keyword, anchoring: 'is' }],
    consequence: { redirect: url },
  };
}
