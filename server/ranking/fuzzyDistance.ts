import { FUZZY_MIN_LENGTH } from '../text/vocabularyWord.ts';

export { FUZZY_MIN_LENGTH, isVocabularyWord } from '../text/vocabularyWord.ts';

/** How many edits a word of this length may be away from a match. */
export function fuzzyDistance(length: number): number {
  if (length < FUZZY_MIN_LENGTH) return 0;
  return length < 8 ? 1 : 2;
}
