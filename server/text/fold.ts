/**
 * Lower case without accents: the form in which words are compared, close to what
 * FTS5's `unicode61 remove_diacritics 2` tokenizer indexes.
 */
export function fold(text: string): string {
  // Most text is ASCII, or ASCII words among typographic marks (a dash, a pilcrow, quotes):
  // there folding is lower-casing, and normalising costs far more (a long page's sections and passages).
  if (!NON_ASCII.test(text) || !FOLDS_BEYOND_CASE.test(text)) return text.toLowerCase();
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** A letter, digit or mark outside ASCII: a word holding one may fold to a word it does not hold as typed. */
// eslint-disable-next-line no-control-regex
export const NON_ASCII_WORD_CHAR = /(?![\x00-\x7f])[\p{L}\p{N}\p{M}]/u;

// The whole ASCII range, NUL included, on purpose.
// eslint-disable-next-line no-control-regex
const NON_ASCII = /[^\x00-\x7f]/;

/**
 * What folding changes beyond lower case: a letter, digit or mark outside ASCII, or one
 * of the few characters outside words that canonical decomposition changes (`≠` to `=`
 * and a mark, the en and em quads to spaces, a Greek question mark to `;`). fold.test.ts
 * checks every code point against the long way, so a Unicode update that adds one fails there.
 */
const FOLDS_BEYOND_CASE = new RegExp(
  `${NON_ASCII_WORD_CHAR.source}|[\\u037e\\u0385\\u0387\\u1fc1\\u1fcd-\\u1fcf\\u1fdd-\\u1fdf\\u1fed-\\u1fef\\u1ffd\\u2000\\u2001` +
    `\\u219a\\u219b\\u21ae\\u21cd-\\u21cf\\u2204\\u2209\\u220c\\u2224\\u2226\\u2241\\u2244\\u2247\\u2249\\u2260\\u2262\\u226d-\\u2271` +
    `\\u2274\\u2275\\u2278\\u2279\\u2280\\u2281\\u2284\\u2285\\u2288\\u2289\\u22ac-\\u22af\\u22e0-\\u22e3\\u22ea-\\u22ed\\u2329\\u232a` +
    `\\u2adc\\u{1d15e}-\\u{1d164}\\u{1d1bb}-\\u{1d1c0}]`,
  'u',
);
