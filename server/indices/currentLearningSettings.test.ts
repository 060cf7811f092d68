import { describe, expect, it } from 'vitest';
import { CurrentLearningSettings } from './currentLearningSettings.ts';

/** Owner data whose stored settings the test writes, counting the reads. */
function steering(body: string | null = null) {
  const store = { body, reads: 0, pending: null as ((value: string | null) => void) | null, slow: false };
  return {
    store,
    get: async () => {
      store.reads++;
      if (!store.slow) return store.body;
      return new Promise<string | null>((resolve) => (store.pending = resolve));
    },
  };
}

describe('CurrentLearningSettings', () => {
  it('lays the stored settings over the config file, with its personalization settings of what profiles keep', async () => {
    const owner = steering(JSON.stringify({ suggestions: { blockedWords: ['lime'] }, personalization: { impact: 0 } }));
    const learning = new CurrentLearningSettings(owner, { suggestions: { minSessions: 2 }, personalization: { impact: 70, fields: ['level'] } });
    expect(await learning.get()).toEqual({
      personalization: { impact: 0, fields: ['level'], halfLifeDays: 30, profileDays: 90 },
      suggestions: { minSessions: 2, minAddresses: 3, blockedWords: ['lime'] },
    });
  });

  it('reads the owner data once for requests close together, and again after a write', async () => {
    const owner = steering();
    const learning = new CurrentLearningSettings(owner, {});
    await Promise.all([learning.get(), learning.get()]);
    await learning.get();
    expect(owner.store.reads).toBe(1);
    owner.store.body = JSON.stringify({ personalization: { impact: 10 } });
    learning.forget();
    expect((await learning.get()).personalization.impact).toBe(10);
    expect(owner.store.reads).toBe(2);
  });

  it('keeps no settings read before a write that came back after it', async () => {
    const owner = steering();
    const learning = new CurrentLearningSettings(owner, {});
    owner.store.slow = true;
    const early = learning.get();
    const answer = owner.store.pending!;
    // The write lands while the read is under way: the read's answer is not kept.
    learning.forget();
    owner.store.slow = false;
    owner.store.body = JSON.stringify({ suggestions: { blockedWords: ['tea'] } });
    answer(null);
    expect((await early).suggestions.blockedWords).toEqual([]);
    expect((await learning.get()).suggestions.blockedWords).toEqual(['tea']);
  });
});
