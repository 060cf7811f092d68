/** Words shorter than this are never corrected: too many near neighbours. */
export const FUZZY_MIN_LENGTH = 4;
/** Longer words are kept out of near-word lookups. */
export const STORED_MAX_LENGTH = 30;

/**
 * Whether a folded word takes part in typo matching (numbers and codes do not, but a name
 * ending in a version or a size does: `sqlite3`, `base64`): the words an engine keeps for
 * near-word lookups.
 */
export function isVocabularyWord(word: string): boolean {
  return word.length >= FUZZY_MIN_LENGTH - 1 && word.length <= STORED_MAX_LENGTH && !/\d/.test(word.replace(NAME_NUMBER, ''));
}

/** A name's number: one or two digits after three letters at least. */
const NAME_NUMBER = /(?<=\D{3})\d{1,2}$/u;
