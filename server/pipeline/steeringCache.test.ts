import { describe, expect, it } from 'vitest';
import type { IndexReader, SteeringEntry, SteeringSnapshot } from '../engine/engine.ts';
import { SteeringCache } from './steeringCache.ts';

/** A reader whose owner data is `current`, counting how often it was read whole. */
function fakeReader(current: () => SteeringSnapshot): { reader: IndexReader; reads: () => number } {
  let reads = 0;
  const reader = {
    steering: async (since: string | null) => {
      const snapshot = current();
      if (snapshot.version === since) return null;
      reads++;
      return snapshot;
    },
  } as Partial<IndexReader> as IndexReader;
  return { reader, reads: () => reads };
}

describe('SteeringCache', () => {
  it('builds a view once per version of the owner data', async () => {
    let snapshot: SteeringSnapshot = { version: '1', entries: [{ kind: 'rule', id: 'a', body: '{}' }] };
    const { reader } = fakeReader(() => snapshot);
    const cache = new SteeringCache();
    let built = 0;
    const ids = (entries: readonly SteeringEntry[]) => {
      built++;
      return entries.map((e) => e.id);
    };
    expect(await cache.read(reader, ids)).toEqual(['a']);
    expect(await cache.read(reader, ids)).toEqual(['a']);
    expect(built).toBe(1);
    snapshot = { version: '2', entries: [{ kind: 'rule', id: 'b', body: '{}' }] };
    expect(await cache.read(reader, ids)).toEqual(['b']);
    expect(built).toBe(2);
  });

  it('keeps a newer version when an older answer comes back after it', async () => {
    const answers: SteeringSnapshot[] = [
      { version: '3', entries: [{ kind: 'rule', id: 'new', body: '{}' }] },
      { version: '2', entries: [{ kind: 'rule', id: 'old', body: '{}' }] },
    ];
    const reader = { steering: async () => answers.shift() ?? null } as Partial<IndexReader> as IndexReader;
    const cache = new SteeringCache();
    const ids = (entries: readonly SteeringEntry[]) => entries.map((e) => e.id);
    expect(await cache.read(reader, ids)).toEqual(['new']);
    expect(await cache.read(reader, ids)).toEqual(['new']);
  });
});
