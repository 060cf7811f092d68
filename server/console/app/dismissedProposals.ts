// Proposed fixes the owner dismissed, kept in this browser's localStorage per index, so
// that a dismissed proposal stays hidden on the next visit. Nothing of it reaches the
// service: another browser still lists it.
import type { StatsProposal } from '../../../src/client/types.ts';

/** What tells one proposal from another: its kind, its words and, for a pin, its document. */
export function proposalKey(proposal: StatsProposal): string {
  return JSON.stringify([proposal.kind, proposal.from, proposal.to, proposal.id ?? null]);
}

const storageKey = (index: string) => `site-search-dashboard:dismissed:${index}`;

/** The keys dismissed for `index`; none when the storage is empty, unreadable or blocked. */
export function dismissedProposals(storage: Pick<Storage, 'getItem'>, index: string): Set<string> {
  try {
    const stored: unknown = JSON.parse(storage.getItem(storageKey(index)) ?? '[]');
    return new Set(Array.isArray(stored) ? stored.filter((k): k is string => typeof k === 'string') : []);
  } catch {
    return new Set();
  }
}

/** Adds a dismissed proposal; false when the browser refuses to store it (private mode, full). */
export function dismissProposal(storage: Pick<Storage, 'getItem' | 'setItem'>, index: string, proposal: StatsProposal): boolean {
  const keys = dismissedProposals(storage, index);
  keys.add(proposalKey(proposal));
  try {
    storage.setItem(storageKey(index), JSON.stringify([...keys]));
    return true;
  } catch {
    return false;
  }
}
