import { boundedEditDistance } from '../text/editDistance.ts';

/**
 * Indexed words grouped by length, in memory, so finding the words near a query word
 * scans only the lengths within reach and rejects most of them after a row or two of
 * the edit-distance table.
 */
export class Vocabulary {
  private readonly byLength = new Map<number, string[]>();
  private readonly known = new Set<string>();

  constructor(words: Iterable<string> = []) {
    for (const word of words) this.add(word);
  }

  get size(): number {
    return this.known.size;
  }

  add(word: string): void {
    if (this.known.has(word)) return;
    this.known.add(word);
    let bucket = this.byLength.get(word.length);
    if (bucket === undefined) {
      bucket = [];
      this.byLength.set(word.length, bucket);
    }
    bucket.push(word);
  }

  has(word: string): boolean {
    return this.known.has(word);
  }

  /** Other words within `max` edits of `word`, closest first, at most `limit`. */
  near(word: string, max: number, limit: number): Array<{ word: string; distance: number }> {
    if (max === 0) return [];
    const found: Array<{ word: string; distance: number }> = [];
    for (let length = word.length - max; length <= word.length + max; length++) {
      for (const candidate of this.byLength.get(length) ?? []) {
        if (candidate === word) continue;
        const distance = boundedEditDistance(word, candidate, max);
        if (distance <= max) found.push({ word: candidate, distance });
      }
    }
    found.sort(
      (a, b) => a.distance - b.distance || Number(b.word[0] === word[0]) - Number(a.word[0] === word[0]) || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0),
    );
    return found.slice(0, limit);
  }
}
