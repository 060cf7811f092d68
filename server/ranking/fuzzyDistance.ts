/** Words shorter than this are never corrected: too many near neighbours. */
export const FUZZY_MIN_LENGTH = 4;
const STORED_MAX_LENGTH = 30;

/** How many edits a word of this length may be away from a match. */
export function fuzzyDistance(length: number): number {
  if (length < FUZZY_MIN_LENGTH) return 0;
  return length < 8 ? 1 : 2;
}

/** Whether a folded word takes part in typo matching (numbers and codes do not). */
export function isVocabularyWord(word: string): boolean {
  return word.length >= FUZZY_MIN_LENGTH - 1 && word.length <= STORED_MAX_LENGTH && !/\d/.test(word);
}
