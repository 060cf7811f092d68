import { describe, expect, it } from 'vitest';
import type { KeywordWeights } from './clickBoosts.ts';
import { CLICK_WEIGHTS_MAX_AGE_MS, ClickWeightsCache } from './clickWeightsCache.ts';

const NOW = Date.parse('2026-05-01T12:00:00Z');

/** A cache on a clock the test moves, and a store that counts its reads. */
function setup() {
  let time = 0;
  let reads = 0;
  const cache = new ClickWeightsCache(() => time);
  const read = (): KeywordWeights => ({ searchesLw: ++reads, clicks: [] });
  return { cache, read, reads: () => reads, advance: (ms: number) => void (time += ms) };
}

describe('the click weights kept per keyword', () => {
  it('are read once within the max age, and again after it', async () => {
    const { cache, read, reads, advance } = setup();
    await cache.get('kettle', NOW, read);
    advance(CLICK_WEIGHTS_MAX_AGE_MS - 1);
    expect((await cache.get('kettle', NOW, read)).searchesLw).toBe(1);
    await cache.get('teapot', NOW, read);
    expect(reads()).toBe(2);
    advance(1);
    expect((await cache.get('kettle', NOW, read)).searchesLw).toBe(3);
  });

  it('are read again for a moment further off than the max age, since they were filtered for theirs', async () => {
    const { cache, read, reads } = setup();
    await cache.get('kettle', NOW, read);
    await cache.get('kettle', NOW + CLICK_WEIGHTS_MAX_AGE_MS, read);
    expect(reads()).toBe(2);
  });

  it('are read again at once after a click for the keyword, and a read under way then is not kept', async () => {
    const { cache, read, reads } = setup();
    await cache.get('kettle', NOW, read);
    cache.forget('kettle');
    await cache.get('kettle', NOW, read);
    expect(reads()).toBe(2);
    let finish: (weights: KeywordWeights) => void = () => {};
    const pending = cache.get('teapot', NOW, () => new Promise<KeywordWeights>((resolve) => (finish = resolve)));
    cache.forget('teapot');
    finish({ searchesLw: 0, clicks: [] });
    await pending;
    await cache.get('teapot', NOW, read);
    expect(reads()).toBe(3);
  });
});
