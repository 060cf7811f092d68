import { describe, expect, it } from 'vitest';
import type { StatsProposal } from '../../../src/client/types.ts';
import { dismissedProposals, dismissProposal, proposalKey } from './dismissedProposals.ts';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return { items, getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v) };
}

const SYNONYM: StatsProposal = { kind: 'synonym', from: 'rounded corners', to: 'border-radius', sessions: 7, addresses: 4 };
const PIN: StatsProposal = { kind: 'pin', from: 'rounded corners', to: 'border-radius', id: 'css-border-radius', sessions: 6, addresses: 3 };

describe('dismissed proposals', () => {
  it('keeps each dismissed proposal per index, a synonym apart from a pin of the same words', () => {
    const storage = memoryStorage();
    expect(dismissProposal(storage, 'demo', SYNONYM)).toBe(true);
    expect(dismissedProposals(storage, 'demo')).toEqual(new Set([proposalKey(SYNONYM)]));
    expect(dismissedProposals(storage, 'demo').has(proposalKey(PIN))).toBe(false);
    expect(dismissedProposals(storage, 'other').size).toBe(0);
    dismissProposal(storage, 'demo', PIN);
    expect(dismissedProposals(storage, 'demo')).toEqual(new Set([proposalKey(SYNONYM), proposalKey(PIN)]));
  });

  it('reads damaged storage as nothing dismissed, and says when the browser refuses to store', () => {
    const storage = memoryStorage();
    storage.items.set('site-search-dashboard:dismissed:demo', '{not json');
    expect(dismissedProposals(storage, 'demo').size).toBe(0);
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(dismissProposal(full, 'demo', SYNONYM)).toBe(false);
  });
});
