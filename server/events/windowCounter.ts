/**
 * Counts by key in fixed windows of the app's clock, in memory: how profile writes are
 * limited per user and per address group. Each process counts its own; the keys kept
 * are bounded, the least recently used going first.
 */
import { LRUCache } from 'lru-cache';

export class WindowCounter {
  private readonly windows: LRUCache<string, { start: number; count: number }>;

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    keys = 100_000,
  ) {
    this.windows = new LRUCache({ max: keys });
  }

  /** Whether `key` may take one more at `now`: counts it when it may. */
  take(key: string, now: number): boolean {
    const kept = this.windows.get(key);
    if (kept === undefined || now - kept.start >= this.windowMs || now < kept.start) {
      this.windows.set(key, { start: now, count: 1 });
      return this.max >= 1;
    }
    if (kept.count >= this.max) return false;
    kept.count += 1;
    return true;
  }

  /** Whether `key` has room for one more at `now`, without counting it. */
  room(key: string, now: number): boolean {
    const kept = this.windows.get(key);
    return kept === undefined || now - kept.start >= this.windowMs || now < kept.start || kept.count < this.max;
  }
}
