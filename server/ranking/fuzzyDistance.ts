import type { TypoSettings } from '../../src/client/types.ts';
import { FUZZY_MIN_LENGTH } from '../text/vocabularyWord.ts';

export { FUZZY_MIN_LENGTH, isVocabularyWord } from '../text/vocabularyWord.ts';

/** Words of this length and longer may take two typos, unless the index's settings say otherwise. */
const TWO_TYPOS_MIN_LENGTH = 8;

export const DEFAULT_TYPO_SETTINGS: TypoSettings = {
  minWordLengthForOneTypo: FUZZY_MIN_LENGTH,
  minWordLengthForTwoTypos: TWO_TYPOS_MIN_LENGTH,
  disableOnWords: [],
};

/** The index's typo settings, ready for queries: words never corrected, folded. */
export interface TypoRules extends Pick<TypoSettings, 'minWordLengthForOneTypo' | 'minWordLengthForTwoTypos'> {
  never: ReadonlySet<string>;
}

/** How many edits a word of this length may be away from a match. */
export function fuzzyDistance(length: number, typos: Omit<TypoRules, 'never'> = DEFAULT_TYPO_SETTINGS): number {
  if (length < typos.minWordLengthForOneTypo) return 0;
  return length < typos.minWordLengthForTwoTypos ? 1 : 2;
}
