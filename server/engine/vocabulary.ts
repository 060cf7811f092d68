import { boundedEditDistance } from '../text/editDistance.ts';

/** Words shorter than this are never corrected: too many near neighbours. */
export const FUZZY_MIN_LENGTH = 4;
const STORED_MAX_LENGTH = 30;

/** How many edits a word of this length may be away from a match. */
export function fuzzyDistance(length: number): number {
  if (length < FUZZY_MIN_LENGTH) return 0;
  return length < 8 ? 1 : 2;
}

/** Whether a folded word belongs in the fuzzy vocabulary (numbers and codes do not). */
export function isVocabularyWord(word: string): boolean {
  return word.length >= FUZZY_MIN_LENGTH - 1 && word.length <= STORED_MAX_LENGTH && !/\d/.test(word);
}

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

  /** Other words within the fuzzy distance of `word`, closest first, at most `limit`. */
  near(word: string, limit: number): string[] {
    const max = fuzzyDistance(word.length);
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
      (a, b) =>
        a.distance - b.distance ||
        Number(b.word[0] === word[0]) - Number(a.word[0] === word[0]) ||
        (a.word < b.word ? -1 : a.word > b.word ? 1 : 0),
    );
    return found.slice(0, limit).map((f) => f.word);
  }
}
