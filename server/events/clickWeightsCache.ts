import { LRUCache } from 'lru-cache';
import type { KeywordWeights } from './clickBoosts.ts';

/**
 * A keyword's click weights are used this long before they are read again, so a search
 * typed or paged through in quick succession asks the store once. Clicks stored by
 * another process (another node on PostgreSQL) count within a second; one stored through
 * this process drops its keyword's weights at once.
 */
export const CLICK_WEIGHTS_MAX_AGE_MS = 500;
/** Keywords kept at most: the oldest read goes first. */
const KEYWORDS_MAX = 1_000;

/**
 * The click weights of the keywords searched lately, per event store. Weights read at one
 * `now` serve another only as close as the max age: they were filtered for that moment.
 */
export class ClickWeightsCache {
  private readonly kept = new LRUCache<string, { weights: KeywordWeights; at: number; now: number }>({ max: KEYWORDS_MAX });
  /** Counts drops, so that a read that started before one does not keep what it read. */
  private dropped = 0;

  constructor(private readonly clock: () => number = () => performance.now()) {}

  /** The weights of `keyword` (normalised) as of `now`, from `read` unless read within the max age. */
  async get(keyword: string, now: number, read: () => KeywordWeights | Promise<KeywordWeights>): Promise<KeywordWeights> {
    const at = this.clock();
    const cached = this.kept.get(keyword);
    if (cached !== undefined && at - cached.at < CLICK_WEIGHTS_MAX_AGE_MS && Math.abs(now - cached.now) < CLICK_WEIGHTS_MAX_AGE_MS) return cached.weights;
    const dropped = this.dropped;
    const weights = await read();
    if (dropped === this.dropped) {
      this.kept.delete(keyword);
      this.kept.set(keyword, { weights, at, now });
    }
    return weights;
  }

  /** After clicks for `keyword` (normalised) were stored through this process. */
  forget(keyword: string): void {
    this.dropped++;
    this.kept.delete(keyword);
  }
}
